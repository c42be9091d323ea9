/**
 * An uploaded identity document as one image on a canvas: a JPEG or PNG decoded, or a PDF's first page rendered;
 * very large photos scaled down (a phone's 12 MP adds nothing to an MRZ but time). Bytes that do not decode give
 * null: the MRZ check then says 'unreadable' rather than failing the review.
 */
import { loadImage, type Canvas } from '@napi-rs/canvas';
import { drawToCanvas } from './gray-image.ts';
import { renderFirstPdfPage } from './pdf-page.ts';

export type DocumentMimeType = 'image/jpeg' | 'image/png' | 'application/pdf';

const MAX_SIDE_PX = 2400;

function fitted(canvas: Canvas): Canvas {
  const longest = Math.max(canvas.width, canvas.height);
  if (longest <= MAX_SIDE_PX) return canvas;
  const scale = MAX_SIDE_PX / longest;
  return drawToCanvas(canvas, canvas.width * scale, canvas.height * scale);
}

export async function loadDocumentImage(bytes: Uint8Array, mimeType: DocumentMimeType): Promise<Canvas | null> {
  try {
    if (mimeType === 'application/pdf') {
      const page = await renderFirstPdfPage(bytes);
      return page ? fitted(page) : null;
    }
    // Bytes only: given a string, loadImage would also accept a path or a URL.
    const image = await loadImage(Buffer.from(bytes));
    if (image.width < 1 || image.height < 1) return null;
    const longest = Math.max(image.width, image.height);
    const scale = Math.min(1, MAX_SIDE_PX / longest);
    return drawToCanvas(image, image.width * scale, image.height * scale);
  } catch {
    return null;
  }
}
