import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/types.ts';
import { appendAuditEvent, type AppendedAuditEvent } from './audit/append-audit-event.ts';
import type { RequestMeta } from './request-context.ts';

/** A boolean, not a type guard: narrowing Db to drizzle's generic PgTransaction would lose the schema's types. */
const isTransaction = (db: Db): boolean => db instanceof PgTransaction;

export type AuditEvent = {
  userId: string | null;
  /** The staff member who acted (back-office calls); absent when the investor or the server did. */
  staffId?: string | null;
  action: string;
  detail?: Record<string, unknown>;
  meta: RequestMeta;
  at: Date;
};

/**
 * Appends to the audit trail, a hash chain (src/server/domain/audit/). Call it inside the transaction of the change
 * it records, as late in it as the change allows: from this call to the commit the transaction holds the chain's
 * head, and every other audit-writing transaction waits for it. Given the database rather than a transaction, it
 * opens one of its own (the head must stay locked from read to write).
 */
export async function recordAuditEvent(db: Db, event: AuditEvent): Promise<AppendedAuditEvent> {
  const input = {
    userId: event.userId,
    staffId: event.staffId ?? null,
    action: event.action,
    detail: event.detail,
    ip: event.meta.ip,
    userAgent: event.meta.userAgent,
    at: event.at,
  };
  if (isTransaction(db)) return appendAuditEvent(db, input);
  return db.transaction((tx) => appendAuditEvent(tx, input));
}
