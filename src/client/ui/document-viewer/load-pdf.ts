/**
 * The real `loadDocument` work: fetch the bytes ourselves (so we own the errors and the bearer token),
 * then open them with pdf.js. pdf.js is imported here, on demand, so it sits in its own lazy chunk; its worker is
 * one for all documents (pdf-worker.ts), often already started by the page (prewarmPdfViewer).
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { fetchPdfBytes, takePrefetchedPdf } from './pdf-bytes.ts';
import { documentError, initError, libraryError } from './pdf-load-errors.ts';
import { sharedPdfWorker } from './pdf-worker.ts';
import { pdfjsAssetUrls } from './pdfjs-asset-urls.ts';

/** Size of a page at 100% zoom, in CSS pixels (1 PDF point = 1 CSS pixel, as the portal always had). */
export interface PageSize {
  width: number;
  height: number;
}

export interface RenderJob {
  /** Settles 'rendered' or 'cancelled'; rejects only when drawing really failed. */
  done: Promise<'rendered' | 'cancelled'>;
  cancel(): void;
}

export interface LoadedPdf {
  pageSizes: readonly PageSize[];
  renderPage(pageNumber: number, canvas: HTMLCanvasElement, scale: number): RenderJob;
  destroy(): void;
}

export interface LoadPdfRequest {
  url: string;
  token: string | null;
}

/** Browsers cap canvas area; beyond ~16 MP we trade sharpness for not failing at 300% on HiDPI. */
const MAX_CANVAS_PIXELS = 4096 * 4096;

/** The page shows documents: pdf.js and its worker start loading now. A failure is the first document's to report. */
export async function warmPdfWorker(): Promise<void> {
  sharedPdfWorker(await importPdfjs());
}

async function importPdfjs() {
  try {
    return await import('pdfjs-dist');
  } catch {
    throw libraryError();
  }
}

/** A promise we do not own, given up as soon as our load is aborted. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export async function loadPdf(request: LoadPdfRequest, signal: AbortSignal): Promise<LoadedPdf> {
  const pdfjs = await importPdfjs();
  signal.throwIfAborted();
  const prefetched = takePrefetchedPdf(request);
  const data = prefetched ? await untilAborted(prefetched, signal) : await fetchPdfBytes(request, signal);
  signal.throwIfAborted();

  let task: ReturnType<typeof pdfjs.getDocument>;
  try {
    task = pdfjs.getDocument({
      data,
      worker: sharedPdfWorker(pdfjs),
      ...pdfjsAssetUrls(import.meta.env.BASE_URL, window.location.href),
      cMapPacked: true,
      isEvalSupported: false, // CSP has no 'unsafe-eval'
      enableXfa: false,
    });
  } catch {
    throw initError();
  }
  const onAbort = () => void task.destroy();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const doc = await task.promise;
    const pageSizes = await readPageSizes(doc);
    signal.throwIfAborted();
    return wrap(doc, pageSizes);
  } catch (error) {
    void task.destroy();
    throw signal.aborted ? signal.reason : documentError(error);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** All page sizes up front, so the stacked layout (and the scroll height) is final before drawing. */
async function readPageSizes(doc: PDFDocumentProxy): Promise<PageSize[]> {
  const pages = await Promise.all(Array.from({ length: doc.numPages }, (_, i) => doc.getPage(i + 1)));
  return pages.map((page) => {
    const { width, height } = page.getViewport({ scale: 1 });
    return { width, height };
  });
}

function wrap(doc: PDFDocumentProxy, pageSizes: PageSize[]): LoadedPdf {
  return {
    pageSizes,
    renderPage: (pageNumber, canvas, scale) => renderPage(doc, pageNumber, canvas, scale),
    destroy: () => void doc.destroy(),
  };
}

/**
 * Draws into an offscreen canvas and copies the result in one step, so the visible canvas keeps its
 * previous picture (stretched by CSS) while a new zoom level renders, instead of flashing blank.
 */
function renderPage(doc: PDFDocumentProxy, pageNumber: number, target: HTMLCanvasElement, scale: number): RenderJob {
  let cancelled = false;
  let cancelTask: (() => void) | null = null;
  const draw = async (): Promise<'rendered' | 'cancelled'> => {
    const page = await doc.getPage(pageNumber);
    if (cancelled) return 'cancelled';
    const base = page.getViewport({ scale });
    const wanted = window.devicePixelRatio || 1;
    const outputScale = Math.min(wanted, Math.sqrt(MAX_CANVAS_PIXELS / (base.width * base.height)));
    const viewport = page.getViewport({ scale: scale * outputScale });
    const offscreen = document.createElement('canvas');
    offscreen.width = Math.floor(viewport.width);
    offscreen.height = Math.floor(viewport.height);
    const task = page.render({ canvas: offscreen, viewport });
    cancelTask = () => task.cancel();
    await task.promise.finally(() => (cancelTask = null));
    if (cancelled) return 'cancelled';
    const context = target.getContext('2d');
    if (!context) throw new Error('Canvas 2D context unavailable');
    target.width = offscreen.width;
    target.height = offscreen.height;
    context.drawImage(offscreen, 0, 0);
    offscreen.width = 0; // release the offscreen bitmap now rather than at garbage collection
    return 'rendered';
  };
  // Whatever fails after a cancel (cancelled task, document destroyed meanwhile) is not a render error.
  const done = draw().catch((error: unknown) => {
    if (cancelled || (error as { name?: unknown }).name === 'RenderingCancelledException') return 'cancelled' as const;
    throw error;
  });
  return {
    done,
    cancel: () => {
      cancelled = true;
      cancelTask?.();
    },
  };
}
