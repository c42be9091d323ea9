import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/types.ts';
import { sessions } from '../db/schema/index.ts';
import { recordAuditEvent } from './record-audit-event.ts';
import type { RequestContext } from './request-context.ts';

/** Logout: the token's session is revoked, so the token is refused everywhere from now on. */
export async function revokeSession(db: Db, jti: string, { userId, now, meta }: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.jti, jti), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await recordAuditEvent(tx, { userId, action: 'auth.logout', detail: { jti }, meta, at: now });
  });
}
