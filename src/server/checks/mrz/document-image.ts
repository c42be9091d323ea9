/**
 * An uploaded identity document as one image on a canvas: a JPEG or PNG decoded, or a PDF's first page rendered;
 * very large photos scaled down (a phone's 12 MP adds nothing to an MRZ but time). Bytes that do not decode give
 * null: the MRZ check then says 'unreadable' rather than failing the review.
 *
 * An upload is decoded by pure JavaScript (jpeg-js, pngjs: src/server/checks/face/face-image.ts), never by the canvas'
 * native decoder: a PNG with a forged header made it crash the whole process (a segmentation fault, found by the API
 * tests' random PNG bytes). The canvas only receives pixels. The server decodes in the face worker thread
 * (`decode`), so a 12 MP photo does not hold the event loop; without one (tests, the benchmark) it decodes here.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { decodeImage, type RgbImage } from '../face/face-image.ts';
import { renderFirstPdfPage } from './pdf-page.ts';
import { drawToCanvas } from './gray-image.ts';

export type DocumentMimeType = 'image/jpeg' | 'image/png' | 'application/pdf';
export type DecodeImage = (bytes: Uint8Array, maxSide: number) => Promise<RgbImage | null>;

const MAX_SIDE_PX = 2400;

const decodeHere: DecodeImage = async (bytes, maxSide) => decodeImage(bytes, maxSide);

function fitted(canvas: Canvas): Canvas {
  const longest = Math.max(canvas.width, canvas.height);
  if (longest <= MAX_SIDE_PX) return canvas;
  const scale = MAX_SIDE_PX / longest;
  return drawToCanvas(canvas, canvas.width * scale, canvas.height * scale);
}

function canvasOf({ rgb, width, height }: RgbImage): Canvas {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    rgba[j] = rgb[i] ?? 0;
    rgba[j + 1] = rgb[i + 1] ?? 0;
    rgba[j + 2] = rgb[i + 2] ?? 0;
    rgba[j + 3] = 255;
  }
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const data = context.createImageData(width, height);
  data.data.set(rgba);
  context.putImageData(data, 0, 0);
  return canvas;
}

export async function loadDocumentImage(bytes: Uint8Array, mimeType: DocumentMimeType, decode: DecodeImage = decodeHere): Promise<Canvas | null> {
  try {
    if (mimeType === 'application/pdf') {
      const page = await renderFirstPdfPage(bytes);
      return page ? fitted(page) : null;
    }
    const image = await decode(bytes, MAX_SIDE_PX);
    if (!image || image.width < 1 || image.height < 1) return null;
    return canvasOf(image);
  } catch {
    return null;
  }
}
