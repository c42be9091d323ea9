import type { IssuedToken, TokenService } from '../auth/token-service.ts';
import type { Db } from '../db/types.ts';
import { sessions } from '../db/schema/index.ts';

/** Issues a token and records its session row (the row is what logout revokes). */
export async function startSession(db: Db, tokens: TokenService, userId: string, now: Date): Promise<IssuedToken> {
  const issued = await tokens.issue(userId, now);
  await db.insert(sessions).values({ jti: issued.jti, userId, issuedAt: issued.issuedAt, expiresAt: issued.expiresAt });
  return issued;
}
