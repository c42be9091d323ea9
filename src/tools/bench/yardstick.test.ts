import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load.ts';
import { interleavedLoad, summarise } from './yardstick.ts';

/** A fake load run: requests/s from a table keyed by the call's position, so the order of the runs is visible. */
function fakeMeasure(rpsOf: (label: string, call: number) => number) {
  const calls: string[] = [];
  const measure = async (label: string, url: string, _headers: Record<string, string> = {}, seconds = 0, connections = 10): Promise<LoadResult> => {
    calls.push(`${label}@${connections}/${seconds}s`);
    return { label, url, connections, requestsPerSecond: rpsOf(label, calls.length), p50Ms: 1, p99Ms: calls.length, total: 1, non2xx: 0, errors: 0 };
  };
  return { calls, measure };
}

describe('interleavedLoad', () => {
  it('runs bare Hono before and after every portal run and divides by the mean of the two', async () => {
    // Bare Hono slows down run by run (a machine getting busier); the portal always does a tenth of the bare rate at that moment.
    const bareAt = (call: number) => 10_000 - call * 100;
    const { calls, measure } = fakeMeasure((label, call) => (label === 'bare' || label.startsWith('GET /ping') ? bareAt(call) : bareAt(call) / 10));
    const rows = await interleavedLoad('http://bare/ping', [{ label: 'status', url: 'http://p/s' }, { label: 'limits', url: 'http://p/l' }], {
      connections: [10, 50],
      rounds: 3,
      durationSeconds: 5,
      warmUpSeconds: 2,
      measure,
    });
    expect(calls.slice(0, 3)).toEqual(['GET /ping (bare Hono)@50/2s', 'status@50/2s', 'limits@50/2s']);
    expect(calls.slice(3, 8)).toEqual(['GET /ping (bare Hono)@10/5s', 'status@10/5s', 'GET /ping (bare Hono)@10/5s', 'limits@10/5s', 'GET /ping (bare Hono)@10/5s']);
    expect(calls).toHaveLength(3 + 3 * 2 * 5);
    expect(rows.map((r) => `${r.endpoint}@${r.connections}`)).toEqual(['status@10', 'status@50', 'limits@10', 'limits@50']);
    for (const row of rows) {
      expect(row.rounds).toHaveLength(3);
      // The drift cancels: the bare mean either side equals the bare rate at the portal run's own moment.
      for (const round of row.rounds) expect(round.ratio).toBeCloseTo(0.1, 10);
    }
    const firstStatus = rows[0]!.rounds[0]!;
    expect(firstStatus.bare.map((b) => b.requestsPerSecond)).toEqual([bareAt(4), bareAt(6)]);
  });

  it('summarises medians, the spread of the ratios and the failures of the portal runs', () => {
    const run = (rps: number, p99: number, non2xx = 0): LoadResult => ({ label: 'x', url: 'u', connections: 50, requestsPerSecond: rps, p50Ms: 2, p99Ms: p99, total: 1, non2xx, errors: 0 });
    const bare = run(1000, 1);
    const s = summarise({
      endpoint: 'status',
      connections: 50,
      rounds: [
        { portal: run(100, 30), bare: [bare, bare], ratio: 0.1 },
        { portal: run(300, 10, 2), bare: [bare, bare], ratio: 0.3 },
        { portal: run(200, 20), bare: [bare, bare], ratio: 0.2 },
      ],
    });
    expect(s).toMatchObject({ portalRps: 200, bareRps: 1000, ratioMedian: 0.2, ratioMin: 0.1, ratioMax: 0.3, p99Ms: 20, p99MaxMs: 30, non2xx: 2, bareFailures: 0 });
  });
});
