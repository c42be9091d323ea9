/**
 * The server's check of a drawn signature before it is stored or stamped: a real PNG (decoded with pngjs, CRCs
 * checked), at most 200 KB, the signature canvas's 500 x 120 pixels or exactly 2x or 3x that (high-density screens),
 * and enough ink to be a signature rather than an empty or nearly empty pad.
 *
 * "Ink" is a pixel that is dark once composed over white: alpha * luminance + (1 - alpha) < 0.5. That counts dark
 * strokes on a transparent canvas and on a white one alike, and never the transparent black (0,0,0,0) of an untouched
 * canvas. Enough ink, in the canvas's own 500 x 120 units (multiplied by the scale for 2x/3x, by its square for counts):
 *   - at least MIN_INK_PIXELS (150) ink pixels: a dot, a tap or a stray speck has a few dozen;
 *   - their bounding box at least MIN_INK_WIDTH (40) wide and MIN_INK_HEIGHT (12) high: a straight horizontal or
 *     vertical line, however long, is only a few pixels across the other way.
 * A pen stroke of perfect-freehand at the pad's size is 3-5 px wide, so the shortest real signature (two initials)
 * clears all three by a wide margin.
 *
 * The size is read from the IHDR header before anything is inflated, so a small file declaring a huge image (a
 * decompression bomb) is refused without allocating its pixels. The chunks are walked here first (every CRC, IHDR
 * first, IEND last, nothing after it) and the image data must inflate to exactly the rows the header declares:
 * pngjs alone pads short image data with transparent pixels, which would turn a cut-off signature into a blank one.
 */
import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { messages } from '../../../shared/messages.ts';

export const SIGNATURE_CANVAS = { width: 500, height: 120 } as const;
export const SIGNATURE_SCALES = [1, 2, 3] as const;
export const MAX_SIGNATURE_PNG_BYTES = 200 * 1024;
export const MIN_INK_PIXELS = 150;
export const MIN_INK_WIDTH = 40;
export const MIN_INK_HEIGHT = 12;

export type SignaturePngProblem = 'not-png' | 'damaged' | 'too-large' | 'wrong-size' | 'blank';

export type SignatureInk = { pixels: number; width: number; height: number };

export type SignaturePngCheck =
  | { ok: true; width: number; height: number; scale: (typeof SIGNATURE_SCALES)[number]; ink: SignatureInk }
  | { ok: false; problem: SignaturePngProblem; message: string; ink?: SignatureInk };

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const MESSAGES: Record<SignaturePngProblem, string> = {
  'not-png': messages.legal.signatureNotPng,
  damaged: messages.legal.signatureDamaged,
  'too-large': messages.legal.signatureTooLarge,
  'wrong-size': messages.legal.signatureWrongSize,
  blank: messages.legal.signatureRequired,
};

const refuse = (problem: SignaturePngProblem, ink?: SignatureInk): SignaturePngCheck =>
  ink ? { ok: false, problem, message: MESSAGES[problem], ink } : { ok: false, problem, message: MESSAGES[problem] };

/** Ink pixels and the size of their bounding box, in pixels of the image. */
export function measureInk(png: { width: number; height: number; data: Uint8Array }): SignatureInk {
  const { width, height, data } = png;
  let pixels = 0;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 4) {
      const alpha = data[i + 3] as number;
      if (alpha === 0) continue;
      // Rec. 709 luma in integers (0-255), then composed over white and compared with half: all scaled by 255.
      const luma = (54 * (data[i] as number) + 183 * (data[i + 1] as number) + 19 * (data[i + 2] as number)) >> 8;
      if (alpha * luma + (255 - alpha) * 255 >= 32513) continue;
      pixels++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return pixels === 0 ? { pixels: 0, width: 0, height: 0 } : { pixels, width: maxX - minX + 1, height: maxY - minY + 1 };
}

export function checkSignaturePng(bytes: Uint8Array): SignaturePngCheck {
  if (bytes.byteLength > MAX_SIGNATURE_PNG_BYTES) return refuse('too-large');
  if (bytes.byteLength < 8 || PNG_MAGIC.some((b, i) => bytes[i] !== b)) return refuse('not-png');
  // IHDR is the first chunk: length (4) "IHDR" (4) width (4) height (4) at offsets 8, 12, 16, 20.
  if (bytes.byteLength < 33) return refuse('damaged');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return refuse('damaged');
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const scale = SIGNATURE_SCALES.find((s) => width === SIGNATURE_CANVAS.width * s && height === SIGNATURE_CANVAS.height * s);
  if (scale === undefined) return refuse('wrong-size');

  if (!hasCompleteStructure(bytes, view)) return refuse('damaged');

  let png: PNG;
  try {
    png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { checkCRC: true });
  } catch {
    return refuse('damaged');
  }
  if (png.width !== width || png.height !== height) return refuse('damaged');

  const ink = measureInk(png);
  const enough = ink.pixels >= MIN_INK_PIXELS * scale * scale && ink.width >= MIN_INK_WIDTH * scale && ink.height >= MIN_INK_HEIGHT * scale;
  if (!enough) return refuse('blank', ink);
  return { ok: true, width, height, scale, ink };
}

const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32(bytes: Uint8Array): number {
  let c = -1;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** Samples per pixel of each PNG colour type (greyscale, RGB, palette, grey + alpha, RGBA). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Bytes of filtered image data for a width x height image (one filter byte per row), Adam7 passes when interlaced. */
function expectedDataLength(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w === 0 || h === 0 ? 0 : h * (1 + Math.ceil((w * bitsPerPixel) / 8)));
  if (!interlaced) return rows(width, height);
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ] as const;
  return passes.reduce((sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)), 0);
}

function hasCompleteStructure(bytes: Uint8Array, view: DataView): boolean {
  const idat: Uint8Array[] = [];
  let offset = 8;
  let first = true;
  let ended = false;
  let bitsPerPixel = 0;
  let interlaced = false;
  while (offset < bytes.byteLength) {
    if (ended || offset + 12 > bytes.byteLength) return false;
    const length = view.getUint32(offset);
    const end = offset + 12 + length;
    if (end > bytes.byteLength) return false;
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== view.getUint32(offset + 8 + length)) return false;
    if (first !== (type === 'IHDR')) return false;
    if (type === 'IHDR') {
      const channels = CHANNELS[data[9] as number];
      if (length !== 13 || channels === undefined) return false;
      bitsPerPixel = channels * (data[8] as number);
      interlaced = data[12] === 1;
    }
    if (type === 'IDAT') idat.push(data);
    if (type === 'IEND') ended = true;
    first = false;
    offset = end;
  }
  if (!ended || idat.length === 0) return false;
  const expected = expectedDataLength(view.getUint32(16), view.getUint32(20), bitsPerPixel, interlaced);
  try {
    // One byte over the expected size is enough to tell "too long" without inflating a bomb.
    return inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 }).byteLength === expected;
  } catch {
    return false;
  }
}
