/**
 * Runs the durable jobs of the `jobs` table (enqueue-job.ts), on any number of server instances sharing a database:
 * - claim: ONE statement takes up to `batch` due jobs of one kind (each kind has its own lane, see runDueJobs) (`FOR UPDATE SKIP LOCKED` in its subquery, so two runners never
 *   take the same row), counts the attempt and sets a lease (`locked_until`, `locked_by`); a job under a live lease is
 *   not due for anyone else;
 * - while a job runs, its lease is renewed every third of the lease, so a slow run keeps it and a runner that died
 *   (kill -9, power loss) loses it: the job is claimed again once the lease has run out;
 * - success: `done_at` set and the payload cleared (a mail's text holds a one-time code); failure: retried after
 *   the kind's backoff (base * 2^(attempt-1), capped), or given up after `max_attempts` runs (`failed_at`, the last
 *   error kept for inspection and logged; the payload cleared when it holds a secret). Payloads are never logged;
 * - `wake()` runs a pass of each kind at once (after a commit in this process: no polling delay for a login code); one
 *   kind never waits for another (a lane each, see runDueJobs); a pass
 *   also runs every `pollMs` (jobs of other instances, retries, crash leftovers);
 * - `close()` stops claiming and waits for the jobs in flight; after `closeTimeoutMs` it releases their leases so
 *   another instance (or the next start) runs them.
 * Times come from the injected clock (run_at, leases, backoff), so tests move time instead of sleeping.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { cleanText } from '../../shared/plain-data.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/types.ts';
import { jobs } from '../db/schema/index.ts';
import type { Log } from '../log.ts';
import { JOB_KINDS, JOB_POLICIES, backoffSeconds, type JobKind } from './job-kinds.ts';
import type { JobSignal } from './enqueue-job.ts';

/** A job that can never succeed (e.g. a payload that does not parse): given up at once, not retried. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

export type ClaimedJob = { id: string; kind: JobKind; attempts: number; maxAttempts: number };

/** What one kind does with its payload. `parse` checks the stored payload: a row is data, not trusted input. */
export type JobHandler<P = unknown> = { parse(payload: unknown): P; run(payload: P, job: ClaimedJob): Promise<void> };
export type JobHandlers = Record<JobKind, JobHandler<unknown>>;

export type JobRunner = JobSignal & {
  /** Claims and runs due jobs until none is due (or the runner closes); answers how many ran. */
  runDueJobs(): Promise<number>;
  /** Polls every `pollMs` from now on (the server's runner; tests call runDueJobs() instead). */
  start(): void;
  close(): Promise<void>;
};

export type JobRunnerOptions = {
  db: Db;
  handlers: JobHandlers;
  clock: Clock;
  log: Log;
  /** Names this runner in `locked_by`. */
  workerId?: string;
  pollMs?: number;
  leaseMs?: number;
  batch?: number;
  closeTimeoutMs?: number;
};

/** A failure's text as last_error keeps it: 500 characters, storable whatever a library wrote (plain-data.ts cleanText). */
const describe = (error: unknown): string => cleanText((error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500));

export function createJobRunner({ db, handlers, clock, log, workerId = `runner-${randomUUID()}`, pollMs = 5_000, leaseMs = 60_000, batch = 5, closeTimeoutMs = 10_000 }: JobRunnerOptions): JobRunner {
  let closed = false;
  let started = false;
  /** Per kind: its poll timer, its pass in progress, and whether it was woken during that pass. */
  const lanes = new Map(JOB_KINDS.map((kind) => [kind, { timer: null as NodeJS.Timeout | null, pass: null as Promise<unknown> | null, again: false }]));
  const inFlight = new Set<Promise<void>>();

  const later = (ms: number) => new Date(clock.now().getTime() + ms);

  async function claim(kind: JobKind): Promise<ClaimedJob[]> {
    const now = clock.now();
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), isNull(jobs.doneAt), isNull(jobs.failedAt), lte(jobs.runAt, now), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now))))
      .orderBy(jobs.runAt, jobs.createdAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(jobs)
      .set({ attempts: sql`${jobs.attempts} + 1`, lockedUntil: new Date(now.getTime() + leaseMs), lockedBy: workerId })
      .where(inArray(jobs.id, due))
      .returning({ id: jobs.id, kind: jobs.kind, attempts: jobs.attempts, maxAttempts: jobs.maxAttempts });
    return rows as ClaimedJob[];
  }

  const mine = (id: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), isNull(jobs.doneAt), isNull(jobs.failedAt));

  async function giveUp(job: ClaimedJob, error: string) {
    const secret = JOB_POLICIES[job.kind]?.secretPayload ?? true;
    await db
      .update(jobs)
      .set({ failedAt: clock.now(), lockedUntil: null, lastError: error, ...(secret ? { payload: null } : {}) })
      .where(mine(job.id));
    log.error('A job was given up', { job: job.id, kind: job.kind, attempts: job.attempts, error });
  }

  async function runOne(job: ClaimedJob): Promise<void> {
    if (job.attempts > job.maxAttempts) {
      // Its last run ended without an answer (the runner died holding it): nothing more to try.
      await giveUp(job, 'the last attempt did not finish (its runner stopped)');
      return;
    }
    const renew = setInterval(() => {
      db.update(jobs)
        .set({ lockedUntil: later(leaseMs) })
        .where(mine(job.id))
        .catch((error: unknown) => log.warn('Renewing a job lease failed', { job: job.id, error: describe(error) }));
    }, Math.max(leaseMs / 3, 10));
    renew.unref();
    try {
      const handler = handlers[job.kind] as JobHandler<unknown> | undefined;
      if (!handler) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
      const [row] = await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, job.id));
      let payload: unknown;
      try {
        payload = handler.parse(row?.payload);
      } catch {
        throw new PermanentJobError('the payload is not what this kind of job takes');
      }
      await handler.run(payload, job);
      clearInterval(renew);
      await db.update(jobs).set({ doneAt: clock.now(), payload: null, lockedUntil: null, lastError: null }).where(and(eq(jobs.id, job.id), isNull(jobs.doneAt)));
    } catch (error) {
      clearInterval(renew);
      const reason = describe(error);
      if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
        await giveUp(job, reason);
        return;
      }
      const delay = backoffSeconds(JOB_POLICIES[job.kind], job.attempts);
      await db.update(jobs).set({ runAt: later(delay * 1000), lockedUntil: null, lastError: reason }).where(mine(job.id));
      log.warn('A job failed and will be retried', { job: job.id, kind: job.kind, attempts: job.attempts, retryInSeconds: delay, error: reason });
    }
  }

  function track(job: ClaimedJob): Promise<void> {
    const running = runOne(job).catch((error: unknown) => log.error('Recording a job outcome failed', { job: job.id, error: describe(error) }));
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
    return running;
  }

  /** One kind's due jobs, a batch at a time. */
  async function drain(kind: JobKind): Promise<number> {
    let ran = 0;
    while (!closed) {
      const claimed = await claim(kind);
      if (claimed.length === 0) break;
      await Promise.all(claimed.map(track));
      ran += claimed.length;
    }
    return ran;
  }

  /**
   * Each kind in its own lane, side by side: a batch waits for its slowest job, and with one queue for all kinds a
   * login code's mail waited behind sealing batches (each sealing job waits up to 2 s for a quiet event loop, then
   * seals): under the journey bench codes took over 30 s to arrive (issue 14). Within a kind, jobs run by run_at.
   */
  async function runDueJobs(): Promise<number> {
    const ran = await Promise.all(JOB_KINDS.map(drain));
    return ran.reduce((a, b) => a + b, 0);
  }

  function schedule(kind: JobKind, ms: number) {
    const lane = lanes.get(kind)!;
    if (closed || !started) return;
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = setTimeout(() => loop(kind), ms);
    lane.timer.unref();
  }

  /** One pass over a kind's due jobs; a lane woken during its pass runs again right after it. */
  function loop(kind: JobKind) {
    const lane = lanes.get(kind)!;
    lane.timer = null;
    if (closed) return;
    if (lane.pass) {
      lane.again = true;
      return;
    }
    lane.again = false;
    lane.pass = drain(kind)
      .catch((error: unknown) => log.error('Running jobs failed', { kind, error: describe(error) }))
      .finally(() => {
        lane.pass = null;
        if (lane.again) loop(kind);
        else schedule(kind, pollMs);
      });
  }

  return {
    runDueJobs,
    wake() {
      if (!started || closed) return;
      for (const [kind, lane] of lanes) {
        if (lane.pass) lane.again = true;
        else schedule(kind, 0);
      }
    },
    start() {
      if (started || closed) return;
      started = true;
      for (const kind of JOB_KINDS) schedule(kind, 0);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const lane of lanes.values()) if (lane.timer) clearTimeout(lane.timer);
      const finished = Promise.all([...[...lanes.values()].map((lane) => lane.pass), ...inFlight]).then(() => true);
      const deadline = new Promise<false>((resolve) => setTimeout(() => resolve(false), closeTimeoutMs).unref());
      if (await Promise.race([finished, deadline])) return;
      // Still running: hand the leases back, so the jobs are claimed again (by another instance or the next start).
      await db
        .update(jobs)
        .set({ lockedUntil: null })
        .where(and(eq(jobs.lockedBy, workerId), isNull(jobs.doneAt), isNull(jobs.failedAt)))
        .catch((error: unknown) => log.error('Releasing jobs at close failed', { error: describe(error) }));
    },
  };
}
