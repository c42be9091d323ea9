/**
 * Failure counters (soft lockout, OWASP ASVS 5.0 6.3; NIST SP 800-63B 5.2.2). A counter has a key, the failures in
 * its window (which starts at its first failure and, once over, starts again) and the time it is blocked until:
 * - backoff: `free` failures, then every further one blocks the key for a delay that doubles (30 s, 60 s, ...),
 *   capped at EMAIL_CODE.maxLockoutSeconds; a blocked key is refused without counting, so nothing extends a block;
 * - ceiling: at `limit` failures the key is blocked until its window ends.
 * Checked and counted in the caller's transaction on rows locked FOR UPDATE (lockCounters), so parallel requests
 * cannot all pass a check made before any of them counted (issue 10, finding 6).
 *
 * The policy (docs/server.md "Rate limits" computes the worst-case guessing odds from these numbers):
 * - wrong codes per (address, client address): VERIFY_PER_ADDRESS_CLIENT. Slows down a guesser for the one address
 *   it guesses at, never the investor at their own client address;
 * - wrong codes per address from all clients: VERIFY_ADDRESS_CEILING, far above what an investor mistypes. Over it,
 *   only client addresses the account signed in from before (known clients) may still try a code;
 * - wrong codes per client address: VERIFY_PER_CLIENT (several investors may share one, an office NAT);
 * (a client is an IPv4 address or an IPv6 /64: perClientKey below, client-network.ts)
 * - code requests per client address: REQUESTS_PER_CLIENT (bounds the mail one client makes us send; an office can
 *   still register dozens of investors in an hour). Nothing counts requests per address: asking for a code can
 *   never keep the investor from asking for theirs.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EMAIL_CODE } from '../../shared/auth.ts';
import type { Db } from '../db/types.ts';
import { attemptCounters } from '../db/schema/index.ts';
import { clientOf } from './client-network.ts';

export type BackoffPolicy = { kind: 'backoff'; free: number; baseDelaySeconds: number; windowSeconds: number };
export type CeilingPolicy = { kind: 'ceiling'; limit: number; windowSeconds: number };
export type CounterPolicy = BackoffPolicy | CeilingPolicy;

const DAY_SECONDS = 86_400;

export const VERIFY_PER_ADDRESS_CLIENT: BackoffPolicy = { kind: 'backoff', free: EMAIL_CODE.maxAttempts, baseDelaySeconds: 30, windowSeconds: DAY_SECONDS };
export const VERIFY_ADDRESS_CEILING: CeilingPolicy = { kind: 'ceiling', limit: 30, windowSeconds: DAY_SECONDS };
export const VERIFY_PER_CLIENT: BackoffPolicy = { kind: 'backoff', free: 20, baseDelaySeconds: 30, windowSeconds: 900 };
export const REQUESTS_PER_CLIENT: BackoffPolicy = { kind: 'backoff', free: 60, baseDelaySeconds: 30, windowSeconds: 900 };
/** A client address counts as known for an account for this long after it signed in or registered from there. */
export const KNOWN_CLIENT_DAYS = 90;
/** The longest window: a counter older than this, and not blocked, can be swept. */
export const LONGEST_WINDOW_SECONDS = DAY_SECONDS;

export const addressKey = (email: string) => `verify-address:${email}`;
/**
 * A per-client key: `prefix` and the client the address belongs to (client-network.ts: an IPv4 address or an IPv6
 * /64), the one way every per-client limit names its client. No client address (only in-process calls): no
 * per-client counter, as one shared bucket would block everyone.
 */
export const perClientKey = (prefix: string, ip: string | null): string | null => {
  const client = clientOf(ip);
  return client === null ? null : `${prefix}${client}`;
};
export const addressClientKey = (email: string, ip: string | null): string | null => perClientKey(`verify-address-client:${email}|`, ip);
export const clientKey = (kind: 'verify' | 'request', ip: string | null): string | null => perClientKey(`${kind}-client:`, ip);

/** The delay a backoff key gets at its `failures`-th failure (0: none yet). */
export function delaySeconds(failures: number, policy: BackoffPolicy): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.baseDelaySeconds * 2 ** Math.min(failures - policy.free, 20), EMAIL_CODE.maxLockoutSeconds);
}

export type Counter = { key: string; failures: number; windowStartedAt: Date; blockedUntil: Date | null };
export type Counters = ReadonlyMap<string, Counter>;

/**
 * Locks the existing counters of `keys` (in key order, so two transactions never wait on each other in a circle)
 * until the caller's transaction ends, and answers them. A key without a row has no failures.
 */
export async function lockCounters(tx: Db, keys: (string | null)[]): Promise<Counters> {
  const present = [...new Set(keys.filter((k): k is string => k !== null))].sort();
  if (present.length === 0) return new Map();
  const rows = await tx.select().from(attemptCounters).where(inArray(attemptCounters.key, present)).orderBy(asc(attemptCounters.key)).for('update');
  return new Map(rows.map((row) => [row.key, row]));
}

export const isBlocked = (counters: Counters, key: string | null, now: Date): boolean => {
  const until = key === null ? null : counters.get(key)?.blockedUntil;
  return !!until && until.getTime() > now.getTime();
};

/** Counts one failure (or one request) for the key; a window that is over starts again at 1. */
export async function recordFailure(tx: Db, key: string | null, policy: CounterPolicy, now: Date): Promise<void> {
  if (key === null) return;
  const windowStart = new Date(now.getTime() - policy.windowSeconds * 1000).toISOString();
  const stale = sql`${attemptCounters.windowStartedAt} <= ${windowStart}::timestamptz`;
  const [row] = await tx
    .insert(attemptCounters)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        failures: sql`case when ${stale} then 1 else ${attemptCounters.failures} + 1 end`,
        windowStartedAt: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${attemptCounters.windowStartedAt} end`,
      },
    })
    .returning({ failures: attemptCounters.failures, windowStartedAt: attemptCounters.windowStartedAt });
  if (!row) return;
  let blockedUntil: Date | null = null;
  if (policy.kind === 'backoff') {
    const delay = delaySeconds(row.failures, policy);
    if (delay > 0) blockedUntil = new Date(now.getTime() + delay * 1000);
  } else if (row.failures >= policy.limit) {
    blockedUntil = new Date(row.windowStartedAt.getTime() + policy.windowSeconds * 1000);
  }
  if (blockedUntil) await tx.update(attemptCounters).set({ blockedUntil }).where(eq(attemptCounters.key, key));
}

/**
 * For a request limit outside any other transaction: checks and counts in one locked step. Answers false (nothing
 * counted) when the key is blocked.
 */
export async function admitRequest(db: Db, key: string | null, policy: BackoffPolicy, now: Date): Promise<boolean> {
  if (key === null) return true;
  return db.transaction(async (tx) => {
    if (isBlocked(await lockCounters(tx, [key]), key, now)) return false;
    await recordFailure(tx, key, policy, now);
    return true;
  });
}

/** A right code clears the counter of the client that gave it, for that address. */
export async function clearCounter(tx: Db, key: string | null): Promise<void> {
  if (key === null) return;
  await tx.delete(attemptCounters).where(and(eq(attemptCounters.key, key)));
}
