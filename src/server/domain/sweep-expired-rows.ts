/**
 * Removes rows that can no longer do anything: one-time code challenges and sessions past their expiry (tokens
 * are refused at that point anyway), attempt counters whose window and block are over, and finished jobs. They are
 * kept a day past expiry (a job a day past done) so a support question about yesterday can still be answered from
 * the rows; a job that was given up is kept KEEP_FAILED_JOBS_MS for inspection. The audit trail keeps the rest.
 * The back-office's sign-in challenges, sessions and enrolment links go the same way (the audit trail records each use).
 * Run at start and every hour by the server; one statement per table, each its own transaction.
 */
import { and, isNull, lt, or } from 'drizzle-orm';
import { attemptCounters, emailChallenges, jobs, sessions, staffChallenges, staffEnrolments, staffSessions } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { LONGEST_WINDOW_SECONDS } from './attempt-counters.ts';

export const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;
export const KEEP_FAILED_JOBS_MS = 30 * KEEP_EXPIRED_MS;

export type SweepReport = { challenges: number; sessions: number; counters: number; jobs: number; staffChallenges: number; staffSessions: number; staffEnrolments: number };

export async function sweepExpiredRows(db: Db, now: Date): Promise<SweepReport> {
  const cutoff = new Date(now.getTime() - KEEP_EXPIRED_MS);
  const challenges = await db.delete(emailChallenges).where(lt(emailChallenges.expiresAt, cutoff)).returning({ id: emailChallenges.id });
  const expiredSessions = await db.delete(sessions).where(lt(sessions.expiresAt, cutoff)).returning({ jti: sessions.jti });
  const windowOver = new Date(now.getTime() - LONGEST_WINDOW_SECONDS * 1000);
  const counters = await db
    .delete(attemptCounters)
    .where(and(lt(attemptCounters.windowStartedAt, windowOver), or(isNull(attemptCounters.blockedUntil), lt(attemptCounters.blockedUntil, now))))
    .returning({ key: attemptCounters.key });
  const finished = await db
    .delete(jobs)
    .where(or(lt(jobs.doneAt, cutoff), lt(jobs.failedAt, new Date(now.getTime() - KEEP_FAILED_JOBS_MS))))
    .returning({ id: jobs.id });
  const staff = {
    staffChallenges: (await db.delete(staffChallenges).where(lt(staffChallenges.expiresAt, cutoff)).returning({ id: staffChallenges.id })).length,
    staffSessions: (await db.delete(staffSessions).where(lt(staffSessions.expiresAt, cutoff)).returning({ jti: staffSessions.jti })).length,
    staffEnrolments: (await db.delete(staffEnrolments).where(lt(staffEnrolments.expiresAt, cutoff)).returning({ id: staffEnrolments.id })).length,
  };
  return { challenges: challenges.length, sessions: expiredSessions.length, counters: counters.length, jobs: finished.length, ...staff };
}
