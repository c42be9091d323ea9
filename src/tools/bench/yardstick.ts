/**
 * The bare-Hono yardstick interleaved with the portal's load runs. Both servers stay up; for each round and each
 * connection count the runs go bare, endpoint 1, bare, endpoint 2, ..., bare, and each endpoint's ratio is its
 * requests/s over the mean of the two bare runs either side of it. A machine whose load drifts (other work on
 * it) then moves both sides of a ratio alike, which it did not when bare Hono was timed after the portal had stopped.
 */
import { measureLoad, type LoadResult } from './load.ts';
import { median } from './markdown.ts';

export interface Target {
  label: string;
  url: string;
  headers?: Record<string, string>;
}

export interface YardstickRound {
  portal: LoadResult;
  /** The bare runs just before and just after this one. */
  bare: [LoadResult, LoadResult];
  ratio: number;
}

export interface YardstickRow {
  endpoint: string;
  connections: number;
  rounds: YardstickRound[];
}

export interface YardstickOptions {
  connections: readonly number[];
  rounds: number;
  durationSeconds: number;
  /** Not counted: one run of each target before the first round, so JIT and caches are warm in every counted run. */
  warmUpSeconds: number;
  log?: (line: string) => void;
  /** The load run itself (tests give a fake). */
  measure?: typeof measureLoad;
}

export async function interleavedLoad(bareUrl: string, targets: readonly Target[], options: YardstickOptions): Promise<YardstickRow[]> {
  const { connections, rounds, durationSeconds, warmUpSeconds, log = () => undefined, measure = measureLoad } = options;
  const bare = (c: number, seconds = durationSeconds) => measure('GET /ping (bare Hono)', bareUrl, {}, seconds, c);
  const maxConnections = Math.max(...connections);
  log(`warm-up: ${warmUpSeconds} s on each target at ${maxConnections} connections`);
  await bare(maxConnections, warmUpSeconds);
  for (const t of targets) await measure(t.label, t.url, t.headers, warmUpSeconds, maxConnections);

  const rows = targets.flatMap((t) => connections.map((c): YardstickRow => ({ endpoint: t.label, connections: c, rounds: [] })));
  for (let round = 1; round <= rounds; round++) {
    for (const c of connections) {
      log(`round ${round}/${rounds}, ${c} connections: bare, ${targets.map((t) => t.label).join(', bare, ')}, bare (${durationSeconds} s each)`);
      let before = await bare(c);
      for (const t of targets) {
        const portal = await measure(t.label, t.url, t.headers, durationSeconds, c);
        const after = await bare(c);
        const ratio = portal.requestsPerSecond / ((before.requestsPerSecond + after.requestsPerSecond) / 2);
        rows.find((r) => r.endpoint === t.label && r.connections === c)!.rounds.push({ portal, bare: [before, after], ratio });
        before = after;
      }
    }
  }
  return rows;
}

export interface RowSummary {
  portalRps: number;
  bareRps: number;
  ratios: number[];
  ratioMedian: number;
  ratioMin: number;
  ratioMax: number;
  p50Ms: number;
  p99Ms: number;
  p99MaxMs: number;
  /** Of the portal's runs. */
  non2xx: number;
  errors: number;
  /** Non-2xx answers, errors and timeouts of the bare runs beside this row's (a run between two endpoints counts for both). */
  bareFailures: number;
}

/** Medians over the rounds (the p99 too: one round's p99 on a shared machine says more about the machine). */
export function summarise(row: YardstickRow): RowSummary {
  const runs = row.rounds.map((r) => r.portal);
  const bareRuns = row.rounds.flatMap((r) => r.bare);
  const ratios = row.rounds.map((r) => r.ratio);
  return {
    portalRps: median(runs.map((r) => r.requestsPerSecond)),
    bareRps: median(bareRuns.map((r) => r.requestsPerSecond)),
    ratios,
    ratioMedian: median(ratios),
    ratioMin: Math.min(...ratios),
    ratioMax: Math.max(...ratios),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    p99MaxMs: Math.max(...runs.map((r) => r.p99Ms)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    bareFailures: bareRuns.reduce((n, r) => n + r.non2xx + r.errors, 0),
  };
}
