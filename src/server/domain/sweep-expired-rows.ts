/**
 * Removes rows that can no longer do anything: one-time code challenges and sessions past their expiry (tokens
 * are refused at that point anyway) and attempt counters whose window and block are over. They are kept a day past
 * expiry so a support question about yesterday can still be answered from the rows; the audit trail keeps the rest.
 * Run at start and every hour by the server; one statement per table, each its own transaction.
 */
import { and, isNull, lt, or } from 'drizzle-orm';
import { attemptCounters, emailChallenges, sessions } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { WINDOW_SECONDS } from './attempt-counters.ts';

export const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;

export type SweepReport = { challenges: number; sessions: number; counters: number };

export async function sweepExpiredRows(db: Db, now: Date): Promise<SweepReport> {
  const cutoff = new Date(now.getTime() - KEEP_EXPIRED_MS);
  const challenges = await db.delete(emailChallenges).where(lt(emailChallenges.expiresAt, cutoff)).returning({ id: emailChallenges.id });
  const expiredSessions = await db.delete(sessions).where(lt(sessions.expiresAt, cutoff)).returning({ jti: sessions.jti });
  const windowOver = new Date(now.getTime() - WINDOW_SECONDS * 1000);
  const counters = await db
    .delete(attemptCounters)
    .where(and(lt(attemptCounters.windowStartedAt, windowOver), or(isNull(attemptCounters.blockedUntil), lt(attemptCounters.blockedUntil, now))))
    .returning({ key: attemptCounters.key });
  return { challenges: challenges.length, sessions: expiredSessions.length, counters: counters.length };
}
