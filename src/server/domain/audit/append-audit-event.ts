/**
 * Appends one event to the audit chain inside the caller's transaction: locks the head row (SELECT ... FOR UPDATE,
 * the same on PGlite and PostgreSQL), takes seq = head.seq + 1 and prev_hash = head.hash, and writes the event and
 * the new head in one statement. The lock is held to commit, so chain order is commit order: concurrent writers on
 * PostgreSQL wait for each other on this one small row only, and a transaction that rolls back takes its seq with it.
 * The id and the instant come from here, so the hash is known before the insert. Whatever text an event carries (a
 * library's error message in its detail), it is stored: see asStoredJson (audit-hash.ts) and db/jsonb-value.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { cleanText } from '../../../shared/plain-data.ts';
import { auditChainHead, auditEvents } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { asStoredJson, auditEventHash } from './audit-hash.ts';

export type AuditEventInput = {
  userId: string | null;
  staffId: string | null;
  action: string;
  detail: Record<string, unknown> | undefined;
  ip: string | null;
  userAgent: string | null;
  at: Date;
};

export type AppendedAuditEvent = { id: string; seq: number; hash: string };

/** Reads and locks the head row; only inside a transaction. */
export async function lockChainHead(tx: Db): Promise<{ seq: number; hash: string }> {
  const [head] = await tx.select({ seq: auditChainHead.seq, hash: auditChainHead.hash }).from(auditChainHead).where(eq(auditChainHead.id, 1)).for('update');
  if (!head) throw new Error('The audit chain has no head row (audit_chain_head): the audit_chain migration has not run');
  return head;
}

export async function appendAuditEvent(tx: Db, input: AuditEventInput): Promise<AppendedAuditEvent> {
  if (!(input.at instanceof Date) || Number.isNaN(input.at.getTime())) throw new Error(`An audit event (${input.action}) needs a valid instant`);
  const head = await lockChainHead(tx);
  // Hashed exactly as stored: the detail as jsonb keeps it, the texts without what PostgreSQL text cannot hold.
  const text = (value: string | null) => (value === null ? null : cleanText(value));
  const event = {
    ...input,
    action: cleanText(input.action),
    ip: text(input.ip),
    userAgent: text(input.userAgent),
    id: randomUUID(),
    detail: asStoredJson(input.detail),
    seq: head.seq + 1,
    prevHash: head.hash,
  };
  const hash = auditEventHash(event);
  await tx.execute(sql`
    with appended as (
      insert into ${auditEvents} (id, user_id, staff_id, action, detail, ip, user_agent, at, seq, prev_hash, hash)
      values (${event.id}::uuid, ${event.userId}::uuid, ${event.staffId}::uuid, ${event.action}, ${JSON.stringify(event.detail)}::jsonb,
              ${event.ip}, ${event.userAgent}, ${event.at.toISOString()}::timestamptz, ${event.seq}::bigint, ${event.prevHash}, ${hash})
      returning seq
    )
    update ${auditChainHead} set seq = (select seq from appended), hash = ${hash} where id = 1`);
  return { id: event.id, seq: event.seq, hash };
}
