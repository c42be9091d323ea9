/**
 * The keyboard focus ring meets WCAG 2.2 (1.4.11 non-text contrast, 2.4.11 focus not obscured), read from the
 * computed style in Chromium, not only by axe (axe does not judge focus indicators): on the investor's sign-in,
 * registration and /verify pages and the back-office sign-in, every control reached with Tab shows an opaque ring
 * whose colour stands at least 3:1 against what surrounds the control, and lies wholly inside the viewport.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseUrl, describeE2E, newPage, type PageHandle } from '../harness/browser.ts';
import { staffOrigin } from '../harness/staff.ts';

type Rgba = [number, number, number, number];

const parseColours = (text: string): Rgba[] =>
  [...text.matchAll(/rgba?\(([^)]+)\)/g)].map((m) => {
    const [r = 0, g = 0, b = 0, a = 1] = m[1]!.split(',').map((part) => Number(part.trim()));
    return [r, g, b, a];
  });

const luminance = ([r, g, b]: Rgba) => {
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
const contrast = (a: Rgba, b: Rgba) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

type Focused = { name: string; shadow: string; outline: string; outlineColor: string; around: string; inView: boolean };

/** What has the focus now: its ring (box-shadow or outline), the first opaque background behind it, and whether it is in view. */
const readFocus = (page: PageHandle['page']) =>
  page.evaluate((): Focused | null => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    let around = 'rgb(255, 255, 255)';
    for (let node = el.parentElement; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg && !/rgba\([^)]*,\s*0\)$/.test(bg) && bg !== 'transparent') {
        around = bg;
        break;
      }
    }
    const box = el.getBoundingClientRect();
    const inView = box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
    const name = `${el.tagName.toLowerCase()} ${(el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).name ?? '').trim().slice(0, 40)}`;
    return { name, shadow: style.boxShadow, outline: style.outlineStyle, outlineColor: style.outlineColor, around, inView };
  });

describeE2E('focus ring contrast (WCAG 2.2 1.4.11, 2.4.11)', () => {
  let h: PageHandle;
  beforeAll(async () => {
    h = await newPage({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(() => h.close());

  it('every control reached with Tab shows an opaque ring at 3:1 or more, in view', async () => {
    const { page } = h;
    const checked: string[] = [];
    for (const url of [`${baseUrl}/auth/login`, `${baseUrl}/auth/register`, `${baseUrl}/verify`, `${staffOrigin}/admin`]) {
      await page.goto(url);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        const focus = await readFocus(page);
        if (!focus) continue;
        const ring = focus.outline !== 'none' && focus.outline !== '' ? parseColours(focus.outlineColor) : parseColours(focus.shadow);
        const where = `${url} ${focus.name}`;
        expect(ring.length, `${where}: no focus ring (${focus.shadow} / ${focus.outline})`).toBeGreaterThan(0);
        const outer = ring.at(-1)!;
        expect(outer[3], `${where}: the ring is see-through`).toBe(1);
        const against = parseColours(focus.around)[0]!;
        expect(contrast(outer, against), `${where}: ring ${focus.shadow} against ${focus.around}`).toBeGreaterThanOrEqual(3);
        expect(focus.inView, `${where}: the focused control is not in view`).toBe(true);
        checked.push(where);
      }
    }
    expect(checked.length).toBeGreaterThan(12);
  }, 120_000);
});
