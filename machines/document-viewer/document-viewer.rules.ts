/** Pure predicates over the viewer context, shared by the machine's guards and the selectors. */
import { VIEWER } from '../../src/shared/constants.ts';
import type { DocumentViewerContext } from './document-viewer.types.ts';

/** Spec section 9: starts 100%, steps of 20%, min 40%, max 300% (kept in whole percent). */
export const ZOOM = {
  start: Math.round(VIEWER.zoomStart * 100),
  step: Math.round(VIEWER.zoomStep * 100),
  min: Math.round(VIEWER.zoomMin * 100),
  max: Math.round(VIEWER.zoomMax * 100),
} as const;

type PageState = Pick<DocumentViewerContext, 'page' | 'pageCount'>;
type ZoomState = Pick<DocumentViewerContext, 'zoom'>;

export const canGoNext = ({ page, pageCount }: PageState): boolean => page < pageCount;
export const canGoPrevious = ({ page }: PageState): boolean => page > 1;
export const canZoomIn = ({ zoom }: ZoomState): boolean => zoom + ZOOM.step <= ZOOM.max;
export const canZoomOut = ({ zoom }: ZoomState): boolean => zoom - ZOOM.step >= ZOOM.min;
export const isPageInRange = (page: number, pageCount: number): boolean =>
  Number.isInteger(page) && page >= 1 && page <= pageCount;

/** A load aborted because the viewer went away or switched documents: not an error to show. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
