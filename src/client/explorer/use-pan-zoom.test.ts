/**
 * The view rules of use-pan-zoom.ts as plain arithmetic: the first view of a chart (whole when readable, else a
 * readable scale around the initial state) and following the active states of a replay.
 */
import { describe, expect, it } from 'vitest';
import { MIN_READABLE_SCALE, READABLE_SCALE, fitViewBox, followViewBox, initialViewBox, scaleOf } from './use-pan-zoom.ts';

// The registration chart's shape and its initial state (checkingSettings, near the top right).
const WIDE = { width: 3468.6, height: 919 };
const CHECKING = { x: 2684.5, y: 268, width: 144, height: 40 };
const DESKTOP = { width: 800, height: 520 };
const PHONE = { width: 340, height: 480 };

describe('initialViewBox', () => {
  it('fits a small chart whole when that keeps its text readable', () => {
    const vb = initialViewBox(400, 300, { x: 10, y: 10, width: 80, height: 40 }, DESKTOP);
    expect(vb).toEqual(fitViewBox(400, 300));
    expect(scaleOf(vb, DESKTOP)).toBeGreaterThanOrEqual(MIN_READABLE_SCALE);
  });

  it('starts a wide chart at a readable scale with its initial state in view', () => {
    for (const viewport of [DESKTOP, PHONE]) {
      expect(scaleOf(fitViewBox(WIDE.width, WIDE.height), viewport)).toBeLessThan(MIN_READABLE_SCALE);
      const vb = initialViewBox(WIDE.width, WIDE.height, CHECKING, viewport);
      expect(scaleOf(vb, viewport)).toBeCloseTo(READABLE_SCALE);
      expect(vb.x).toBeLessThanOrEqual(CHECKING.x);
      expect(vb.y).toBeLessThanOrEqual(CHECKING.y);
      expect(vb.x + vb.width).toBeGreaterThanOrEqual(CHECKING.x + CHECKING.width);
      expect(vb.y + vb.height).toBeGreaterThanOrEqual(CHECKING.y + CHECKING.height);
      // Kept on the chart: nothing but empty space beyond its edges.
      const fit = fitViewBox(WIDE.width, WIDE.height);
      expect(vb.x).toBeGreaterThanOrEqual(fit.x);
      expect(vb.x + vb.width).toBeLessThanOrEqual(fit.x + fit.width + 1e-9);
    }
  });

  it('fits whole before layout (no viewport measured) or without an initial state', () => {
    expect(initialViewBox(WIDE.width, WIDE.height, CHECKING, null)).toEqual(fitViewBox(WIDE.width, WIDE.height));
    expect(initialViewBox(WIDE.width, WIDE.height, null, DESKTOP)).toEqual(fitViewBox(WIDE.width, WIDE.height));
  });
});

describe('followViewBox', () => {
  const fit = fitViewBox(WIDE.width, WIDE.height);
  const investor = { x: 1660.7, y: 642, width: 88, height: 60 };

  it('moves to the active states when they are out of view, at a readable scale', () => {
    const start = initialViewBox(WIDE.width, WIDE.height, CHECKING, DESKTOP);
    const vb = followViewBox(start, investor, DESKTOP, fit)!;
    expect(vb).not.toBeNull();
    expect(scaleOf(vb, DESKTOP)).toBeCloseTo(READABLE_SCALE);
    expect(vb.x + vb.width / 2).toBeCloseTo(investor.x + investor.width / 2);
    expect(vb.y).toBeLessThanOrEqual(investor.y);
    expect(vb.y + vb.height).toBeGreaterThanOrEqual(investor.y + investor.height);
  });

  it('zooms in from an unreadable fitted view', () => {
    const vb = followViewBox(fit, investor, DESKTOP, fit)!;
    expect(scaleOf(vb, DESKTOP)).toBeCloseTo(READABLE_SCALE);
  });

  it('stays put when the active states are already in view and readable', () => {
    const here = { x: 1400, y: 400, width: DESKTOP.width, height: DESKTOP.height };
    expect(followViewBox(here, investor, DESKTOP, fit)).toBeNull();
  });

  it('keeps a closer zoom the user chose, and zooms out only as far as needed for spread-out states', () => {
    const close = { x: 0, y: 0, width: DESKTOP.width / 2, height: DESKTOP.height / 2 };
    expect(scaleOf(followViewBox(close, investor, DESKTOP, fit)!, DESKTOP)).toBeCloseTo(2);
    const spread = { x: 100, y: 100, width: 1500, height: 300 };
    const vb = followViewBox(fit, spread, DESKTOP, fit)!;
    expect(vb.x).toBeLessThanOrEqual(spread.x);
    expect(vb.x + vb.width).toBeGreaterThanOrEqual(spread.x + spread.width);
  });
});
