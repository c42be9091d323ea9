/**
 * An uploaded document must open as a PDF (not only start with %PDF-): parsed with pdf-lib, not encrypted, with at
 * least one page, as investors' viewers need. pdf-lib is loaded on first use (it takes ~300 ms to load).
 */
import { contentMessages } from '../../../shared/admin/content-messages.ts';
import { AppError } from '../../errors/app-error.ts';

export async function checkPdfOpens(bytes: Uint8Array): Promise<void> {
  const { PDFDocument } = await import('pdf-lib');
  let pages = 0;
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    pages = doc.getPageCount();
  } catch {
    throw new AppError('UNPROCESSABLE', contentMessages.pdfDoesNotOpen);
  }
  if (pages < 1) throw new AppError('UNPROCESSABLE', contentMessages.pdfDoesNotOpen);
}
