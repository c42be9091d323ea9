/**
 * Durable jobs (src/server/jobs/): work that must happen after a transaction commits and survive a crash, such as
 * the mail carrying a one-time code. A job is written in the transaction of the change that needs it, claimed by a
 * runner with FOR UPDATE SKIP LOCKED and a lease (locked_until), retried with backoff, and either done (done_at,
 * payload cleared) or given up (failed_at, last_error kept for inspection).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { JOB_KINDS } from '../../jobs/job-kinds.ts';
import { createdAt, sqlTextList, tstz } from './column-types.ts';

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** What the handler needs; null once done (and once given up, for a kind whose payload holds a secret). */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** At most one unfinished job per key (e.g. one mail per challenge). */
    dedupeKey: text('dedupe_key'),
    runAt: tstz('run_at').notNull(),
    /** Runs started so far (counted when claimed, so a run that crashed the process counts too). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** The lease of the runner working on it: until then no other runner claims it. */
    lockedUntil: tstz('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    doneAt: tstz('done_at'),
    failedAt: tstz('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('jobs_kind', sql`${t.kind} in (${sqlTextList(JOB_KINDS)})`),
    check('jobs_attempts', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
    uniqueIndex('jobs_dedupe_key_unfinished').on(t.dedupeKey).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);
