/** Named reads of a document viewer snapshot, for views (useSelector) and tests. */
import type { SnapshotFrom } from 'xstate';
import { messages } from '../../src/shared/messages.ts';
import type { documentViewerMachine } from './document-viewer.machine.ts';
import { canGoNext, canGoPrevious, canZoomIn, canZoomOut } from './document-viewer.rules.ts';

type Snapshot = SnapshotFrom<typeof documentViewerMachine>;

export type DocumentViewerPhase = 'loading' | 'error' | 'displayed' | 'renderError';

export const selectPhase = (s: Snapshot): DocumentViewerPhase =>
  s.matches('error') ? 'error' : s.matches('displayed') ? 'displayed' : s.matches('renderError') ? 'renderError' : 'loading';
export const selectIsLoading = (s: Snapshot): boolean => s.hasTag('loading');
/** The message of the state that shows one: load failure text, or the rendering error. */
export const selectErrorMessage = (s: Snapshot): string | null =>
  s.matches('error') ? (s.context.errorMessage ?? messages.pdf.initFailed) : s.matches('renderError') ? messages.pdf.renderFailed : null;
export const selectPage = (s: Snapshot): number => s.context.page;
export const selectPageCount = (s: Snapshot): number => s.context.pageCount;
/** 'Page x of y' once the page count is known. */
export const selectPageLabel = (s: Snapshot): string | null =>
  s.context.pageCount > 0 && s.matches('displayed') ? messages.pdf.pageOf(s.context.page, s.context.pageCount) : null;
export const selectZoomPercent = (s: Snapshot): number => s.context.zoom;
/** Render scale for pdf.js: 1 = 100%. */
export const selectScale = (s: Snapshot): number => s.context.zoom / 100;
export const selectCanGoNext = (s: Snapshot): boolean => s.matches('displayed') && canGoNext(s.context);
export const selectCanGoPrevious = (s: Snapshot): boolean => s.matches('displayed') && canGoPrevious(s.context);
export const selectCanZoomIn = (s: Snapshot): boolean => s.matches('displayed') && canZoomIn(s.context);
export const selectCanZoomOut = (s: Snapshot): boolean => s.matches('displayed') && canZoomOut(s.context);
export const selectReachedEnd = (s: Snapshot): boolean => s.context.reachedEnd;
export const selectReviewMode = (s: Snapshot): boolean => s.context.reviewMode;
