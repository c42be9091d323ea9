/**
 * Layout checks a screenshot shows but a test can measure: a label broken inside a word (a word whose characters sit
 * on more than one line, measured with a Range over the word), and a page wider than the screen (sideways scrolling).
 */
import type { Page } from 'playwright-core';

/**
 * The step labels of the step indicator, the KYC tabs and the registration progress (and the narrow-screen caption),
 * and the agreements' titles in their accordion.
 */
export const STEP_LABELS = '.steps__title, .steps__caption, .kyc-steps__title, .ui-progress__step-name, .agreement__title';

/** Every visible label in `selector` with a word split over lines: 'Disclos|ure' as ['Disclosure'] per label. */
export function brokenWords(page: Page, selector = STEP_LABELS): Promise<string[]> {
  return page.evaluate((sel) => {
    const broken: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      const box = el.getBoundingClientRect();
      // Visually hidden labels (1 px, clipped) are for screen readers only.
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).display === 'none') continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (const match of node.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(`${match[0]} (in "${el.textContent?.trim()}")`);
        }
      }
    }
    return broken;
  }, selector);
}

/** How far the page is wider than the window (0 when nothing scrolls sideways). */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
