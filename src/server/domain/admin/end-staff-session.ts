import { and, eq, isNull } from 'drizzle-orm';
import { staffSessions } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { StaffRequestContext } from '../request-context.ts';

/** Signing out of the back-office: the session's token is refused from now on. Signing out twice changes nothing. */
export async function endStaffSession(db: Db, ctx: StaffRequestContext, jti: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(staffSessions)
      .set({ revokedAt: ctx.now })
      .where(and(eq(staffSessions.jti, jti), eq(staffSessions.staffId, ctx.staffId), isNull(staffSessions.revokedAt)))
      .returning({ jti: staffSessions.jti });
    if (ended.length > 0) await recordAuditEvent(tx, { userId: null, staffId: ctx.staffId, action: 'staff.sign-out', meta: ctx.meta, at: ctx.now });
  });
}
