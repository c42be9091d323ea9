/**
 * POST /api/auth/verify: the mailed code for a challenge, in ONE transaction per try that holds, in this order, the
 * address's advisory lock (as issuance does), the challenge row and the failure counters of the address, the
 * (address, client) pair and the client (FOR UPDATE, in key order). So parallel tries are checked and counted one
 * after the other, and N parallel wrong codes are compared at most as often as the limits allow (issue 10, finding 6).
 *
 * Outcomes: a client over a limit 429 (nothing compared, nothing counted); a challenge closed by 5 wrong codes 429;
 * superseded or expired 410; a wrong code 400 (the 5th 429), counted on the challenge and the counters; a right code
 * uses up every challenge sharing the mail (single use) and signs in: a login starts a session; a registration
 * creates the account, or, when the address has an account by now, signs in to it (the details are discarded). The
 * same right code again while the challenge lives answers the same session (a retried verify whose answer was lost),
 * unless that session was revoked. Every outcome is an audit event written in the transaction of what it changed.
 */
import { and, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { EMAIL_CODE, type AuthResponse, type VerifyCodePayload } from '../../shared/auth.ts';
import { messages } from '../../shared/messages.ts';
import { RegistrationPayloadSchema } from '../../shared/registration.ts';
import type { CodeHasher } from '../auth/email-code.ts';
import type { TokenService } from '../auth/token-service.ts';
import type { Db } from '../db/types.ts';
import { auditEvents, emailChallenges, sessions, userDetails, users } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import {
  KNOWN_CLIENT_DAYS,
  VERIFY_ADDRESS_CEILING,
  VERIFY_PER_ADDRESS_CLIENT,
  VERIFY_PER_CLIENT,
  addressClientKey,
  addressKey,
  clearCounter,
  clientKey,
  isBlocked,
  lockCounters,
  recordFailure,
} from './attempt-counters.ts';
import { clientOf } from './client-network.ts';
import { getInvestmentSettings } from './get-investment-settings.ts';
import { isEmailTaken } from './check-registration.ts';
import { createInvestorAccount } from './create-investor-account.ts';
import { lockAddress } from './issue-email-challenge.ts';
import { recordAuditEvent } from './record-audit-event.ts';
import type { AnonymousRequestContext } from './request-context.ts';
import { startSession } from './start-session.ts';

type Refusal = 'wrong' | 'killed' | 'dead' | 'expired' | 'blocked';
type Outcome = { ok: AuthResponse } | { refused: Refusal };
type ChallengeRow = typeof emailChallenges.$inferSelect;

const REFUSAL: Record<Refusal, () => AppError> = {
  wrong: () => new AppError('BAD_REQUEST', messages.emailCode.wrong),
  killed: () => new AppError('TOO_MANY_REQUESTS', messages.emailCode.tooManyAttempts),
  dead: () => new AppError('TOO_MANY_REQUESTS', messages.emailCode.tooManyAttempts),
  expired: () => new AppError('GONE', messages.emailCode.expired),
  blocked: () => new AppError('TOO_MANY_REQUESTS', messages.emailCode.tooManyRequests),
};

const sessionUserColumns = { userId: users.id, email: users.email, userDetailsId: userDetails.id, investmentAmount: userDetails.investmentAmount };

async function sessionUser(tx: Db, userId: string) {
  const [account] = await tx.select(sessionUserColumns).from(users).innerJoin(userDetails, eq(userDetails.userId, users.id)).where(eq(users.id, userId)).limit(1);
  return account;
}

/**
 * A client this account signed in or registered from within KNOWN_CLIENT_DAYS (from the audit trail): the same
 * client as clientOf counts it (an IPv6 /64, whichever of its addresses; an IPv4 address however it was written).
 */
async function isKnownClient(tx: Db, userId: string | null, ip: string | null, now: Date): Promise<boolean> {
  const client = clientOf(ip);
  if (userId === null || client === null) return false;
  const since = new Date(now.getTime() - KNOWN_CLIENT_DAYS * 86_400_000);
  const rows = await tx
    .selectDistinct({ ip: auditEvents.ip })
    .from(auditEvents)
    .where(and(eq(auditEvents.userId, userId), inArray(auditEvents.action, ['auth.login', 'auth.register']), isNotNull(auditEvents.ip), gt(auditEvents.at, since)));
  return rows.some((row) => clientOf(row.ip) === client);
}

export async function verifyEmailCode(db: Db, tokens: TokenService, hasher: CodeHasher, payload: VerifyCodePayload, context: AnonymousRequestContext): Promise<AuthResponse> {
  const { now, meta } = context;
  const audit = (tx: Db, userId: string | null, action: string, detail: Record<string, unknown>) => recordAuditEvent(tx, { userId, action, detail, meta, at: now });
  const verifyClient = clientKey('verify', meta.ip);
  const [found] = await db.select({ email: emailChallenges.email }).from(emailChallenges).where(eq(emailChallenges.id, payload.challengeId));

  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    if (!found) {
      // A guess at a challenge id counts against the client address only.
      const counters = await lockCounters(tx, [verifyClient]);
      if (isBlocked(counters, verifyClient, now)) return { refused: 'blocked' };
      await recordFailure(tx, verifyClient, VERIFY_PER_CLIENT, now);
      await audit(tx, null, 'auth.verify.failed', { challengeId: payload.challengeId, reason: 'unknown_challenge' });
      return { refused: 'expired' };
    }
    const { email } = found;
    await lockAddress(tx, email);
    const [row] = await tx.select().from(emailChallenges).where(eq(emailChallenges.id, payload.challengeId)).for('update');
    if (!row) return { refused: 'expired' };
    const pairKey = addressClientKey(email, meta.ip);
    const ceilingKey = addressKey(email);
    const counters = await lockCounters(tx, [pairKey, ceilingKey, verifyClient]);
    const refuse = async (refused: Refusal, extra: Record<string, unknown> = {}): Promise<Outcome> => {
      await audit(tx, row.userId, refused === 'blocked' ? 'auth.verify.blocked' : 'auth.verify.failed', { email, purpose: row.purpose, reason: refused, ...extra });
      return { refused };
    };

    // Over a limit: refused before the code is looked at, and not counted (nothing can extend a block).
    const overCeiling = isBlocked(counters, ceilingKey, now) && !(await isKnownClient(tx, row.userId, meta.ip, now));
    if (isBlocked(counters, pairKey, now) || isBlocked(counters, verifyClient, now) || overCeiling) return refuse('blocked');
    if (row.attempts >= EMAIL_CODE.maxAttempts) return refuse('dead', { attempts: row.attempts });
    if (row.supersededAt || row.expiresAt.getTime() <= now.getTime()) return refuse('expired', { attempts: row.attempts });

    // Computed for every challenge alike; a challenge whose code no mail carries can never succeed.
    const codeOk = hasher.matches(row.mailId ?? row.id, payload.code, row.codeHash) && row.mailId !== null;
    if (!codeOk) {
      const attempts = row.attempts + 1;
      await tx.update(emailChallenges).set({ attempts }).where(eq(emailChallenges.id, row.id));
      await recordFailure(tx, pairKey, VERIFY_PER_ADDRESS_CLIENT, now);
      await recordFailure(tx, ceilingKey, VERIFY_ADDRESS_CEILING, now);
      await recordFailure(tx, verifyClient, VERIFY_PER_CLIENT, now);
      return refuse(row.usedAt ? 'expired' : attempts >= EMAIL_CODE.maxAttempts ? 'killed' : 'wrong', { attempts });
    }
    // The investor proved control of the inbox from this client: its count for this address starts again.
    await clearCounter(tx, pairKey);
    if (row.usedAt) return answerAgain(tx, row);
    return signIn(tx, row);
  });
  if ('ok' in outcome) return outcome.ok;
  throw REFUSAL[outcome.refused]();

  /** A retried verify: the session the code started, as long as it is live. */
  async function answerAgain(tx: Db, row: ChallengeRow): Promise<Outcome> {
    const [session] = row.sessionJti
      ? await tx
          .select()
          .from(sessions)
          .where(and(eq(sessions.jti, row.sessionJti), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      : [];
    const account = session && (await sessionUser(tx, session.userId));
    if (!session || !account) {
      await audit(tx, row.userId, 'auth.verify.failed', { email: row.email, purpose: row.purpose, reason: 'used' });
      return { refused: 'expired' };
    }
    await audit(tx, account.userId, 'auth.verify.repeated', { challengeId: row.id, jti: session.jti });
    const token = await tokens.reissue(session);
    return { ok: { token, user: account, ...(row.purpose === 'register' ? { settings: await getInvestmentSettings(tx) } : {}) } };
  }

  async function signIn(tx: Db, row: ChallengeRow): Promise<Outcome> {
    const account = row.purpose === 'register' ? await findAccount(tx, row.email) : row.userId && (await sessionUser(tx, row.userId));
    let signedIn: { response: AuthResponse; jti: string };
    if (account) {
      const session = await startSession(tx, tokens, account.userId, now);
      // A registration for an address that has an account by now signs in to it; its details are discarded.
      await audit(tx, account.userId, 'auth.login', { jti: session.jti, challengeId: row.id, ...(row.purpose === 'register' ? { registrationDiscarded: true } : {}) });
      signedIn = { response: { token: session.token, user: account }, jti: session.jti };
    } else if (row.purpose === 'register' && !(await isEmailTaken(tx, row.email))) {
      // A failure here (the limits changed meanwhile: 422) rolls back the whole try: the code stays unused.
      signedIn = await createInvestorAccount(tx, tokens, v.parse(RegistrationPayloadSchema, row.registration), context);
    } else {
      // The account went away (or is a bare users row without details): nothing to sign in to.
      await audit(tx, row.userId, 'auth.verify.failed', { email: row.email, purpose: row.purpose, reason: 'no_account' });
      return { refused: 'expired' };
    }
    // Single use: every challenge answering this mail's code is used up with it; this one remembers its session.
    await tx.update(emailChallenges).set({ usedAt: now }).where(and(eq(emailChallenges.mailId, row.mailId as string), isNull(emailChallenges.usedAt)));
    await tx.update(emailChallenges).set({ sessionJti: signedIn.jti }).where(eq(emailChallenges.id, row.id));
    return { ok: signedIn.response };
  }

  async function findAccount(tx: Db, email: string) {
    const [account] = await tx.select(sessionUserColumns).from(users).innerJoin(userDetails, eq(userDetails.userId, users.id)).where(eq(users.email, email)).limit(1);
    return account;
  }
}
