/** Types of the document viewer statechart (spec section 2 "Document viewer", section 4). */

export interface DocumentViewerInput {
  url: string;
  /** Bearer token; null for public documents such as the NDA. */
  token: string | null;
  /** Review mode only labels the viewer; it never blocks anything. */
  reviewMode?: boolean;
}

export interface DocumentViewerContext {
  url: string;
  token: string | null;
  reviewMode: boolean;
  pageCount: number;
  /** 1-based page the reader is on. */
  page: number;
  /** Zoom in whole percent (100 = 100%), so 20% steps never accumulate float error. */
  zoom: number;
  /** The reader zoomed in or out: the zoom is theirs from then on. Until then it follows the desk's width. */
  readerZoomed: boolean;
  /** Latched once the reader has scrolled to the bottom; survives reloads of the same document. */
  reachedEnd: boolean;
  /** Catalogue text of the last load failure, shown in the error state. */
  errorMessage: string | null;
}

export type DocumentViewerEvent =
  | { type: 'documentViewer.retry' }
  | { type: 'documentViewer.reload' }
  | { type: 'documentViewer.page.next' }
  | { type: 'documentViewer.page.previous' }
  /** The page under the reading line changed because the reader scrolled. */
  | { type: 'documentViewer.page.visible'; page: number }
  | { type: 'documentViewer.zoom.in' }
  | { type: 'documentViewer.zoom.out' }
  | { type: 'documentViewer.end.visible' }
  /** The desk's width for pages and the widest page's width at 100%, once the pages are laid out. */
  | { type: 'documentViewer.layout'; available: number; pageWidth: number }
  | { type: 'documentViewer.render.error' }
  /** Another document (or token) for the same viewer: the running load is aborted silently. */
  | { type: 'documentViewer.source.change'; url: string; token: string | null };

export interface LoadDocumentInput {
  url: string;
  token: string | null;
}

export interface LoadDocumentOutput {
  pageCount: number;
}

export type DocumentViewerTag = 'loading';
