/**
 * POST /api/auth/verify: the mailed code for a challenge. Checked under a row lock so two guesses cannot race:
 * killed (5 wrong codes) 429; used, superseded or expired 410; wrong 400 (the 5th wrong one 429). A right code
 * is used up and completes the login (a session) or the registration (the account, written in the same
 * transaction: a failure there leaves the code unused). Every outcome is an audit event with time and address.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { EMAIL_CODE } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { RegistrationPayloadSchema, type AuthResponse, type VerifyCodePayload } from '../../shared/schemas.ts';
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

type Outcome = { ok: AuthResponse } | { refused: 'wrong' | 'killed' | 'expired' | 'dead'; attempts: number };

const REFUSAL = {
  wrong: () => new AppError('BAD_REQUEST', messages.emailCode.wrong),
  killed: () => new AppError('TOO_MANY_REQUESTS', messages.emailCode.tooManyAttempts),
  dead: () => new AppError('TOO_MANY_REQUESTS', messages.emailCode.tooManyAttempts),
  expired: () => new AppError('GONE', messages.emailCode.expired),
};

export async function verifyEmailCode(db: Db, tokens: TokenService, hasher: CodeHasher, payload: VerifyCodePayload, context: AnonymousRequestContext): Promise<AuthResponse> {
  const { now, meta } = context;
  const audit = (userId: string | null, action: string, detail: Record<string, unknown>) => recordAuditEvent(db, { userId, action, detail, meta, at: now });
  const [challenge] = await db
    .select({ email: emailChallenges.email, purpose: emailChallenges.purpose, userId: emailChallenges.userId })
    .from(emailChallenges)
    .where(eq(emailChallenges.id, payload.challengeId));
  const ipCounter = ipKey('verify', meta.ip);
  if (!challenge) {
    if (await isBlocked(db, [ipCounter], now)) throw new AppError('TOO_MANY_REQUESTS', messages.emailCode.tooManyRequests);
    await recordAttempt(db, ipCounter, VERIFY_PER_IP, now);
    await audit(null, 'auth.verify.failed', { challengeId: payload.challengeId, reason: 'unknown_challenge' });
    throw REFUSAL.expired();
  }
  const { email, purpose } = challenge;
  if (await isBlocked(db, [addressKey(email), ipCounter], now)) {
    await audit(challenge.userId, 'auth.verify.blocked', { email, purpose });
    throw new AppError('TOO_MANY_REQUESTS', messages.emailCode.tooManyRequests);
  }

  let outcome: Outcome;
  try {
    outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const [row] = await tx.select().from(emailChallenges).where(eq(emailChallenges.id, payload.challengeId)).for('update');
      if (!row) return { refused: 'expired', attempts: 0 };
      if (row.attempts >= EMAIL_CODE.maxAttempts) return { refused: 'dead', attempts: row.attempts };
      if (row.usedAt || row.supersededAt || row.expiresAt.getTime() <= now.getTime()) return { refused: 'expired', attempts: row.attempts };
      // Computed for every challenge alike; a login without an account can never succeed.
      const codeOk = hasher.matches(row.id, payload.code, row.codeHash);
      const deliverable = row.purpose === 'login' ? row.userId !== null : row.registration !== null;
      if (!codeOk || !deliverable) {
        const attempts = row.attempts + 1;
        await tx.update(emailChallenges).set({ attempts }).where(eq(emailChallenges.id, row.id));
        return { refused: attempts >= EMAIL_CODE.maxAttempts ? 'killed' : 'wrong', attempts };
      }
      await tx.update(emailChallenges).set({ usedAt: now }).where(eq(emailChallenges.id, row.id));
      if (row.purpose === 'register') {
        const registration = v.parse(RegistrationPayloadSchema, row.registration);
        return { ok: await createInvestorAccount(tx, tokens, registration, { now, meta }) };
      }
      const [account] = await tx
        .select({ userId: users.id, email: users.email, userDetailsId: userDetails.id, investmentAmount: userDetails.investmentAmount })
        .from(users)
        .innerJoin(userDetails, eq(userDetails.userId, users.id))
        .where(eq(users.id, row.userId as string))
        .limit(1);
      if (!account) return { refused: 'expired', attempts: row.attempts };
      const session = await startSession(tx, tokens, account.userId, now);
      await recordAuditEvent(tx, { userId: account.userId, action: 'auth.login', detail: { jti: session.jti, challengeId: row.id }, meta, at: now });
      return { ok: { token: session.token, user: account } };
    });
  } catch (error) {
    // The address was taken while the code was on its way (or by a racing registration): the same 409.
    if ((isAppError(error) && error.code === 'CONFLICT') || isUniqueViolation(error, 'users_email_unique')) await refuseDuplicate(db, email, meta, now);
    throw error;
  }

  if ('ok' in outcome) {
    await clearAttempts(db, addressKey(email));
    return outcome.ok;
  }
  if (outcome.refused === 'wrong' || outcome.refused === 'killed') {
    await recordAttempt(db, addressKey(email), VERIFY_PER_ADDRESS, now);
    await recordAttempt(db, ipCounter, VERIFY_PER_IP, now);
  }
  await audit(challenge.userId, 'auth.verify.failed', { email, purpose, reason: outcome.refused, attempts: outcome.attempts });
  throw REFUSAL[outcome.refused]();
}
