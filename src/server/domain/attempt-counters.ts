/**
 * Failure counters with growing delays (soft lockout, OWASP ASVS 5.0 6.3): each key (an address or a client IP)
 * gets `free` failures per 15-minute window; every further failure blocks the key for a delay that doubles,
 * capped at EMAIL_CODE.maxLockoutSeconds. A blocked request is refused without counting, so nothing can
 * extend a block: no real investor is kept out for more than 15 minutes at a time.
 */
import { eq, and, gt, inArray, sql } from 'drizzle-orm';
import { EMAIL_CODE } from '../../shared/auth.ts';
import type { Db } from '../db/types.ts';
import { attemptCounters } from '../db/schema/index.ts';

export type AttemptPolicy = { free: number; baseDelaySeconds: number };

export const WINDOW_SECONDS = 900;

/** Wrong codes per address: one challenge's worth before delays start. */
export const VERIFY_PER_ADDRESS: AttemptPolicy = { free: EMAIL_CODE.maxAttempts, baseDelaySeconds: 30 };
/** Wrong codes per client address: several investors may share one (an office NAT). */
export const VERIFY_PER_IP: AttemptPolicy = { free: 20, baseDelaySeconds: 30 };
/** Code requests (login, register, resend) per client address: bounds mail sent on behalf of one client. */
export const REQUESTS_PER_IP: AttemptPolicy = { free: 30, baseDelaySeconds: 30 };

export const addressKey = (email: string) => `verify-email:${email}`;
/** No client address (only in-process calls): no per-IP counter, as one shared bucket would block everyone. */
export const ipKey = (kind: 'verify' | 'request', ip: string | null): string | null => (ip ? `${kind}-ip:${ip}` : null);

export function delaySeconds(failures: number, policy: AttemptPolicy): number {
  const over = failures - policy.free;
  if (over <= 0) return 0;
  return Math.min(policy.baseDelaySeconds * 2 ** Math.min(over - 1, 20), EMAIL_CODE.maxLockoutSeconds);
}

export async function isBlocked(db: Db, keys: (string | null)[], now: Date): Promise<boolean> {
  const present = keys.filter((k): k is string => k !== null);
  if (present.length === 0) return false;
  const rows = await db
    .select({ key: attemptCounters.key })
    .from(attemptCounters)
    .where(and(inArray(attemptCounters.key, present), gt(attemptCounters.blockedUntil, now)))
    .limit(1);
  return rows.length > 0;
}

/** Counts one failure (or one request) for the key; a window older than 15 minutes starts again at 1. */
export async function recordAttempt(db: Db, key: string | null, policy: AttemptPolicy, now: Date): Promise<void> {
  if (key === null) return;
  const windowStart = new Date(now.getTime() - WINDOW_SECONDS * 1000).toISOString();
  const stale = sql`${attemptCounters.windowStartedAt} <= ${windowStart}::timestamptz`;
  const [row] = await db
    .insert(attemptCounters)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        failures: sql`case when ${stale} then 1 else ${attemptCounters.failures} + 1 end`,
        windowStartedAt: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${attemptCounters.windowStartedAt} end`,
      },
    })
    .returning({ failures: attemptCounters.failures });
  const delay = delaySeconds(row?.failures ?? 1, policy);
  if (delay > 0) {
    await db.update(attemptCounters).set({ blockedUntil: new Date(now.getTime() + delay * 1000) }).where(eq(attemptCounters.key, key));
  }
}

/** A correct code clears the address's counter: the investor proved control of the inbox. */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
}
