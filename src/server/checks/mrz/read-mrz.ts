/**
 * The MRZ check's reader: finds and reads the machine-readable zone of an identity document image (JPEG, PNG, or
 * a PDF's first page) and verifies its check digits. Its result is evidence for the KYC reviewer (with the image
 * of the zone it read), never a decision. Steps: straighten the image (deskew.ts), locate the MRZ and its character
 * cells (mrz-geometry.ts), OCR the letters and digits (cell-ocr.ts, one tesseract.js worker), fix confusions by
 * position type and parse (mrz-text.ts). When a check digit fails or a character is not read, it reads again at a
 * slightly different angle and scale and merges the reads (merge-readings.ts).
 */
import type { Canvas } from '@napi-rs/canvas';
import { mrzArea, readCells } from './cell-ocr.ts';
import { estimateSkewDegrees } from './deskew.ts';
import { loadDocumentImage, type DecodeImage, type DocumentMimeType } from './document-image.ts';
import { binarize, drawToCanvas, rotateCanvas, toGray } from './gray-image.ts';
import { findMrz, type MrzGeometry } from './mrz-geometry.ts';
import type { MrzOcr } from './mrz-ocr.ts';
import { mergeReadings } from './merge-readings.ts';
import { correctByPosition, formatOf, interpretMrz, type CheckDigit, type MrzFields, type MrzFormat } from './mrz-text.ts';

export type { CheckDigit, MrzFields, MrzFormat } from './mrz-text.ts';

export type MrzReading = {
  outcome: 'read' | 'unreadable';
  format: MrzFormat | null;
  /** As read: '<' fillers, '?' where a character could not be read. */
  lines: string[];
  fields: MrzFields | null;
  checkDigits: CheckDigit[];
  /** The zone the lines were read from (straightened, scaled down), for the reviewer to compare by eye. */
  crop: { pngBase64: string; width: number; height: number } | null;
  rotationTriedDegrees: number[];
  /** What the reviewer should know about how it was read (a doubtful character settled by a check digit). */
  notes: string[];
};

export type MrzInput = { bytes: Uint8Array; mimeType: DocumentMimeType };

const CROP_MAX_WIDTH = 960;

/**
 * Each try: the turn from the estimated skew, and the capital height the OCR image is scaled to. A different angle
 * or scale changes what the OCR makes of a doubtful character; the reads are merged (merge-readings.ts).
 */
const TRIES = [
  { turn: 0, capPx: 30 },
  { turn: 0.6, capPx: 30 },
  { turn: -0.6, capPx: 26 },
  { turn: 0, capPx: 22 },
] as const;

type Located = { canvas: Canvas; geometry: MrzGeometry; format: MrzFormat };

/** Degrees to a tenth (and never -0, which reads oddly in a report). */
function tenth(degrees: number): number {
  return Math.round(degrees * 10) / 10 || 0;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function cropOf(found: Located): NonNullable<MrzReading['crop']> {
  const area = mrzArea(found.geometry, found.canvas);
  const scale = Math.min(1, CROP_MAX_WIDTH / area.width);
  const crop = drawToCanvas(found.canvas, area.width * scale, area.height * scale, (ctx) => {
    ctx.drawImage(found.canvas, area.x, area.y, area.width, area.height, 0, 0, area.width * scale, area.height * scale);
  });
  return { pngBase64: crop.encodeSync('png').toString('base64'), width: crop.width, height: crop.height };
}

/** Lets the server's other requests run between the steps of the pixel work, which is this thread's. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Where the image's MRZ is once turned by `degrees`, or null when no MRZ is found there. */
async function locate(source: Canvas, degrees: number): Promise<Located | null> {
  const canvas = rotateCanvas(source, degrees);
  const gray = toGray(canvas);
  await yieldToEventLoop();
  const ink = binarize(gray, Math.max(15, Math.round(gray.width / 24)));
  await yieldToEventLoop();
  const geometry = findMrz(ink);
  await yieldToEventLoop();
  if (!geometry) return null;
  // Every MRZ has '<' fillers (at the least the '<<' between surname and given names). Upside down they are '>'
  // and none is found: then this is the zone turned the wrong way, and the caller tries it turned over.
  const fillers = geometry.lines.reduce((n, l) => n + l.cells.filter((c) => c === 'filler').length, 0);
  const format = formatOf(geometry.lines.length, geometry.length);
  return format && fillers >= 2 ? { canvas, geometry, format } : null;
}

/** The skew is measured on a smaller copy: the angle does not need every pixel. */
const SKEW_SIDE_PX = 1400;

async function estimateSkew(source: Canvas): Promise<number> {
  const scale = Math.min(1, SKEW_SIDE_PX / Math.max(source.width, source.height));
  const small = scale < 1 ? drawToCanvas(source, source.width * scale, source.height * scale) : source;
  const gray = toGray(small);
  await yieldToEventLoop();
  const ink = binarize(gray, Math.max(15, Math.round(gray.width / 24)));
  await yieldToEventLoop();
  // The MRZ is at the bottom of the document; its long lines dominate the lower part's angle.
  return estimateSkewDegrees(ink, { x0: 0, y0: gray.height * 0.35, x1: gray.width, y1: gray.height });
}

/**
 * Reads the MRZ of the document. `options.today` (YYYY-MM-DD) sets the century of two-digit years (a birth date is
 * not in the future); it defaults to the current date.
 */
export async function readMrz(input: MrzInput, reader: MrzOcr, options: { today?: string; decode?: DecodeImage } = {}): Promise<MrzReading> {
  const now = options.today ?? today();
  const rotationTriedDegrees: number[] = [];
  const unreadable = (crop: MrzReading['crop'] = null): MrzReading => ({
    outcome: 'unreadable',
    format: null,
    lines: [],
    fields: null,
    checkDigits: [],
    crop,
    rotationTriedDegrees,
    notes: [],
  });
  const source = await loadDocumentImage(input.bytes, input.mimeType, options.decode);
  if (!source) return unreadable();

  const skew = await estimateSkew(source);

  // Found at the estimated angle, or else upside down (a scan fed the wrong way round).
  let first: Located | null = null;
  let firstDegrees = 0;
  for (const degrees of [skew, skew + 180]) {
    firstDegrees = tenth(degrees);
    rotationTriedDegrees.push(firstDegrees);
    first = await locate(source, firstDegrees);
    if (first) break;
  }
  if (!first) return unreadable();
  const found = first;
  // Later tries turn only the zone and its surroundings: a fraction of the image, so each costs little besides the OCR.
  const area = mrzArea(found.geometry, found.canvas);
  const margin = area.height;
  const surroundings = drawToCanvas(found.canvas, area.width + 2 * margin, area.height + 2 * margin, (ctx) => {
    ctx.drawImage(found.canvas, area.x - margin, area.y - margin, area.width + 2 * margin, area.height + 2 * margin, 0, 0, area.width + 2 * margin, area.height + 2 * margin);
  });

  const reads: string[][] = [];
  let merged: { lines: string[]; notes: string[] } = { lines: [], notes: [] };
  let interpreted: ReturnType<typeof interpretMrz> | null = null;
  for (const attempt of TRIES) {
    let zone: Located | null = found;
    if (attempt.turn !== 0) {
      rotationTriedDegrees.push(tenth(firstDegrees + attempt.turn));
      zone = await locate(surroundings, attempt.turn);
    }
    // A zone of another format at another angle is not the same MRZ: its read is not merged.
    if (!zone || zone.format !== found.format) continue;
    const cells = await readCells(zone.canvas, zone.geometry, reader, attempt.capPx);
    reads.push(correctByPosition(found.format, cells));
    merged = mergeReadings(found.format, reads);
    interpreted = interpretMrz(found.format, merged.lines, now);
    const allValid = interpreted.checkDigits.length > 0 && interpreted.checkDigits.every((c) => c.valid);
    if (allValid && !merged.lines.some((l) => l.includes('?'))) break;
  }
  if (!interpreted) return unreadable(cropOf(found));
  const complete = !merged.lines.some((l) => l.includes('?'));
  return {
    outcome: complete ? 'read' : 'unreadable',
    format: found.format,
    lines: merged.lines,
    fields: interpreted.fields,
    checkDigits: interpreted.checkDigits,
    crop: cropOf(found),
    rotationTriedDegrees,
    notes: merged.notes,
  };
}
