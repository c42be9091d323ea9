/** Scroll geometry of the stacked pages: which page the reader is on, the end, jumping to a page. */
import { SCROLL_END_TOLERANCE_PX } from './document-viewer.text.ts';

/** Pages carry data-page="n"; the reading line sits a third of the way down the viewport. */
const READING_LINE = 1 / 3;
/** Space kept above a page scrolled to, matching the stack's padding. */
const PAGE_TOP_MARGIN = 16;

const pageElements = (container: HTMLElement) => container.querySelectorAll<HTMLElement>('[data-page]');

function topWithin(container: HTMLElement, element: HTMLElement): number {
  return element.getBoundingClientRect().top - container.getBoundingClientRect().top + container.scrollTop;
}

export function isAtBottom(container: HTMLElement): boolean {
  return container.scrollHeight - container.scrollTop - container.clientHeight <= SCROLL_END_TOLERANCE_PX;
}

/** The last page whose top is above the reading line; null before pages are laid out. */
export function pageAtReadingLine(container: HTMLElement): number | null {
  const line = container.scrollTop + container.clientHeight * READING_LINE;
  let current: number | null = null;
  for (const element of pageElements(container)) {
    if (topWithin(container, element) > line) break;
    current = Number(element.dataset.page);
  }
  return current;
}

export function scrollToPage(container: HTMLElement, page: number): void {
  const element = container.querySelector<HTMLElement>(`[data-page="${page}"]`);
  if (element) container.scrollTop = Math.max(0, topWithin(container, element) - PAGE_TOP_MARGIN);
}
