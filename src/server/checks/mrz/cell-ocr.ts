/**
 * Reads the characters of an MRZ whose cells are known (mrz-geometry.ts): the fillers are painted out, so the OCR
 * sees only the letters and digits, as words with gaps; each recognised character is then put into the cell it lies
 * in. Fillers become '<' from the geometry, and a character cell the OCR left empty becomes '?' (not read).
 */
import type { Canvas } from '@napi-rs/canvas';
import { drawToCanvas } from './gray-image.ts';
import type { MrzGeometry } from './mrz-geometry.ts';
import type { MrzOcr } from './mrz-ocr.ts';

/** The MRZ area of the image with its margin, in image pixels. */
export function mrzArea(geometry: MrzGeometry, canvas: Canvas): { x: number; y: number; width: number; height: number } {
  const lineHeight = Math.max(...geometry.lines.map((l) => l.y1 - l.y0 + 1));
  const pitch = geometry.lines[0]?.pitch ?? lineHeight;
  const x = Math.max(0, Math.floor(geometry.box.x0 - pitch));
  const y = Math.max(0, Math.floor(geometry.box.y0 - lineHeight * 0.7));
  const x1 = Math.min(canvas.width, Math.ceil(geometry.box.x1 + pitch));
  const y1 = Math.min(canvas.height, Math.ceil(geometry.box.y1 + lineHeight * 0.7));
  return { x, y, width: x1 - x, height: y1 - y };
}

/** `capPx`: the capital height the OCR image is scaled to (the LSTM model reads best at a few tens of pixels). */
export async function readCells(canvas: Canvas, geometry: MrzGeometry, reader: MrzOcr, capPx: number): Promise<string[]> {
  const area = mrzArea(geometry, canvas);
  const capHeight = geometry.lines.reduce((sum, l) => sum + (l.y1 - l.y0 + 1), 0) / geometry.lines.length;
  const scale = capPx / capHeight;
  const image = drawToCanvas(canvas, area.width * scale, area.height * scale, (ctx) => {
    ctx.drawImage(canvas, area.x, area.y, area.width, area.height, 0, 0, area.width * scale, area.height * scale);
    ctx.fillStyle = '#ffffff';
    for (const line of geometry.lines) {
      for (const f of line.fillers) {
        ctx.fillRect((f.x0 - 1 - area.x) * scale, (f.y0 - 1 - area.y) * scale, (f.x1 - f.x0 + 3) * scale, (f.y1 - f.y0 + 3) * scale);
      }
    }
  });
  const result = await reader.recognize(new Uint8Array(image.encodeSync('png')));

  const lines = geometry.lines.map((l) => l.cells.map((kind): string => (kind === 'filler' ? '<' : '?')));
  const confidences = geometry.lines.map((l) => l.cells.map((kind): number => (kind === 'filler' ? 100 : 0)));
  for (const symbol of result.symbols) {
    if (!/^[A-Z0-9]$/.test(symbol.text)) continue;
    const x = ((symbol.bbox.x0 + symbol.bbox.x1) / 2) / scale + area.x;
    const y = ((symbol.bbox.y0 + symbol.bbox.y1) / 2) / scale + area.y;
    const li = geometry.lines.findIndex((l) => {
      const slack = (l.y1 - l.y0) * 0.4;
      return y >= l.y0 - slack && y <= l.y1 + slack;
    });
    const line = geometry.lines[li];
    if (!line) continue;
    const cell = Math.floor((x - line.left) / line.pitch);
    if (line.cells[cell] !== 'glyph') continue;
    const row = lines[li];
    const conf = confidences[li];
    if (!row || !conf || (conf[cell] ?? 0) >= symbol.confidence + 1e-9) continue;
    row[cell] = symbol.text;
    conf[cell] = Math.max(symbol.confidence, 1e-6);
  }
  return lines.map((row) => row.join(''));
}
