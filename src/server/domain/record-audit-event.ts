import type { Db } from '../db/types.ts';
import { auditEvents } from '../db/schema/index.ts';
import type { RequestMeta } from './request-context.ts';

export type AuditEvent = {
  userId: string | null;
  /** The staff member who acted (back-office calls); absent when the investor or the server did. */
  staffId?: string | null;
  action: string;
  detail?: Record<string, unknown>;
  meta: RequestMeta;
  at: Date;
};

/** Appends to the audit trail. Call it inside the transaction of the change it records. */
export async function recordAuditEvent(db: Db, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    userId: event.userId,
    staffId: event.staffId ?? null,
    action: event.action,
    detail: event.detail ?? {},
    ip: event.meta.ip,
    userAgent: event.meta.userAgent,
    at: event.at,
  });
}
