/**
 * Creates the challenge a mailed code answers. Per address and purpose only the newest challenge is open: a new
 * one supersedes the older ones (their codes stop working). At most one code email per address per 60 s:
 * - a login or an identical registration asked again within that time gets the open challenge back, no new mail;
 * - a registration with other details within that time, or a resend too early, is 'throttled'.
 * Serialised per address by a transaction-scoped advisory lock, so racing requests cannot both mail a code. Each
 * issued challenge and its audit event are one transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { EMAIL_CODE } from '../../shared/auth.ts';
import type { RegistrationPayload } from '../../shared/registration.ts';
import { generateCode, type ChallengePurpose, type CodeHasher } from '../auth/email-code.ts';
import type { Db } from '../db/types.ts';
import { emailChallenges } from '../db/schema/index.ts';
import { recordAuditEvent } from './record-audit-event.ts';
import type { AnonymousRequestContext } from './request-context.ts';

export type ChallengeRequest = { purpose: ChallengePurpose; email: string; userId: string | null; registration: RegistrationPayload | null };
/** code null: the challenge was issued earlier and its mailed code still stands (nothing to send). */
export type IssuedChallenge = { challengeId: string; email: string; code: string | null; deliverable: boolean };

type ChallengeRow = typeof emailChallenges.$inferSelect;

const lockAddress = (tx: Db, email: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`email-code:${email}`}, 0))`);

/** A login with no account behind it gets a challenge too, but no mail: its code exists nowhere. */
const isDeliverable = (row: Pick<ChallengeRow, 'purpose' | 'userId' | 'registration'>) => (row.purpose === 'login' ? row.userId !== null : row.registration !== null);

/** jsonb reorders keys: compare payloads with sorted keys. */
const canonical = (value: unknown): string =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? `{${Object.keys(value)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
        .join(',')}}`
    : JSON.stringify(value);

const isOpen = (row: ChallengeRow, now: Date) =>
  row.usedAt === null && row.supersededAt === null && row.attempts < EMAIL_CODE.maxAttempts && row.expiresAt.getTime() > now.getTime();
const inCooldown = (row: ChallengeRow, now: Date) => now.getTime() - row.issuedAt.getTime() < EMAIL_CODE.resendCooldownMs;

async function newestChallenge(tx: Db, email: string, purpose: ChallengePurpose): Promise<ChallengeRow | undefined> {
  const [row] = await tx
    .select()
    .from(emailChallenges)
    .where(and(eq(emailChallenges.email, email), eq(emailChallenges.purpose, purpose), isNull(emailChallenges.usedAt)))
    .orderBy(desc(emailChallenges.issuedAt))
    .limit(1);
  return row;
}

async function replaceChallenges(tx: Db, hasher: CodeHasher, request: ChallengeRequest, now: Date): Promise<IssuedChallenge> {
  await tx
    .update(emailChallenges)
    .set({ supersededAt: now })
    .where(and(eq(emailChallenges.email, request.email), eq(emailChallenges.purpose, request.purpose), isNull(emailChallenges.usedAt), isNull(emailChallenges.supersededAt)));
  const challengeId = randomUUID();
  const code = generateCode();
  const values = {
    id: challengeId,
    purpose: request.purpose,
    email: request.email,
    userId: request.userId,
    registration: request.registration as Record<string, unknown> | null,
    codeHash: hasher.hash(challengeId, code),
    issuedAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_CODE.ttlSeconds * 1000),
  };
  await tx.insert(emailChallenges).values(values);
  return { challengeId, email: request.email, code, deliverable: isDeliverable(values) };
}

/**
 * For POST /login and /register, audited as `auth.<purpose>.code_requested` (also when the open challenge is handed
 * back: the request happened). A throttled registration changes nothing and is not audited (the answer is a 429).
 */
export async function requestEmailChallenge(db: Db, hasher: CodeHasher, request: ChallengeRequest, { now, meta }: AnonymousRequestContext): Promise<IssuedChallenge | 'throttled'> {
  return db.transaction(async (tx) => {
    await lockAddress(tx, request.email);
    const newest = await newestChallenge(tx, request.email, request.purpose);
    let issued: IssuedChallenge;
    if (newest && isOpen(newest, now) && inCooldown(newest, now)) {
      const same = request.purpose === 'login' || canonical(newest.registration) === canonical(request.registration);
      // Another registration's details must not ride on a code mailed for the first one.
      if (!same) return 'throttled';
      issued = { challengeId: newest.id, email: newest.email, code: null, deliverable: isDeliverable(newest) };
    } else {
      issued = await replaceChallenges(tx, hasher, request, now);
    }
    const mailed = issued.code !== null && issued.deliverable;
    // `known` tells the audit (never the client) whether the login address has an account.
    const detail = request.purpose === 'login' ? { known: request.userId !== null, mailed } : { mailed };
    await recordAuditEvent(tx, {
      userId: request.userId,
      action: `auth.${request.purpose}.code_requested`,
      detail: { email: request.email, challengeId: issued.challengeId, ...detail },
      meta,
      at: now,
    });
    return issued;
  });
}

/**
 * For POST /resend: a new code for the newest challenge of its address once 60 s have passed since its code.
 * An expired challenge, or one closed by too many wrong codes, may be renewed; a used or superseded one may not.
 * A new code is audited `auth.code.resent` in its transaction; a refusal `auth.code.resend_refused`, on its own
 * (it changes nothing). Unknown, used, superseded and too-early challenges are all 'throttled' alike.
 */
export async function reissueEmailChallenge(db: Db, hasher: CodeHasher, challengeId: string, { now, meta }: AnonymousRequestContext): Promise<IssuedChallenge | 'throttled'> {
  const issued = await renewChallenge(db, hasher, challengeId, { now, meta });
  if (issued === 'throttled') await recordAuditEvent(db, { userId: null, action: 'auth.code.resend_refused', detail: { challengeId }, meta, at: now });
  return issued;
}

async function renewChallenge(db: Db, hasher: CodeHasher, challengeId: string, { now, meta }: AnonymousRequestContext): Promise<IssuedChallenge | 'throttled'> {
  const [first] = await db.select({ email: emailChallenges.email }).from(emailChallenges).where(eq(emailChallenges.id, challengeId));
  if (!first) return 'throttled';
  return db.transaction(async (tx) => {
    await lockAddress(tx, first.email);
    const [row] = await tx.select().from(emailChallenges).where(eq(emailChallenges.id, challengeId));
    if (!row || row.usedAt !== null || row.supersededAt !== null || inCooldown(row, now)) return 'throttled';
    const purpose = row.purpose as ChallengePurpose;
    const issued = await replaceChallenges(tx, hasher, { purpose, email: row.email, userId: row.userId, registration: row.registration as RegistrationPayload | null }, now);
    await recordAuditEvent(tx, { userId: null, action: 'auth.code.resent', detail: { email: issued.email, previous: challengeId, challengeId: issued.challengeId }, meta, at: now });
    return issued;
  });
}
