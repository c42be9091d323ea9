import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/types.ts';
import { sessions } from '../db/schema.ts';

/** True when the token's session exists for that user, is not revoked and has not expired. */
export async function findActiveSession(db: Db, claims: { userId: string; jti: string }, now: Date): Promise<boolean> {
  const rows = await db
    .select({ jti: sessions.jti })
    .from(sessions)
    .where(and(eq(sessions.jti, claims.jti), eq(sessions.userId, claims.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows.length === 1;
}
