/**
 * In-page timing for the disclosure viewer bench, installed with context.addInitScript. Plain JavaScript in a
 * string: functions Playwright serialises from here would carry tsx's `__name(...)` helper, which the page lacks.
 *
 * window.__g2gBench.openAndTimeFirstPaint(button, timeoutMs) clicks the button and polls once per animation frame
 * until a canvas inside .dv-viewport holds non-white pixels; it answers { ms, resources } with ms from just before
 * the click to that frame, and resources: the Resource Timing entries that started after the click, relative to it.
 * Reading the canvas goes through a small canvas of our own, so the viewer's canvases are never given a context.
 */
export interface ProbeResource {
  url: string;
  initiatorType: string;
  startMs: number;
  endMs: number;
  /** 0 when served from the HTTP cache; header bytes only for a 304. */
  transferSize: number;
  encodedBodySize: number;
  /** 'cache' when Chromium served it from its cache (Resource Timing deliveryType). */
  deliveryType: string;
}

export interface ProbeAnswer {
  ms: number;
  resources: ProbeResource[];
}

/** What PROBE_SCRIPT puts on window, for typing the page-side calls. */
export interface BenchProbe {
  openAndTimeFirstPaint(button: Element, timeoutMs: number): Promise<ProbeAnswer>;
  resourcesSince(start: number): ProbeResource[];
}
export type ProbedWindow = { __g2gBench: BenchProbe };

export const PROBE_SCRIPT = `
(() => {
  const SAMPLE = 96;
  const NEAR_WHITE = 250;
  function painted(probe, canvas) {
    if (!canvas.width || !canvas.height) return false;
    probe.clearRect(0, 0, SAMPLE, SAMPLE);
    probe.drawImage(canvas, 0, 0, SAMPLE, SAMPLE);
    const d = probe.getImageData(0, 0, SAMPLE, SAMPLE).data;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] > 0 && (d[i] < NEAR_WHITE || d[i + 1] < NEAR_WHITE || d[i + 2] < NEAR_WHITE)) return true;
    }
    return false;
  }
  function resourcesSince(start) {
    return performance.getEntriesByType('resource').filter((e) => e.startTime >= start).map((e) => ({
      url: e.name,
      initiatorType: e.initiatorType,
      startMs: e.startTime - start,
      endMs: e.responseEnd - start,
      transferSize: e.transferSize,
      encodedBodySize: e.encodedBodySize,
      deliveryType: e.deliveryType || '',
    }));
  }
  function openAndTimeFirstPaint(button, timeoutMs) {
    const sample = document.createElement('canvas');
    sample.width = SAMPLE;
    sample.height = SAMPLE;
    const probe = sample.getContext('2d', { willReadFrequently: true });
    return new Promise((resolve, reject) => {
      const start = performance.now();
      button.click();
      function frame() {
        const now = performance.now();
        for (const canvas of document.querySelectorAll('.dv-viewport canvas')) {
          if (painted(probe, canvas)) return resolve({ ms: now - start, resources: resourcesSince(start) });
        }
        if (now - start > timeoutMs) return reject(new Error('no painted PDF page within ' + timeoutMs + ' ms'));
        requestAnimationFrame(frame);
      }
      requestAnimationFrame(frame);
    });
  }
  window.__g2gBench = { openAndTimeFirstPaint, resourcesSince };
})();
`;
