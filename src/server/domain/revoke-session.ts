import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/types.ts';
import { sessions } from '../db/schema/index.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { recordAuditEvent } from './record-audit-event.ts';

/** Logout: the token's session is revoked, so the token is refused everywhere from now on. */
export async function revokeSession(db: Db, auth: { userId: string; jti: string }, context: { now: Date; meta: RequestMeta }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: context.now })
      .where(and(eq(sessions.jti, auth.jti), eq(sessions.userId, auth.userId), isNull(sessions.revokedAt)));
    await recordAuditEvent(tx, { userId: auth.userId, action: 'auth.logout', detail: { jti: auth.jti }, meta: context.meta, at: context.now });
  });
}
