/**
 * The server's Prometheus metrics, in a Registry of their own (not prom-client's global one: tests and several apps
 * in one process must not share counters):
 *
 *   http_requests_total{method,route,status}            counter, per finished request
 *   http_request_duration_seconds{method,route}          histogram, from the first byte in to the last byte out
 *   jobs_queue_depth{kind,state}                         gauge, state due | running | failed, read from the jobs
 *                                                        table at scrape time (bounded by a timeout)
 *   database_pool_connections{state}                     gauge, state total | idle | waiting (PostgreSQL's pool;
 *                                                        PGlite: total 1, its one connection)
 *   metrics_collect_errors_total{collector}              counter, a scrape-time read that failed or timed out
 *   process_* and nodejs_*                               prom-client's default metrics
 *
 * Labels hold the route PATTERN and a known method name only: a label per id or per made-up method would let any
 * client grow the series without bound.
 */
import { and, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../clock.ts';
import { jobs } from '../db/schema/index.ts';
import type { ConnectionCounts, Db } from '../db/types.ts';
import type { CompletedRequest } from '../http/request-id.ts';
import { JOB_KINDS } from '../jobs/job-kinds.ts';
import type { Log } from '../log.ts';

export type Metrics = {
  readonly registry: Registry;
  /** Counts and times one finished request (request-id.ts's onComplete). */
  observeRequest(request: CompletedRequest): void;
  /** The exposition text and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
};

export type MetricsOptions = {
  db: Db;
  /** PostgreSQL's pool counts; absent: PGlite's one connection. */
  connections?: (() => ConnectionCounts) | undefined;
  clock: Clock;
  log: Log;
  /** The jobs table read at scrape time gives up after this; default 1 s. */
  collectTimeoutMs?: number;
  /** prom-client's process and Node metrics; default on. */
  defaultMetrics?: boolean;
};

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const JOB_STATES = ['due', 'running', 'failed'] as const;
export const METRICS_COLLECT_TIMEOUT_MS = 1_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createMetrics({ db, connections, clock, log, collectTimeoutMs = METRICS_COLLECT_TIMEOUT_MS, defaultMetrics = true }: MetricsOptions): Metrics {
  const registry = new Registry();
  if (defaultMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  /** Failed scrape-time reads, reported by the counter below (created after the gauges that feed it). */
  const failedReads = new Map<string, number>();
  let jobsRead: Promise<void> | null = null;

  new Gauge({
    name: 'jobs_queue_depth',
    help: 'Durable jobs by kind and state: due (waiting to run), running (under a live lease), failed (given up).',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    collect() {
      jobsRead = readJobs(this);
      return jobsRead;
    },
  });
  async function readJobs(gauge: Gauge<'kind' | 'state'>): Promise<void> {
    gauge.reset();
    const now = clock.now();
    const unfinished = and(isNull(jobs.doneAt), isNull(jobs.failedAt));
    const leased = and(isNotNull(jobs.lockedUntil), gt(jobs.lockedUntil, now));
    try {
      // Finished jobs (done_at set) are not read: they are most of the table until the sweep removes them.
      const rows = await withTimeout(
        db
          .select({
            kind: jobs.kind,
            due: sql<string>`count(*) filter (where ${and(unfinished, lte(jobs.runAt, now), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)))})`,
            running: sql<string>`count(*) filter (where ${and(unfinished, leased)})`,
            failed: sql<string>`count(*) filter (where ${isNotNull(jobs.failedAt)})`,
          })
          .from(jobs)
          .where(isNull(jobs.doneAt))
          .groupBy(jobs.kind),
        collectTimeoutMs,
      );
      // Every kind appears, with 0 when it has no such job: a missing series would read as "no data".
      for (const kind of JOB_KINDS) for (const state of JOB_STATES) gauge.set({ kind, state }, 0);
      for (const row of rows) {
        for (const state of JOB_STATES) gauge.set({ kind: row.kind, state }, Number(row[state]));
      }
    } catch (error) {
      failedReads.set('jobs', (failedReads.get('jobs') ?? 0) + 1);
      log.warn('Reading the job queue for the metrics failed', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  new Gauge({
    name: 'database_pool_connections',
    help: 'Database connections: total open, idle, and callers waiting for one (PGlite: one connection).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const counts = connections ? connections() : { total: 1 };
      for (const [state, value] of Object.entries(counts)) this.set({ state }, value);
    },
  });

  // Registered last: prom-client collects every metric side by side, and this one waits for this scrape's reads, so a
  // read that failed shows in the same scrape.
  new Counter({
    name: 'metrics_collect_errors_total',
    help: 'Scrape-time reads that failed or timed out (their gauges are left empty for that scrape).',
    labelNames: ['collector'] as const,
    registers: [registry],
    async collect() {
      await jobsRead;
      this.reset();
      for (const [collector, errors] of failedReads) this.inc({ collector }, errors);
    },
  });

  return {
    registry,
    observeRequest(request) {
      const method = KNOWN_METHODS.has(request.method) ? request.method : 'OTHER';
      requests.inc({ method, route: request.route, status: String(request.status) });
      duration.observe({ method, route: request.route }, request.ms / 1000);
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
