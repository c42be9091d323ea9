/**
 * Lets background work wait while the request thread is busy: resolves once the event loop was idle enough over a
 * short window (utilisation below `busyAbove`), or after `maxWaitMs` whatever the load, so the work is delayed, never
 * starved. Used before each sealing job: on PGlite its database work runs on the request thread, and under a burst of
 * requests it would queue in front of them (the bench's status p99 while sealing, docs/benchmarks.md). Sealing may
 * wait; the investor never waits for it (the downloads page looks again by itself).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export type RequestsFirstOptions = {
  /** Event-loop utilisation (0-1) over a window above which the work waits for the next window. */
  busyAbove?: number;
  windowMs?: number;
  /** The longest the work waits before running anyway. */
  maxWaitMs?: number;
};

export type RequestsFirst = () => Promise<void>;

export function requestsFirst({ busyAbove = 0.5, windowMs = 25, maxWaitMs = 2_000 }: RequestsFirstOptions = {}): RequestsFirst {
  return async () => {
    const started = performance.now();
    for (;;) {
      const before = performance.eventLoopUtilization();
      await sleep(windowMs);
      const { utilization } = performance.eventLoopUtilization(before);
      if (utilization <= busyAbove || performance.now() - started >= maxWaitMs) return;
    }
  };
}
