/**
 * Rows written before the chain existed (seq null) get chained once, at start after the migrations, in (at, id)
 * order, in one transaction holding the head: a second server starting at the same time waits and finds nothing
 * left to do. Only onto the genesis head: once events were chained, a row without seq was not written by
 * recordAuditEvent (the table's check refuses one), so it is left out for the check to report, never legitimised.
 */
import { asc, isNull, sql } from 'drizzle-orm';
import { auditChainHead, auditEvents } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { auditEventHash } from './audit-hash.ts';
import { lockChainHead } from './append-audit-event.ts';

const PAGE = 500;

export type LegacyChaining = { chained: number; skipped: 'none' | 'chain already started' };

export async function chainLegacyAuditEvents(db: Db): Promise<LegacyChaining> {
  const [any] = await db.select({ id: auditEvents.id }).from(auditEvents).where(isNull(auditEvents.seq)).limit(1);
  if (!any) return { chained: 0, skipped: 'none' };
  return db.transaction(async (tx) => {
    const head = await lockChainHead(tx);
    if (head.seq !== 0) return { chained: 0, skipped: 'chain already started' };
    let { seq, hash: prevHash } = head;
    for (;;) {
      const rows = await tx
        .select()
        .from(auditEvents)
        // Each page leaves the rows it chained out of the next (their seq is set): no cursor needed.
        .where(isNull(auditEvents.seq))
        .orderBy(asc(auditEvents.at), asc(auditEvents.id))
        .limit(PAGE);
      if (rows.length === 0) break;
      const links = rows.map((row) => {
        seq += 1;
        const hash = auditEventHash({ ...row, seq, prevHash });
        const link = { id: row.id, seq, prevHash, hash };
        prevHash = hash;
        return link;
      });
      const values = sql.join(
        links.map((l) => sql`(${l.id}::uuid, ${l.seq}::bigint, ${l.prevHash}, ${l.hash})`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${auditEvents} as e set seq = v.seq, prev_hash = v.prev_hash, hash = v.hash
        from (values ${values}) as v(id, seq, prev_hash, hash) where e.id = v.id`);
    }
    await tx.execute(sql`update ${auditChainHead} set seq = ${seq}::bigint, hash = ${prevHash} where id = 1`);
    return { chained: seq, skipped: 'none' as const };
  });
}
