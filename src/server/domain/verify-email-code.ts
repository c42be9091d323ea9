/**
 * POST /api/auth/verify: the mailed code for a challenge. Checked under a row lock so two guesses cannot race:
 * killed (5 wrong codes) 429; used, superseded or expired 410; wrong 400 (the 5th wrong one 429). A right code
 * is used up and completes the login (a session) or the registration (the account, written in the same
 * transaction: a failure there leaves the code unused). Every outcome is an audit event with time and address,
 * written in the transaction of what the outcome changed (the attempt counts, the used code, the session).
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { EMAIL_CODE, type AuthResponse, type VerifyCodePayload } from '../../shared/auth.ts';
import { messages } from '../../shared/messages.ts';
import { RegistrationPayloadSchema } from '../../shared/registration.ts';
import type { CodeHasher } from '../auth/email-code.ts';
import type { TokenService } from '../auth/token-service.ts';
import type { Db } from '../db/types.ts';
import { emailChallenges, userDetails, users } from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { AppError, isAppError } from '../errors/app-error.ts';
import { VERIFY_PER_ADDRESS, VERIFY_PER_IP, addressKey, clearAttempts, ipKey, isBlocked, recordAttempt } from './attempt-counters.ts';
import { recordAuditEvent } from './record-audit-event.ts';
import type { AnonymousRequestContext } from './request-context.ts';
import { refuseDuplicate } from './check-registration.ts';
import { createInvestorAccount } from './create-investor-account.ts';
import { startSession } from './start-session.ts';

type Refusal = 'wrong' | 'killed' | 'expired' | 'dead';
type Outcome = { ok: AuthResponse } | { refused: Refusal; attempts: number };

const REFUSAL = {
  wrong: () => new AppError('BAD_REQUEST', messages.emailCode.wrong),
  killed: () => new AppError('TOO_MANY_REQUESTS', messages.emailCode.tooManyAttempts),
  dead: () => new AppError('TOO_MANY_REQUESTS', messages.emailCode.tooManyAttempts),
  expired: () => new AppError('GONE', messages.emailCode.expired),
};

export async function verifyEmailCode(db: Db, tokens: TokenService, hasher: CodeHasher, payload: VerifyCodePayload, context: AnonymousRequestContext): Promise<AuthResponse> {
  const { now, meta } = context;
  const audit = (tx: Db, userId: string | null, action: string, detail: Record<string, unknown>) => recordAuditEvent(tx, { userId, action, detail, meta, at: now });
  const [challenge] = await db
    .select({ email: emailChallenges.email, purpose: emailChallenges.purpose, userId: emailChallenges.userId })
    .from(emailChallenges)
    .where(eq(emailChallenges.id, payload.challengeId));
  const ipCounter = ipKey('verify', meta.ip);
  if (!challenge) {
    if (await isBlocked(db, [ipCounter], now)) throw new AppError('TOO_MANY_REQUESTS', messages.emailCode.tooManyRequests);
    // A guess at a challenge id counts against the client address: the count and its audit event are one transaction.
    await db.transaction(async (tx) => {
      await recordAttempt(tx, ipCounter, VERIFY_PER_IP, now);
      await audit(tx, null, 'auth.verify.failed', { challengeId: payload.challengeId, reason: 'unknown_challenge' });
    });
    throw REFUSAL.expired();
  }
  const { email, purpose } = challenge;
  if (await isBlocked(db, [addressKey(email), ipCounter], now)) {
    // A refusal that changes nothing: its audit event is a statement of its own.
    await audit(db, challenge.userId, 'auth.verify.blocked', { email, purpose });
    throw new AppError('TOO_MANY_REQUESTS', messages.emailCode.tooManyRequests);
  }

  let outcome: Outcome;
  try {
    // Every outcome, refusals included, is written with its audit event in this one transaction.
    outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const refuse = async (refused: Refusal, attempts: number): Promise<Outcome> => {
        await audit(tx, challenge.userId, 'auth.verify.failed', { email, purpose, reason: refused, attempts });
        return { refused, attempts };
      };
      const [row] = await tx.select().from(emailChallenges).where(eq(emailChallenges.id, payload.challengeId)).for('update');
      if (!row) return refuse('expired', 0);
      if (row.attempts >= EMAIL_CODE.maxAttempts) return refuse('dead', row.attempts);
      if (row.usedAt || row.supersededAt || row.expiresAt.getTime() <= now.getTime()) return refuse('expired', row.attempts);
      // Computed for every challenge alike; a login without an account can never succeed.
      const codeOk = hasher.matches(row.id, payload.code, row.codeHash);
      const deliverable = row.purpose === 'login' ? row.userId !== null : row.registration !== null;
      if (!codeOk || !deliverable) {
        const attempts = row.attempts + 1;
        await tx.update(emailChallenges).set({ attempts }).where(eq(emailChallenges.id, row.id));
        await recordAttempt(tx, addressKey(email), VERIFY_PER_ADDRESS, now);
        await recordAttempt(tx, ipCounter, VERIFY_PER_IP, now);
        return refuse(attempts >= EMAIL_CODE.maxAttempts ? 'killed' : 'wrong', attempts);
      }
      await tx.update(emailChallenges).set({ usedAt: now }).where(eq(emailChallenges.id, row.id));
      let signedIn: AuthResponse;
      if (row.purpose === 'register') {
        signedIn = await createInvestorAccount(tx, tokens, v.parse(RegistrationPayloadSchema, row.registration), context);
      } else {
        const [account] = await tx
          .select({ userId: users.id, email: users.email, userDetailsId: userDetails.id, investmentAmount: userDetails.investmentAmount })
          .from(users)
          .innerJoin(userDetails, eq(userDetails.userId, users.id))
          .where(eq(users.id, row.userId as string))
          .limit(1);
        if (!account) return refuse('expired', row.attempts);
        const session = await startSession(tx, tokens, account.userId, now);
        await audit(tx, account.userId, 'auth.login', { jti: session.jti, challengeId: row.id });
        signedIn = { token: session.token, user: account };
      }
      // The investor proved control of the inbox: the address's wrong-code count starts again.
      await clearAttempts(tx, addressKey(email));
      return { ok: signedIn };
    });
  } catch (error) {
    // The address was taken while the code was on its way (or by a racing registration): the same 409.
    if ((isAppError(error) && error.code === 'CONFLICT') || isUniqueViolation(error, 'users_email_unique')) await refuseDuplicate(db, email, meta, now);
    throw error;
  }
  if ('ok' in outcome) return outcome.ok;
  throw REFUSAL[outcome.refused]();
}
