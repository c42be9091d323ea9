/**
 * Where the MRZ is on a (straightened) document image, and what each of its character cells holds, from the ink
 * alone. ICAO 9303 prints the MRZ in a fixed pitch, every position holding one character, so a line is a row of
 * 30, 36 or 44 evenly spaced glyphs; and of the MRZ's characters (A-Z, 0-9, '<') only the '<' filler is shorter
 * than a capital and shaped as a chevron. Knowing which cells are fillers from the image makes the read reliable: a general OCR
 * model reads runs of '<' as 'K', 'L', 'C' or drops some, which would shift every later position.
 */
import { components, type Box, type Component, type InkImage } from './gray-image.ts';

export type CellKind = 'filler' | 'glyph' | 'empty';

export type MrzLineGeometry = {
  /** The line's band (its capital height) in image pixels. */
  y0: number;
  y1: number;
  /** Left edge of cell 0 and the pitch, so cell i spans [left + i·pitch, left + (i+1)·pitch). */
  left: number;
  pitch: number;
  cells: CellKind[];
  fillers: Component[];
};

export type MrzGeometry = { length: 30 | 36 | 44; lines: MrzLineGeometry[]; box: Box };

const LENGTHS = [30, 36, 44] as const;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

type Candidate = { y0: number; y1: number; height: number; chain: Component[]; first: number; last: number; pitch: number; length: 30 | 36 | 44 };

/** Rows of glyph-sized components (text lines), from a histogram of the rows each component covers. */
function textBands(glyphs: Component[], imageHeight: number): { y0: number; y1: number }[] {
  const rows = new Uint16Array(imageHeight);
  for (const c of glyphs) for (let y = c.y0; y <= c.y1; y++) rows[y] = (rows[y] ?? 0) + 1;
  const bands: { y0: number; y1: number }[] = [];
  let start = -1;
  for (let y = 0; y <= imageHeight; y++) {
    const on = y < imageHeight && (rows[y] ?? 0) >= 8;
    if (on && start < 0) start = y;
    if (!on && start >= 0) {
      bands.push({ y0: start, y1: y - 1 });
      start = -1;
    }
  }
  return bands;
}

function lineCandidate(band: { y0: number; y1: number }, glyphs: Component[]): Candidate | null {
  const inBand = glyphs.filter((c) => {
    const cy = (c.y0 + c.y1) / 2;
    return cy >= band.y0 && cy <= band.y1;
  });
  if (inBand.length < 15) return null;
  const height = quantile(
    inBand.map((c) => c.y1 - c.y0 + 1),
    0.75,
  );
  // The longest run of components without a wide gap: one line of text, not the clutter beside it.
  const sorted = inBand.filter((c) => c.y1 - c.y0 + 1 >= height * 0.25).sort((a, b) => a.x0 - b.x0);
  let best: Component[] = [];
  let run: Component[] = [];
  for (const c of sorted) {
    const prev = run[run.length - 1];
    if (prev && c.x0 - prev.x1 > height * 2) {
      if (run.length > best.length) best = run;
      run = [];
    }
    run.push(c);
  }
  if (run.length > best.length) best = run;
  if (best.length < 15) return null;
  const centers = best.map((c) => (c.x0 + c.x1) / 2);
  const steps: number[] = [];
  for (let i = 1; i < centers.length; i++) steps.push((centers[i] ?? 0) - (centers[i - 1] ?? 0));
  const step = median(steps);
  if (step <= 0) return null;
  const first = centers[0] ?? 0;
  const last = centers[centers.length - 1] ?? 0;
  const estimate = (last - first) / step + 1;
  const length = LENGTHS.find((n) => Math.abs(n - estimate) <= Math.max(1.5, n * 0.05));
  if (!length || best.length < length * 0.5) return null;
  const pitch = (last - first) / (length - 1);
  // A fixed-pitch MRZ glyph is about as high as the pitch is wide (OCR-B: 2.4 mm high, 2.54 mm pitch).
  if (height < pitch * 0.5 || height > pitch * 2) return null;
  const y0 = Math.min(...best.map((c) => c.y0));
  const y1 = Math.max(...best.map((c) => c.y1));
  return { y0, y1, height, chain: best, first, last, pitch, length };
}

/**
 * A '<': at its left end the ink is one point in the middle, at its right end two arm ends (top and bottom) with a
 * gap between. No other MRZ character has that shape ('K' is its mirror image, 'X' has arms on both sides).
 */
function isChevron(ink: InkImage, c: Component): boolean {
  const w = c.x1 - c.x0 + 1;
  const h = c.y1 - c.y0 + 1;
  if (w < 3 || h < 3) return false;
  const strip = Math.max(1, Math.round(w * 0.2));
  const rowsWithInk = (xa: number, xb: number): boolean[] => {
    const rows: boolean[] = [];
    for (let y = c.y0; y <= c.y1; y++) {
      let any = false;
      for (let x = xa; x <= xb && !any; x++) any = ink.data[y * ink.width + x] === 1;
      rows.push(any);
    }
    return rows;
  };
  const leftRows = rowsWithInk(c.x0, c.x0 + strip - 1);
  const rightRows = rowsWithInk(c.x1 - strip + 1, c.x1);
  const inkRows = leftRows.flatMap((on, i) => (on ? [i] : []));
  const leftSpan = inkRows.length > 0 ? (inkRows[inkRows.length - 1] ?? 0) - (inkRows[0] ?? 0) + 1 : h;
  const leftMid = inkRows.length > 0 ? ((inkRows[0] ?? 0) + (inkRows[inkRows.length - 1] ?? 0)) / 2 / h : 0;
  const band = (from: number, to: number) => rightRows.slice(Math.floor(h * from), Math.ceil(h * to));
  const rightTop = band(0, 0.25).some(Boolean);
  const rightBottom = band(0.75, 1).some(Boolean);
  const rightMiddleEmpty = !band(0.4, 0.6).some(Boolean);
  return leftSpan <= h * 0.45 && leftMid > 0.3 && leftMid < 0.7 && rightTop && rightBottom && rightMiddleEmpty;
}

function cellsOf(ink: InkImage, candidate: Candidate, left: number, pitch: number): MrzLineGeometry {
  const { length, chain, height } = candidate;
  const cells: CellKind[] = new Array<CellKind>(length).fill('empty');
  const fillers: Component[] = [];
  // The capital height, from the highest tops and lowest bottoms (a line may be more than half fillers, which sit
  // in the middle of it).
  const sized = chain.filter((c) => c.y1 - c.y0 + 1 >= height * 0.5);
  const top = quantile(
    sized.map((c) => c.y0),
    0.1,
  );
  const bottom = quantile(
    sized.map((c) => c.y1),
    0.9,
  );
  const middle = (top + bottom) / 2;
  const capHeight = Math.max(1, bottom - top + 1);
  for (const c of chain) {
    const h = c.y1 - c.y0 + 1;
    const cy = (c.y0 + c.y1) / 2;
    // Shorter than a capital, in the middle of the line, and shaped like '<'.
    const isFiller = h <= capHeight * 0.92 && Math.abs(cy - middle) <= capHeight * 0.2 && isChevron(ink, c);
    // Cells whose centre the component covers; a narrow glyph ('I', '1') may cover none: then the nearest.
    const firstCell = Math.max(0, Math.ceil((c.x0 - left) / pitch - 0.5));
    const lastCell = Math.min(length - 1, Math.floor((c.x1 - left) / pitch - 0.5));
    const covered: number[] = [];
    for (let i = firstCell; i <= lastCell; i++) covered.push(i);
    if (covered.length === 0) {
      const nearest = Math.floor(((c.x0 + c.x1) / 2 - left) / pitch);
      if (nearest >= 0 && nearest < length) covered.push(nearest);
    }
    if (isFiller) fillers.push(c);
    for (const i of covered) {
      if (cells[i] === 'glyph') continue;
      cells[i] = isFiller ? 'filler' : 'glyph';
    }
  }
  return { y0: top, y1: bottom, left, pitch, cells, fillers };
}

/** The MRZ of the image: the bottom-most group of 2 or 3 aligned lines of one length, or null when there is none. */
export function findMrz(ink: InkImage): MrzGeometry | null {
  const all = components(ink, { x0: 0, y0: 0, x1: ink.width, y1: ink.height });
  const maxHeight = ink.height * 0.12;
  const glyphs = all.filter((c) => {
    const h = c.y1 - c.y0 + 1;
    const w = c.x1 - c.x0 + 1;
    return h >= 5 && h <= maxHeight && c.pixels >= 8 && w <= ink.width * 0.5;
  });
  const candidates = textBands(glyphs, ink.height)
    .map((band) => lineCandidate(band, glyphs))
    .filter((c): c is Candidate => c !== null);
  for (let end = candidates.length - 1; end >= 0; end--) {
    const lastLine = candidates[end];
    if (!lastLine) continue;
    const count = lastLine.length === 30 ? 3 : 2;
    const group = candidates.slice(end - count + 1, end + 1);
    if (group.length !== count) continue;
    const aligned = group.every(
      (c, i) =>
        c.length === lastLine.length &&
        Math.abs(c.pitch - lastLine.pitch) <= lastLine.pitch * 0.08 &&
        Math.abs(c.first - lastLine.first) <= lastLine.pitch * 0.7 &&
        (i === 0 || c.y0 - (group[i - 1]?.y1 ?? 0) <= lastLine.height * 2.5),
    );
    if (!aligned) continue;
    // One pitch and left edge for all lines: the MRZ is printed as one block.
    const pitch = median(group.map((c) => c.pitch));
    const left = median(group.map((c) => c.first)) - pitch / 2;
    const lines = group.map((c) => cellsOf(ink, c, left, pitch));
    const box = {
      x0: left,
      y0: Math.min(...group.map((c) => c.y0)),
      x1: left + pitch * lastLine.length,
      y1: Math.max(...group.map((c) => c.y1)),
    };
    return { length: lastLine.length, lines, box };
  }
  return null;
}
