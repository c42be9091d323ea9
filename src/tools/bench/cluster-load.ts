/**
 * Runs the API journey (journey-investor.ts) for `investors` investors, `concurrency` at a time, against one URL
 * (nginx in front of the instances), with the client's retry on (RetryKind). `milestones` run once the given share of
 * journeys has finished (e.g. kill an instance at 30%), alongside the load, which never waits for them.
 */
import { performance } from 'node:perf_hooks';
import { CallLog, JourneyStop, runJourney } from './journey-investor.ts';
import type { CodeSource } from './cluster-mail.ts';

export type Milestone = { share: number; label: string; run(): Promise<string> };

export type LoadResult = {
  investors: number;
  concurrency: number;
  completed: number;
  wallMs: number;
  log: CallLog;
  /** Journeys that did not complete, with why. */
  lost: string[];
  /** What each milestone reported, with the journeys finished when it began. */
  events: string[];
};

export async function runLoad(options: {
  url: string;
  codes: CodeSource;
  tokenPrice: number;
  investors: number;
  concurrency: number;
  runId: string;
  milestones?: Milestone[];
}): Promise<LoadResult> {
  const { url, codes, tokenPrice, investors, concurrency, runId } = options;
  const log = new CallLog();
  const lost: string[] = [];
  const events: string[] = [];
  const pending = [...(options.milestones ?? [])].sort((a, b) => a.share - b.share);
  const running: Promise<void>[] = [];
  let finished = 0;
  let completed = 0;
  let next = 0;

  const reachMilestones = () => {
    while (pending.length > 0 && finished >= Math.ceil((pending[0] as Milestone).share * investors)) {
      const milestone = pending.shift() as Milestone;
      const at = `${milestone.label} at ${finished}/${investors} journeys`;
      running.push(
        milestone.run().then(
          (detail) => void events.push(`${at}: ${detail}`),
          (error: unknown) => {
            events.push(`${at}: FAILED ${(error as Error).message}`);
            throw error;
          },
        ),
      );
    }
  };

  const started = performance.now();
  const worker = async () => {
    for (let n = next++; n < investors; n = next++) {
      try {
        await runJourney({ baseUrl: url, outbox: codes, log, tokenPrice, retry: true }, n, runId);
        completed++;
      } catch (error) {
        lost.push(`investor ${n}: ${error instanceof JourneyStop ? error.message : (error as Error).message}`);
      }
      finished++;
      reachMilestones();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, investors) }, worker));
  const wallMs = performance.now() - started;
  // A milestone still restarting an instance is part of the run: its failure fails the run.
  await Promise.all(running);
  return { investors, concurrency, completed, wallMs, log, lost, events };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

export type CallStats = { endpoint: string; calls: number; p50: number; p99: number; max: number; errors: number; retried: number };

export function callStats(log: CallLog): CallStats[] {
  return [...log.latencies].map(([endpoint, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      endpoint,
      calls: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? NaN,
      errors: log.failures.get(endpoint) ?? 0,
      retried: log.retried.get(endpoint) ?? 0,
    };
  });
}

export const totalCalls = (log: CallLog) => [...log.latencies.values()].reduce((sum, list) => sum + list.length, 0);
