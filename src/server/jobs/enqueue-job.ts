/**
 * Puts a job in the `jobs` table inside the caller's transaction: the job exists exactly when the change that needs
 * it committed (a rolled-back registration leaves no mail behind, a committed one cannot lose its mail to a crash).
 * After the commit the caller wakes the runner (`JobSignal.wake()`), so the job runs at once in this process.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/types.ts';
import { jobs } from '../db/schema/index.ts';
import { JOB_POLICIES, type JobKind } from './job-kinds.ts';

export type NewJob = {
  kind: JobKind;
  payload: Record<string, unknown>;
  /** When it may run first; default now. */
  runAt?: Date;
  /** Default: the kind's policy. */
  maxAttempts?: number;
  /** At most one unfinished job per key: a second enqueue with the same key is a no-op (answers null). */
  dedupeKey?: string;
};

/** What a route hands the runner after its transaction committed. */
export type JobSignal = { wake(): void };

export async function enqueueJob(tx: Db, job: NewJob, now: Date): Promise<string | null> {
  const [row] = await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      dedupeKey: job.dedupeKey ?? null,
      runAt: job.runAt ?? now,
      maxAttempts: job.maxAttempts ?? JOB_POLICIES[job.kind].maxAttempts,
      createdAt: now,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.doneAt} is null and ${jobs.failedAt} is null` })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}
