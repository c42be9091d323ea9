/**
 * Viewer wording the specification does not quote (so it is not in the shared catalogue): the
 * reached-the-end notice, the review label and the accessible names of controls.
 */
export const viewerText = {
  reachedEnd: 'You have reached the end of this document',
  reviewMode: 'Review mode',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  zoomOut: 'Zoom out',
  zoomIn: 'Zoom in',
  zoomLevel: 'Zoom level',
  controls: 'Document controls',
  document: 'Document',
  pagesOf: (title: string) => `${title} pages`,
  pageImage: (page: number, title: string) => `Page ${page} of ${title}`,
} as const;

/** Spec section 9: scrolling to within 5 px of the bottom counts as having reached the end. */
export const SCROLL_END_TOLERANCE_PX = 5;
