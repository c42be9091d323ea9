/**
 * Login with the spec's fixed placeholder password (a later issue replaces it with mailed one-time codes).
 * Unknown address and wrong password get the same answer; both attempts and successes are audited.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LOGIN_PLACEHOLDER_PASSWORD } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import type { LoginPayload, SessionUser } from '../../shared/schemas.ts';
import type { TokenService } from '../auth/token-service.ts';
import type { Db } from '../db/types.ts';
import { userDetails, users } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { recordAuditEvent } from './record-audit-event.ts';
import { startSession } from './start-session.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();
const EXPECTED = digest(LOGIN_PLACEHOLDER_PASSWORD);
const passwordMatches = (password: string): boolean => timingSafeEqual(digest(password), EXPECTED);

export async function loginInvestor(
  db: Db,
  tokens: TokenService,
  payload: LoginPayload,
  context: { now: Date; meta: RequestMeta },
): Promise<{ token: string; user: SessionUser }> {
  const { now, meta } = context;
  const [account] = await db
    .select({ userId: users.id, email: users.email, userDetailsId: userDetails.id, investmentAmount: userDetails.investmentAmount })
    .from(users)
    .leftJoin(userDetails, eq(userDetails.userId, users.id))
    .where(eq(users.email, payload.email))
    .limit(1);
  const passwordOk = passwordMatches(payload.password);

  if (!account || !passwordOk || !account.userDetailsId || account.investmentAmount === null) {
    await recordAuditEvent(db, {
      userId: account?.userId ?? null,
      action: 'auth.login.failed',
      detail: { email: payload.email, reason: !account ? 'unknown_email' : !passwordOk ? 'wrong_password' : 'no_details' },
      meta,
      at: now,
    });
    throw new AppError('UNAUTHORIZED', messages.login.unknownAccount);
  }

  const { userId, email, userDetailsId, investmentAmount } = account;
  return db.transaction(async (tx) => {
    const session = await startSession(tx, tokens, userId, now);
    await recordAuditEvent(tx, { userId, action: 'auth.login', detail: { jti: session.jti }, meta, at: now });
    return { token: session.token, user: { userId, userDetailsId, email, investmentAmount } };
  });
}
