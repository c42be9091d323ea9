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

/**
 * The zoom for a layout while the reader has not zoomed: `zoom` (the starting zoom) where the page fits the desk's
 * width, else the zoom at which it does (whole percent, not below the minimum), so a phone, or a window narrowed after
 * the document opened, shows the whole width of the page without scrolling sideways. Zoom steps and limits stay as
 * they are from there.
 */
export function fitZoom(zoom: number, available: number, pageWidth: number): number {
  if (!(available > 0) || !(pageWidth > 0) || (pageWidth * zoom) / 100 <= available) return zoom;
  return Math.max(ZOOM.min, Math.floor((available / pageWidth) * 100));
}
