/**
 * Turns an uploaded JPEG or PNG into what the face detector takes: RGB pixels, turned upright by the JPEG's EXIF
 * orientation (phones store a selfie sideways and say so there), at most `maxSide` pixels on the longer side. The
 * downscale happens here in JavaScript, before any tensor: a full-size tensor would grow tfjs's WASM heap, which
 * never shrinks. Runs in the face worker; pure functions, so tests can check them without it.
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** Larger images are refused as unreadable: 50 MP of RGBA is 200 MB before anything else runs. */
export const MAX_IMAGE_MEGAPIXELS = 50;

export type RgbImage = { rgb: Uint8Array; width: number; height: number };
/** The pixels to detect on, and the size of the image as displayed (boxes are given in those pixels). */
export type DetectionImage = RgbImage & { displayWidth: number; displayHeight: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export const isJpeg = (bytes: Uint8Array): boolean => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
export const isPng = (bytes: Uint8Array): boolean => PNG_SIGNATURE.every((b, i) => bytes[i] === b);

/** The EXIF orientation (1..8) of a JPEG, 1 when it has none or it cannot be read. */
export function jpegOrientation(bytes: Uint8Array): number {
  if (!isJpeg(bytes)) return 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return 1;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset++; // fill byte before a marker
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return 1; // start of scan or end: no metadata after this
    const length = view.getUint16(offset + 2);
    const start = offset + 4;
    const end = Math.min(bytes.length, offset + 2 + length);
    if (marker === 0xe1 && end - start > 14 && String.fromCharCode(...bytes.subarray(start, start + 6)) === 'Exif\0\0') {
      return orientationInTiff(view, start + 6, end);
    }
    offset += 2 + length;
  }
  return 1;
}

/** Tag 0x0112 in the first IFD of the EXIF block's TIFF structure. */
function orientationInTiff(view: DataView, tiff: number, end: number): number {
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return 1;
  const little = order === 0x4949;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return 1;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return 1;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/**
 * Per EXIF orientation, where a displayed pixel (x, y) comes from in the stored image of size w x h:
 * sx = ax*x + bx*y + cx*(w-1), sy = ay*x + by*y + cy*(h-1). 5..8 swap width and height.
 */
const ORIENTATION_MAPS: Record<number, readonly [number, number, number, number, number, number]> = {
  2: [-1, 0, 1, 0, 1, 0],
  3: [-1, 0, 1, 0, -1, 1],
  4: [1, 0, 0, 0, -1, 1],
  5: [0, 1, 0, 1, 0, 0],
  6: [0, 1, 0, -1, 0, 1],
  7: [0, -1, 1, -1, 0, 1],
  8: [0, -1, 1, 1, 0, 0],
};

/** The stored image turned as EXIF orientation `orientation` says it is displayed. */
export function orient(image: RgbImage, orientation: number): RgbImage {
  const map = ORIENTATION_MAPS[orientation];
  if (!map) return image;
  const [ax, bx, cx, ay, by, cy] = map;
  const { width: w, height: h } = image;
  const width = orientation >= 5 ? h : w;
  const height = orientation >= 5 ? w : h;
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = ((ay * x + by * y + cy * (h - 1)) * w + (ax * x + bx * y + cx * (w - 1))) * 3;
      const to = (y * width + x) * 3;
      rgb[to] = image.rgb[from] ?? 0;
      rgb[to + 1] = image.rgb[from + 1] ?? 0;
      rgb[to + 2] = image.rgb[from + 2] ?? 0;
    }
  }
  return { rgb, width, height };
}

/**
 * Area average down to `maxSide` on the longer side (never up), RGB out. RGBA input is laid over white, so a
 * transparent PNG background is not whatever colour its invisible pixels happen to hold.
 */
export function downscale(data: Uint8Array, width: number, height: number, channels: 3 | 4, maxSide: number): RgbImage {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  if (scale === 1 && channels === 3) return { rgb: data, width, height };
  const outWidth = Math.max(1, Math.round(width * scale));
  const outHeight = Math.max(1, Math.round(height * scale));
  const sum = new Uint32Array(outWidth * outHeight * 3);
  const count = new Uint32Array(outWidth * outHeight);
  for (let y = 0; y < height; y++) {
    const row = Math.min(outHeight - 1, Math.floor(y * scale)) * outWidth;
    for (let x = 0; x < width; x++) {
      const o = row + Math.min(outWidth - 1, Math.floor(x * scale));
      const i = (y * width + x) * channels;
      const alpha = channels === 4 ? (data[i + 3] ?? 255) : 255;
      const white = 255 - alpha;
      sum[o * 3] = (sum[o * 3] ?? 0) + ((data[i] ?? 0) * alpha) / 255 + white;
      sum[o * 3 + 1] = (sum[o * 3 + 1] ?? 0) + ((data[i + 1] ?? 0) * alpha) / 255 + white;
      sum[o * 3 + 2] = (sum[o * 3 + 2] ?? 0) + ((data[i + 2] ?? 0) * alpha) / 255 + white;
      count[o] = (count[o] ?? 0) + 1;
    }
  }
  const rgb = new Uint8Array(sum.length);
  for (let i = 0; i < sum.length; i++) rgb[i] = Math.round((sum[i] ?? 0) / (count[Math.floor(i / 3)] ?? 1));
  return { rgb, width: outWidth, height: outHeight };
}

function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** JPEG or PNG bytes to a detection image; null when they are neither, corrupt, or too large. */
export function imageForDetection(bytes: Uint8Array, maxSide: number): DetectionImage | null {
  try {
    if (isJpeg(bytes)) {
      const decoded = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: MAX_IMAGE_MEGAPIXELS, maxMemoryUsageInMB: 512 });
      if (decoded.width === 0 || decoded.height === 0) return null;
      const stored = downscale(decoded.data, decoded.width, decoded.height, 3, maxSide);
      const orientation = jpegOrientation(bytes);
      const turned = orientation >= 5; // a quarter turn: displayed width is the stored height
      return { ...orient(stored, orientation), displayWidth: turned ? decoded.height : decoded.width, displayHeight: turned ? decoded.width : decoded.height };
    }
    if (isPng(bytes)) {
      const size = pngSize(bytes);
      if (!size || size.width * size.height > MAX_IMAGE_MEGAPIXELS * 1e6) return null;
      const decoded = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      if (decoded.width === 0 || decoded.height === 0) return null;
      const stored = downscale(new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), decoded.width, decoded.height, 4, maxSide);
      return { ...stored, displayWidth: decoded.width, displayHeight: decoded.height };
    }
  } catch {
    // jpeg-js and pngjs throw on corrupt data and on their size limits: unreadable
  }
  return null;
}

/** JPEG or PNG bytes to RGB pixels, oriented as displayed and scaled to at most `maxSide` (null: unreadable). */
export function decodeImage(bytes: Uint8Array, maxSide: number): RgbImage | null {
  const image = imageForDetection(bytes, maxSide);
  return image ? { rgb: image.rgb, width: image.width, height: image.height } : null;
}
