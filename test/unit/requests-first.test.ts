/** Background work waits while the request thread is busy, and never longer than its limit (jobs/requests-first.ts). */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { requestsFirst } from '../../src/server/jobs/requests-first.ts';

/** Keeps this thread's event loop busy: every millisecond, 9 ms of work. */
function busyLoop(): () => void {
  const timer = setInterval(() => {
    const until = performance.now() + 9;
    while (performance.now() < until) {
      /* the request thread at work */
    }
  }, 1);
  return () => clearInterval(timer);
}

describe('requestsFirst', () => {
  it('goes ahead after one quiet window', async () => {
    const wait = requestsFirst({ windowMs: 10, maxWaitMs: 5_000 });
    const started = performance.now();
    await wait();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('waits while the loop is busy, then goes ahead at its limit', async () => {
    const wait = requestsFirst({ windowMs: 10, maxWaitMs: 300 });
    const stop = busyLoop();
    const started = performance.now();
    try {
      await wait();
    } finally {
      stop();
    }
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
  });
});
