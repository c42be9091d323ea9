/**
 * Creates the challenges a mailed code answers: one per request, with its own attempt budget. A new challenge cancels
 * no other (an attacker asking for codes cannot disarm the code an investor holds), except that one client keeps at
 * most MAX_LIVE_PER_CLIENT live challenges per address (its own oldest go). At most one code email per address per
 * 60 s: a request within a minute of the newest unused mail gets a challenge that shares that mail's code (same HMAC,
 * same expiry) and no new mail. The mail is a `mail` job written in the challenge's transaction (with its audit event)
 * and delivered by the job runner, so a crash after the answer loses no mail and the answer's time does not depend
 * on the mail server. Serialised per address by a transaction-scoped advisory lock.
 *
 * What a request gets, whatever the address (the answer is always 202 { challengeId, sentTo }):
 * - login, address with an account: a sign-in code;
 * - login, no account but exactly one registration waiting for its code: that registration resumed (a fresh code for
 *   its details, mailed; verifying creates the account); none, or several with different details: nothing mailed;
 * - registration, new address: a code for the submitted details;
 * - registration, address with an account: a sign-in code for the account, mailed with a notice that an account
 *   exists; the submitted details are discarded (the same work as a new address: a challenge and a mail job).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { EMAIL_CODE } from '../../shared/auth.ts';
import { RegistrationPayloadSchema, type RegistrationPayload } from '../../shared/registration.ts';
import { existingAccountMail, plainCodeMail, resumedRegistrationMail, type CodeMail } from '../auth/code-mails.ts';
import { generateCode, type ChallengePurpose, type CodeHasher } from '../auth/email-code.ts';
import type { Db } from '../db/types.ts';
import { emailChallenges } from '../db/schema/index.ts';
import { enqueueMail } from '../jobs/mail-job.ts';
import { clientOf } from './client-network.ts';
import { findLoginAccount } from './find-login-account.ts';
import { recordAuditEvent } from './record-audit-event.ts';
import type { AnonymousRequestContext } from './request-context.ts';

/** Live challenges one client address may hold for one address; its own oldest give way beyond that. */
export const MAX_LIVE_PER_CLIENT = 3;

export type IssuedChallenge = { challengeId: string; email: string };

type ChallengeRow = typeof emailChallenges.$inferSelect;
/** What to write: the challenge's meaning, and the mail that carries its code (null: none, the code exists nowhere). */
type ChallengeSpec = { purpose: ChallengePurpose; email: string; userId: string | null; registration: RegistrationPayload | null; mail: CodeMail | null };

export const lockAddress = (tx: Db, email: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`email-code:${email}`}, 0))`);

const isLive = (now: Date) => and(isNull(emailChallenges.usedAt), isNull(emailChallenges.supersededAt), gt(emailChallenges.expiresAt, now));

/** jsonb reorders keys: compare payloads with sorted keys. */
const canonical = (value: unknown): string =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? `{${Object.keys(value)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
        .join(',')}}`
    : JSON.stringify(value);

/** The newest mail to the address whose code is unused and alive: a request within the cooldown shares it. */
async function newestMail(tx: Db, email: string, now: Date): Promise<ChallengeRow | undefined> {
  const [row] = await tx
    .select()
    .from(emailChallenges)
    .where(and(eq(emailChallenges.email, email), eq(emailChallenges.mailId, emailChallenges.id), isNull(emailChallenges.usedAt), gt(emailChallenges.expiresAt, now)))
    .orderBy(desc(emailChallenges.issuedAt))
    .limit(1);
  return row;
}

/**
 * Beyond MAX_LIVE_PER_CLIENT - 1 live challenges of this client for this address, its oldest are superseded. The
 * client is the address's clientOf (an IPv6 /64 is one client), compared here rather than in SQL: the address's
 * live challenges are few (they last 10 minutes and each client's requests are limited) and the email index finds them.
 */
async function makeRoom(tx: Db, email: string, ip: string | null, now: Date): Promise<void> {
  const client = clientOf(ip);
  if (client === null) return;
  const rows = await tx
    .select({ id: emailChallenges.id, clientIp: emailChallenges.clientIp })
    .from(emailChallenges)
    .where(and(eq(emailChallenges.email, email), isNotNull(emailChallenges.clientIp), isLive(now)))
    .orderBy(desc(emailChallenges.issuedAt));
  const live = rows.filter((row) => clientOf(row.clientIp) === client);
  for (const { id } of live.slice(MAX_LIVE_PER_CLIENT - 1)) {
    await tx.update(emailChallenges).set({ supersededAt: now }).where(eq(emailChallenges.id, id));
  }
}

/** Writes one challenge and, unless a mail of the last minute carries its code, the mail job. */
async function writeChallenge(tx: Db, hasher: CodeHasher, spec: ChallengeSpec, { now, meta }: AnonymousRequestContext): Promise<{ challengeId: string; mailed: boolean }> {
  await makeRoom(tx, spec.email, meta.ip, now);
  const id = randomUUID();
  const shared = spec.mail ? await newestMail(tx, spec.email, now) : undefined;
  const sharing = shared !== undefined && now.getTime() - shared.issuedAt.getTime() < EMAIL_CODE.resendCooldownMs;
  const code = sharing ? null : generateCode();
  const mailId = spec.mail ? (sharing ? shared.id : id) : null;
  await tx.insert(emailChallenges).values({
    id,
    purpose: spec.purpose,
    email: spec.email,
    userId: spec.userId,
    registration: spec.registration as Record<string, unknown> | null,
    codeHash: sharing ? shared.codeHash : hasher.hash(mailId ?? id, code as string),
    issuedAt: now,
    expiresAt: sharing ? shared.expiresAt : new Date(now.getTime() + EMAIL_CODE.ttlSeconds * 1000),
    mailId,
    clientIp: meta.ip,
  });
  const mailed = spec.mail !== null && code !== null;
  if (mailed) await enqueueMail(tx, (spec.mail as CodeMail)(code as string), now, `code-mail:${id}`);
  return { challengeId: id, mailed };
}

/** The registration a login may resume: the one detail set waiting for a code at this address, if exactly one. */
async function waitingRegistration(tx: Db, email: string, now: Date): Promise<RegistrationPayload | null> {
  const rows = await tx
    .select({ registration: emailChallenges.registration })
    .from(emailChallenges)
    .where(and(eq(emailChallenges.email, email), eq(emailChallenges.purpose, 'register'), isNotNull(emailChallenges.registration), isLive(now)))
    .orderBy(asc(emailChallenges.issuedAt));
  const distinct = new Set(rows.map((r) => canonical(r.registration)));
  // Two different detail sets for one address: one of them is not the investor's; resuming could pick the wrong one.
  if (distinct.size !== 1) return null;
  const parsed = v.safeParse(RegistrationPayloadSchema, rows[0]?.registration);
  return parsed.success ? parsed.output : null;
}

/** POST /login, audited `auth.login.code_requested` (with what it found, for the trail only). */
export async function requestLoginCode(db: Db, hasher: CodeHasher, email: string, context: AnonymousRequestContext): Promise<IssuedChallenge> {
  const { now, meta } = context;
  return db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const account = await findLoginAccount(tx, email);
    const resumed = account ? null : await waitingRegistration(tx, email, now);
    const spec: ChallengeSpec = account
      ? { purpose: 'login', email, userId: account.userId, registration: null, mail: plainCodeMail(email) }
      : resumed
        ? { purpose: 'register', email, userId: null, registration: resumed, mail: resumedRegistrationMail(email, resumed) }
        : { purpose: 'login', email, userId: null, registration: null, mail: null };
    const { challengeId, mailed } = await writeChallenge(tx, hasher, spec, context);
    await recordAuditEvent(tx, {
      userId: account?.userId ?? null,
      action: 'auth.login.code_requested',
      detail: { email, challengeId, known: account !== null, resumedRegistration: resumed !== null, mailed },
      meta,
      at: now,
    });
    return { challengeId, email };
  });
}

/** POST /register (after the fields were checked), audited `auth.register.code_requested`. */
export async function requestRegistrationCode(db: Db, hasher: CodeHasher, registration: RegistrationPayload, context: AnonymousRequestContext): Promise<IssuedChallenge> {
  const { now, meta } = context;
  const { email } = registration;
  return db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const account = await findLoginAccount(tx, email);
    const spec: ChallengeSpec = account
      ? { purpose: 'login', email, userId: account.userId, registration: null, mail: existingAccountMail(email) }
      : { purpose: 'register', email, userId: null, registration, mail: plainCodeMail(email) };
    const { challengeId, mailed } = await writeChallenge(tx, hasher, spec, context);
    await recordAuditEvent(tx, {
      userId: account?.userId ?? null,
      action: 'auth.register.code_requested',
      detail: { email, challengeId, existingAccount: account !== null, mailed },
      meta,
      at: now,
    });
    return { challengeId, email };
  });
}

/**
 * POST /resend: a new challenge in place of the given one, at least 60 s after that one's code was sent (a newer
 * mail of the last minute is shared, as for any request). An expired challenge, or one closed by too many wrong
 * codes, may be renewed; a used or superseded one may not. A new code is audited `auth.code.resent` in its
 * transaction; a refusal `auth.code.resend_refused`, on its own (it changes nothing). Unknown, used, superseded and
 * too-early challenges are all 'throttled' alike.
 */
export async function reissueEmailChallenge(db: Db, hasher: CodeHasher, challengeId: string, context: AnonymousRequestContext): Promise<IssuedChallenge | 'throttled'> {
  const { now, meta } = context;
  const issued = await renewChallenge(db, hasher, challengeId, context);
  if (issued === 'throttled') await recordAuditEvent(db, { userId: null, action: 'auth.code.resend_refused', detail: { challengeId }, meta, at: now });
  return issued;
}

async function renewChallenge(db: Db, hasher: CodeHasher, challengeId: string, context: AnonymousRequestContext): Promise<IssuedChallenge | 'throttled'> {
  const { now, meta } = context;
  const [first] = await db.select({ email: emailChallenges.email }).from(emailChallenges).where(eq(emailChallenges.id, challengeId));
  if (!first) return 'throttled';
  return db.transaction(async (tx) => {
    await lockAddress(tx, first.email);
    const [row] = await tx.select().from(emailChallenges).where(eq(emailChallenges.id, challengeId)).for('update');
    if (!row || row.usedAt !== null || row.supersededAt !== null || now.getTime() - row.issuedAt.getTime() < EMAIL_CODE.resendCooldownMs) return 'throttled';
    await tx.update(emailChallenges).set({ supersededAt: now }).where(eq(emailChallenges.id, row.id));
    const registration = row.registration === null ? null : v.parse(RegistrationPayloadSchema, row.registration);
    // A challenge without a mail (a login for an unknown address) is renewed without one, exactly as it was issued.
    const mail = row.mailId === null ? null : plainCodeMail(row.email);
    const spec: ChallengeSpec = { purpose: row.purpose as ChallengePurpose, email: row.email, userId: row.userId, registration, mail };
    const issued = await writeChallenge(tx, hasher, spec, context);
    await recordAuditEvent(tx, { userId: null, action: 'auth.code.resent', detail: { email: row.email, previous: challengeId, challengeId: issued.challengeId }, meta, at: now });
    return { challengeId: issued.challengeId, email: row.email };
  });
}
