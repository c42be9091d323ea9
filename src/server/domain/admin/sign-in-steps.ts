/**
 * Staff sign-in (issue 15): an emailed one-time code AND a passkey.
 * 1. requestStaffCode: a staff_challenges row for every request (an unknown or disabled address too, with a code
 *    that is never mailed and can never succeed), so the answer says nothing about the address. A mail only for an
 *    active member, at most one per address per minute: a request within a minute of the last mail gets a challenge
 *    of its own that shares that mail's code (same hash, same expiry) and no mail. The code's hash is bound to the
 *    address and the mail's time, so the challenges sharing a mail share its code; each has its own attempts (the
 *    failure counters bound them together), so nobody can disarm a member's code by guessing on a copy.
 * 2. verifyStaffCode: the code, 5 wrong ones close the challenge; per-client and per-address failure counters as for
 *    investors (attempt-counters.ts). A right code hands out WebAuthn authentication options for the member's
 *    passkeys that are not revoked, their challenge stored on the row.
 * 3. finishStaffSignIn: the assertion, checked against that challenge, the page's origin, the rpID, user
 *    verification and the passkey's counter; the challenge is used up by any try (success or not), so nothing is
 *    replayed. Success: the counter and last use, a staff session and the audit event in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { EMAIL_CODE } from '../../../shared/auth.ts';
import { signInMessages } from '../../../shared/admin/sign-in-messages.ts';
import type { AuthenticationResponse, StaffAuthAnswer, StaffCodeVerifyAnswer, WebAuthnOptionsJSON } from '../../../shared/admin/sign-in.ts';
import { generateCode, type CodeHasher } from '../../auth/email-code.ts';
import type { TokenService } from '../../auth/token-service.ts';
import type { WebAuthnParty } from '../../config/webauthn-env.ts';
import { staffChallenges, staffMembers, staffPasskeys } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { enqueueMail } from '../../jobs/mail-job.ts';
import {
  VERIFY_ADDRESS_CEILING,
  VERIFY_PER_ADDRESS_CLIENT,
  VERIFY_PER_CLIENT,
  clearCounter,
  isBlocked,
  lockCounters,
  perClientKey,
  recordFailure,
} from '../attempt-counters.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { AnonymousRequestContext } from '../request-context.ts';
import { startStaffSession } from './staff-session.ts';

const lockStaffAddress = (tx: Db, email: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`staff-code:${email}`}, 0))`);

export const staffVerifyClientKey = (ip: string | null) => perClientKey('staff-verify-client:', ip);
export const staffRequestClientKey = (ip: string | null) => perClientKey('staff-request-client:', ip);
const pairKey = (email: string, ip: string | null) => perClientKey(`staff-verify-address-client:${email}|`, ip);
const addressKey = (email: string) => `staff-verify-address:${email}`;

/** What a code's hash is bound to: the address and the time of the mail that carries it. */
const codeKey = (email: string, mailedAt: Date) => `staff:${email}:${mailedAt.getTime()}`;

const codeMail = (to: string, code: string) => ({
  to,
  subject: signInMessages.mailSubject,
  text: [
    `Your G2G back-office code is ${code}. It is valid for ${EMAIL_CODE.ttlSeconds / 60} minutes.`,
    'You will also need your passkey. If you did not ask for this code, tell the foundation: someone knows your address.',
  ].join('\n\n'),
});

/** POST /api/admin/auth/code. Always a challenge id; audited admin.sign-in.code_requested. */
export async function requestStaffCode(db: Db, hasher: CodeHasher, email: string, { now, meta }: AnonymousRequestContext): Promise<{ challengeId: string; mailed: boolean }> {
  return db.transaction(async (tx) => {
    await lockStaffAddress(tx, email);
    const [recent] = await tx
      .select()
      .from(staffChallenges)
      // A code already proven (a sign-in at its passkey step) is never handed out again.
      .where(and(eq(staffChallenges.email, email), isNull(staffChallenges.usedAt), isNull(staffChallenges.codeVerifiedAt)))
      .orderBy(desc(staffChallenges.issuedAt))
      .limit(1);
    const id = randomUUID();
    if (recent && now.getTime() - recent.issuedAt.getTime() < EMAIL_CODE.resendCooldownMs) {
      // Within a minute of the last mail: a challenge of its own, sharing that mail's code; nothing mailed.
      await tx.insert(staffChallenges).values({ id, email, staffId: recent.staffId, codeHash: recent.codeHash, issuedAt: recent.issuedAt, expiresAt: recent.expiresAt, clientIp: meta.ip });
      await recordAuditEvent(tx, { userId: null, staffId: recent.staffId, action: 'admin.sign-in.code_requested', detail: { email, challengeId: id, mailed: false, sharesMailOf: recent.id }, meta, at: now });
      return { challengeId: id, mailed: false };
    }
    const [member] = await tx.select({ id: staffMembers.id, disabledAt: staffMembers.disabledAt }).from(staffMembers).where(eq(staffMembers.email, email));
    const active = member !== undefined && member.disabledAt === null;
    const code = generateCode();
    await tx.insert(staffChallenges).values({
      id,
      email,
      // An unknown or disabled address: no member on the row, so no code can ever succeed on it.
      staffId: active ? member.id : null,
      codeHash: hasher.hash(codeKey(email, now), code),
      issuedAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CODE.ttlSeconds * 1000),
      clientIp: meta.ip,
    });
    if (active) await enqueueMail(tx, codeMail(email, code), now, `staff-code:${id}`);
    await recordAuditEvent(tx, { userId: null, staffId: member?.id ?? null, action: 'admin.sign-in.code_requested', detail: { email, challengeId: id, mailed: active }, meta, at: now });
    return { challengeId: id, mailed: active };
  });
}

type Refusal = { code: 'BAD_REQUEST' | 'GONE' | 'TOO_MANY_REQUESTS' | 'CONFLICT'; message: string };
const refusal = (code: Refusal['code'], message: string): Refusal => ({ code, message });

/** POST /api/admin/auth/code/verify. */
export async function verifyStaffCode(
  db: Db,
  hasher: CodeHasher,
  party: WebAuthnParty,
  { challengeId, code }: { challengeId: string; code: string },
  { now, meta }: AnonymousRequestContext,
): Promise<StaffCodeVerifyAnswer> {
  const clientKey = staffVerifyClientKey(meta.ip);
  const [found] = await db.select({ email: staffChallenges.email }).from(staffChallenges).where(eq(staffChallenges.id, challengeId));
  const outcome = await db.transaction(async (tx): Promise<StaffCodeVerifyAnswer | Refusal> => {
    const audit = (staffId: string | null, action: string, detail: Record<string, unknown>) => recordAuditEvent(tx, { userId: null, staffId, action, detail, meta, at: now });
    if (!found) {
      const counters = await lockCounters(tx, [clientKey]);
      if (isBlocked(counters, clientKey, now)) return refusal('TOO_MANY_REQUESTS', signInMessages.tooManyRequests);
      await recordFailure(tx, clientKey, VERIFY_PER_CLIENT, now);
      await audit(null, 'admin.sign-in.code_failed', { challengeId, reason: 'unknown_challenge' });
      return refusal('GONE', signInMessages.codeExpired);
    }
    await lockStaffAddress(tx, found.email);
    const [row] = await tx.select().from(staffChallenges).where(eq(staffChallenges.id, challengeId)).for('update');
    if (!row) return refusal('GONE', signInMessages.codeExpired);
    const pair = pairKey(row.email, meta.ip);
    const ceiling = addressKey(row.email);
    const counters = await lockCounters(tx, [pair, ceiling, clientKey]);
    const refuse = async (r: Refusal, reason: string, extra: Record<string, unknown> = {}) => {
      await audit(row.staffId, 'admin.sign-in.code_failed', { email: row.email, challengeId, reason, ...extra });
      return r;
    };
    if (isBlocked(counters, pair, now) || isBlocked(counters, ceiling, now) || isBlocked(counters, clientKey, now)) return refuse(refusal('TOO_MANY_REQUESTS', signInMessages.tooManyRequests), 'blocked');
    if (row.attempts >= EMAIL_CODE.maxAttempts) return refuse(refusal('TOO_MANY_REQUESTS', signInMessages.tooManyAttempts), 'dead');
    if (row.usedAt || row.codeVerifiedAt || row.expiresAt.getTime() <= now.getTime()) return refuse(refusal('GONE', signInMessages.codeExpired), 'expired');
    const matches = hasher.matches(codeKey(row.email, row.issuedAt), code, row.codeHash) && row.staffId !== null;
    if (!matches) {
      const attempts = row.attempts + 1;
      await tx.update(staffChallenges).set({ attempts }).where(eq(staffChallenges.id, row.id));
      await recordFailure(tx, pair, VERIFY_PER_ADDRESS_CLIENT, now);
      await recordFailure(tx, ceiling, VERIFY_ADDRESS_CEILING, now);
      await recordFailure(tx, clientKey, VERIFY_PER_CLIENT, now);
      const dead = attempts >= EMAIL_CODE.maxAttempts;
      return refuse(dead ? refusal('TOO_MANY_REQUESTS', signInMessages.tooManyAttempts) : refusal('BAD_REQUEST', signInMessages.codeWrong), dead ? 'killed' : 'wrong', { attempts });
    }
    const staffId = row.staffId as string;
    const [member] = await tx.select({ disabledAt: staffMembers.disabledAt }).from(staffMembers).where(eq(staffMembers.id, staffId));
    if (!member || member.disabledAt) {
      await tx.update(staffChallenges).set({ usedAt: now }).where(eq(staffChallenges.id, row.id));
      return refuse(refusal('GONE', signInMessages.codeExpired), 'disabled');
    }
    await clearCounter(tx, pair);
    const passkeys = await tx
      .select({ id: staffPasskeys.credentialId, transports: staffPasskeys.transports })
      .from(staffPasskeys)
      .where(and(eq(staffPasskeys.staffId, staffId), isNull(staffPasskeys.revokedAt)));
    if (passkeys.length === 0) {
      await tx.update(staffChallenges).set({ codeVerifiedAt: now, usedAt: now }).where(eq(staffChallenges.id, row.id));
      return refuse(refusal('CONFLICT', signInMessages.noPasskey), 'no_passkey');
    }
    const options = await generateAuthenticationOptions({
      rpID: party.rpID,
      userVerification: 'required',
      allowCredentials: passkeys.map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransportFuture[] })),
      timeout: 120_000,
    });
    await tx.update(staffChallenges).set({ codeVerifiedAt: now, webauthnChallenge: options.challenge }).where(eq(staffChallenges.id, row.id));
    // Single use: the other challenges sharing this mail's code are used up with it.
    await tx
      .update(staffChallenges)
      .set({ usedAt: now })
      .where(and(eq(staffChallenges.email, row.email), eq(staffChallenges.issuedAt, row.issuedAt), ne(staffChallenges.id, row.id), isNull(staffChallenges.usedAt)));
    await audit(staffId, 'admin.sign-in.code_verified', { challengeId });
    return { options: options as unknown as WebAuthnOptionsJSON };
  });
  if ('options' in outcome) return outcome;
  throw new AppError(outcome.code, outcome.message);
}

type AuthenticatorTransportFuture = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

/** POST /api/admin/auth/passkey. */
export async function finishStaffSignIn(
  db: Db,
  staffTokens: TokenService,
  party: WebAuthnParty,
  { challengeId, response }: { challengeId: string; response: AuthenticationResponse },
  { now, meta }: AnonymousRequestContext,
): Promise<StaffAuthAnswer> {
  const outcome = await db.transaction(async (tx): Promise<StaffAuthAnswer | Refusal> => {
    const audit = (staffId: string | null, action: string, detail: Record<string, unknown>) => recordAuditEvent(tx, { userId: null, staffId, action, detail, meta, at: now });
    const [row] = await tx.select().from(staffChallenges).where(eq(staffChallenges.id, challengeId)).for('update');
    const expired = refusal('GONE', signInMessages.signInExpired);
    if (!row || !row.staffId || !row.codeVerifiedAt || !row.webauthnChallenge || row.usedAt || row.expiresAt.getTime() <= now.getTime()) {
      // An unknown challenge id names nobody: not audited, or anyone could write rows at will (ids are random uuids).
      if (row) await audit(row.staffId ?? null, 'admin.sign-in.passkey_failed', { challengeId, reason: row.usedAt ? 'used' : 'not_ready' });
      return expired;
    }
    const staffId = row.staffId;
    // Any try uses the challenge up: a refused assertion cannot be retried, a good one cannot be replayed.
    await tx.update(staffChallenges).set({ usedAt: now }).where(eq(staffChallenges.id, row.id));
    const [member] = await tx.select({ disabledAt: staffMembers.disabledAt }).from(staffMembers).where(eq(staffMembers.id, staffId));
    if (!member || member.disabledAt) {
      await audit(staffId, 'admin.sign-in.passkey_failed', { challengeId, reason: 'disabled' });
      return expired;
    }
    const [passkey] = await tx
      .select()
      .from(staffPasskeys)
      .where(and(eq(staffPasskeys.credentialId, response.id), eq(staffPasskeys.staffId, staffId), isNull(staffPasskeys.revokedAt)))
      .for('update');
    if (!passkey) {
      await audit(staffId, 'admin.sign-in.passkey_failed', { challengeId, reason: 'unknown_passkey' });
      return refusal('BAD_REQUEST', signInMessages.passkeyUnknown);
    }
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
        expectedChallenge: row.webauthnChallenge,
        expectedOrigin: party.origin,
        expectedRPID: party.rpID,
        credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports as AuthenticatorTransportFuture[] },
        requireUserVerification: true,
      });
    } catch (error) {
      await audit(staffId, 'admin.sign-in.passkey_failed', { challengeId, reason: 'not_verified', detail: String((error as Error)?.message ?? error).slice(0, 200) });
      return refusal('BAD_REQUEST', signInMessages.passkeyRefused);
    }
    if (!verified.verified) {
      await audit(staffId, 'admin.sign-in.passkey_failed', { challengeId, reason: 'not_verified' });
      return refusal('BAD_REQUEST', signInMessages.passkeyRefused);
    }
    await tx.update(staffPasskeys).set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now }).where(eq(staffPasskeys.credentialId, passkey.credentialId));
    const session = await startStaffSession(tx, staffTokens, staffId, now);
    await audit(staffId, 'admin.sign-in.completed', { challengeId, jti: session.jti, credentialId: passkey.credentialId });
    return { token: session.token, staff: session.staff };
  });
  if ('token' in outcome) return outcome;
  throw new AppError(outcome.code, outcome.message);
}
