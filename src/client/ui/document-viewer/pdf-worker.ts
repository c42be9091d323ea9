/**
 * One pdf.js worker for every document the app opens, made when a page with documents shows (prewarmPdfViewer) or at
 * the first document: the worker (~370 KB gzipped) then downloads and starts while the investor reads the page, not
 * after a section is opened. Documents get it as getDocument's `worker`, so destroying a document leaves it running
 * for the next (pdf.js terminates only a worker the document made itself). A worker that failed to start is dropped
 * and the next document makes a new one.
 */
import type { PDFWorker } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type Pdfjs = typeof import('pdfjs-dist');

let shared: PDFWorker | null = null;

export function sharedPdfWorker(pdfjs: Pdfjs): PDFWorker {
  if (shared && !shared.destroyed) return shared;
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl; // same-origin file (CSP worker-src 'self')
  const worker = new pdfjs.PDFWorker();
  shared = worker;
  worker.promise.catch(() => {
    if (shared !== worker) return;
    shared = null;
    worker.destroy();
  });
  return worker;
}
