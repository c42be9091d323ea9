/**
 * GET /api/admin/audit/events.csv: the filtered trail as CSV, newest first, streamed a page at a time by keyset on seq
 * (bounded memory), every field quoted and every cell neutralised by the exports' one rule (csv/spreadsheet-csv.ts).
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/types.ts';
import { canonicalJson } from '../../audit/audit-hash.ts';
import { EXPORT_PAGE, pagedCsv } from '../../csv/spreadsheet-csv.ts';
import { auditRowsQuery, toAuditEventRow } from './list-audit-events.ts';

export const AUDIT_CSV_HEADER = ['seq', 'event_id', 'at', 'action', 'investor_id', 'investor_email', 'staff_id', 'staff_email', 'role', 'ip', 'user_agent', 'detail_json', 'hash', 'prev_hash'];

export function auditEventsCsv(db: Db, where: SQL | undefined, pageSize = EXPORT_PAGE): ReadableStream<Uint8Array> {
  return pagedCsv<number>(AUDIT_CSV_HEADER, async (beforeSeq) => {
    const rows = (await auditRowsQuery(db, where, beforeSeq, pageSize)).map(toAuditEventRow);
    const records = rows.map((r) => [r.seq, r.id, r.at, r.action, r.userId, r.investorEmail, r.staffId, r.staffEmail, r.role, r.ip, r.userAgent, canonicalJson(r.detail), r.hash, r.prevHash]);
    return { records, last: rows.length > 0 ? rows[rows.length - 1]!.seq : beforeSeq, full: rows.length === pageSize };
  });
}
