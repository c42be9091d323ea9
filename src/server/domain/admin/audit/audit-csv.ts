/**
 * GET /api/admin/audit/events.csv: the filtered trail as RFC 4180 CSV, newest first, streamed a page at a time by
 * keyset on seq (bounded memory), with the payments export's cell escaping and formula neutralising (money-csv.ts).
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/types.ts';
import { canonicalJson } from '../../audit/audit-hash.ts';
import { csvLine, EXPORT_PAGE } from '../money-csv.ts';
import { auditRowsQuery, toAuditEventRow } from './list-audit-events.ts';

export const AUDIT_CSV_HEADER = ['seq', 'event_id', 'at', 'action', 'investor_id', 'investor_email', 'staff_id', 'staff_email', 'role', 'ip', 'user_agent', 'detail_json', 'hash', 'prev_hash'];

export function auditEventsCsv(db: Db, where: SQL | undefined, pageSize = EXPORT_PAGE): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let beforeSeq: number | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(AUDIT_CSV_HEADER)));
        return;
      }
      const rows = (await auditRowsQuery(db, where, beforeSeq, pageSize)).map(toAuditEventRow);
      if (rows.length > 0) {
        const lines = rows.map((r) => csvLine([r.seq, r.id, r.at, r.action, r.userId, r.investorEmail, r.staffId, r.staffEmail, r.role, r.ip, r.userAgent, canonicalJson(r.detail), r.hash, r.prevHash]));
        controller.enqueue(encoder.encode(lines.join('')));
        beforeSeq = rows[rows.length - 1]!.seq;
      }
      if (rows.length < pageSize) controller.close();
    },
  });
}
