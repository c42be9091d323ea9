/**
 * Test-only document files around the generated specimens (src/server/checks/mrz/specimen-id.ts): the specimen PNG
 * laid on an A4 page of a PDF (as a scanner's PDF export would), and an empty white image.
 */
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';

const A4 = { width: 595.28, height: 841.89 };

/** One A4 page with the image at the top left, about 1.3 times a card's real size, like a scan of the card. */
export async function pdfWithImage(png: Uint8Array, widthPt = 300): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(png);
  const page = pdf.addPage([A4.width, A4.height]);
  const height = (widthPt * image.height) / image.width;
  page.drawImage(image, { x: 50, y: A4.height - 50 - height, width: widthPt, height });
  return pdf.save();
}

export function blankPng(width = 1200, height = 800): Uint8Array {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  return new Uint8Array(canvas.encodeSync('png'));
}
