/**
 * The audit chain's check (issue 16): walks the events by seq a page at a time (keyset, so memory stays bounded
 * whatever the trail's length), recomputes every hash and answers the FIRST link that does not hold:
 *   deleted    a seq is missing, or a row's prev_hash is not the previous row's hash;
 *   altered    a row's stored hash is not the hash of its contents (or the head's hash is not the last row's);
 *   truncated  the head row names seq N but the trail stops before N.
 * It reads the head first and checks up to it only: events appended meanwhile are the next check's. The head and the
 * last seq are read in one statement (one snapshot): events past the head there mean the head was set back (altered).
 * Rows without seq (outside the chain: the table's check refuses them since the chain exists) are counted apart.
 */
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { AuditChainBreak, AuditChainBreakEvent, AuditChainReport } from '../../../shared/admin/audit.ts';
import { auditChainHead, auditEvents } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { auditEventHash, GENESIS_HASH } from './audit-hash.ts';

export const VERIFY_PAGE = 1000;

type Walk = { checked: number; lastSeq: number; lastHash: string; broken: AuditChainBreak | null };

type Row = typeof auditEvents.$inferSelect;
const breakEvent = (row: Row): AuditChainBreakEvent => ({ seq: row.seq!, id: row.id, at: row.at.toISOString(), action: row.action, userId: row.userId, staffId: row.staffId });

async function walkChain(db: Db, upTo: number, pageSize: number, signal?: AbortSignal): Promise<Walk> {
  const walk: Walk = { checked: 0, lastSeq: 0, lastHash: GENESIS_HASH, broken: null };
  for (;;) {
    signal?.throwIfAborted();
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(gt(auditEvents.seq, walk.lastSeq), lte(auditEvents.seq, upTo)))
      .orderBy(asc(auditEvents.seq))
      .limit(pageSize);
    for (const row of rows) {
      const seq = row.seq!;
      const expected = walk.lastSeq + 1;
      if (seq !== expected) {
        const missing = seq - 1 === expected ? `seq ${expected} is missing` : `seqs ${expected} to ${seq - 1} are missing`;
        walk.broken = { kind: 'deleted', seq, eventId: row.id, event: breakEvent(row), message: `The chain breaks before event ${seq}: ${missing} (deleted).` };
        return walk;
      }
      if (row.prevHash !== walk.lastHash) {
        walk.broken = {
          kind: 'deleted',
          seq,
          eventId: row.id,
          event: breakEvent(row),
          message: `Event ${seq} does not follow event ${walk.lastSeq}: its prev_hash is not that event's hash (an event before it was deleted, replaced or altered).`,
        };
        return walk;
      }
      const recomputed = auditEventHash({ ...row, seq, prevHash: row.prevHash });
      if (recomputed !== row.hash) {
        walk.broken = { kind: 'altered', seq, eventId: row.id, event: breakEvent(row), message: `Event ${seq} was altered: its contents do not hash to the hash stored with it.` };
        return walk;
      }
      walk.checked += 1;
      walk.lastSeq = seq;
      walk.lastHash = row.hash;
    }
    if (rows.length < pageSize) return walk;
  }
}

export async function verifyAuditChain(db: Db, now: () => Date, pageSize = VERIFY_PAGE, signal?: AbortSignal): Promise<AuditChainReport> {
  const started = performance.now();
  const [head] = await db
    .select({ seq: auditChainHead.seq, hash: auditChainHead.hash, lastSeq: sql<string | number | null>`(select max(${auditEvents.seq}) from ${auditEvents})` })
    .from(auditChainHead)
    .where(eq(auditChainHead.id, 1));
  if (!head) throw new Error('The audit chain has no head row (audit_chain_head): the audit_chain migration has not run');
  const walk = await walkChain(db, head.seq, pageSize, signal);
  let broken = walk.broken;
  const lastSeq = head.lastSeq === null ? 0 : Number(head.lastSeq);
  if (!broken && walk.lastSeq < head.seq) {
    const message = `The trail was truncated: the chain's head names event ${head.seq}, but the last event is ${walk.lastSeq === 0 ? 'none' : walk.lastSeq}.`;
    broken = { kind: 'truncated', seq: walk.lastSeq + 1, eventId: null, event: null, message };
  } else if (!broken && head.seq > 0 && walk.lastHash !== head.hash) {
    broken = { kind: 'altered', seq: head.seq, eventId: null, event: null, message: `Event ${head.seq}'s hash is not the one the chain's head recorded (the last event was replaced).` };
  } else if (!broken && lastSeq > head.seq) {
    // Read in the head's own snapshot: an event past the head is not one appended meanwhile, the head was set back.
    const [next] = await db.select().from(auditEvents).where(gt(auditEvents.seq, head.seq)).orderBy(asc(auditEvents.seq)).limit(1);
    const seq = next?.seq ?? head.seq + 1;
    const message = `The chain's head was set back: it names event ${head.seq === 0 ? 'none' : head.seq}, but the events go on to ${lastSeq} (event ${seq} and after are outside what the head vouches for).`;
    broken = { kind: 'altered', seq, eventId: next?.id ?? null, event: next ? breakEvent(next) : null, message };
  }
  const [outside] = await db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(isNull(auditEvents.seq));
  const unchained = Number(outside?.n ?? 0);
  return {
    ok: broken === null && unchained === 0,
    checked: walk.checked,
    head: head.seq > 0 ? { seq: head.seq, hash: head.hash } : null,
    firstBroken: broken,
    unchained,
    checkedAt: now().toISOString(),
    durationMs: Math.round((performance.now() - started) * 10) / 10,
  };
}

/** The report in words, for the command and the log. */
export function describeChainReport(report: AuditChainReport): string {
  const lines: string[] = [];
  const event = report.firstBroken?.event;
  if (report.firstBroken) lines.push(`BROKEN at event ${report.firstBroken.seq} (${report.firstBroken.kind}): ${report.firstBroken.message}`);
  if (event) lines.push(`That event as stored now: id ${event.id}, action ${event.action}, at ${event.at}${event.userId ? `, investor ${event.userId}` : ''}${event.staffId ? `, staff ${event.staffId}` : ''}.`);
  else if (report.head) lines.push(`The audit chain is whole: ${report.checked} events checked, head event ${report.head.seq}, hash ${report.head.hash}.`);
  else lines.push('The audit trail holds no event: nothing was checked.');
  if (report.firstBroken) lines.push(`${report.checked} events checked before the break.`);
  if (report.unchained) lines.push(`${report.unchained} event(s) sit outside the chain (no seq): written around recordAuditEvent, or before the chain was started and never chained.`);
  lines.push(`Checked at ${report.checkedAt} in ${report.durationMs} ms.`);
  return lines.join('\n');
}
