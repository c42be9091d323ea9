/**
 * GET /api/admin/audit/events (auditor, issuer-admin, compliance): the audit trail newest first by seq, filtered
 * (audit-filters.ts), a page at a time by keyset on seq (the cursor is the last seq shown), with the investor's and
 * the staff member's emails joined in the same query.
 */
import { and, desc, eq, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { AuditEventRow, AuditEventsResponse } from '../../../../shared/admin/audit.ts';
import { auditEvents, staffMembers, users } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import { parseAuditQuery, type AuditQueryString } from './audit-filters.ts';

export function auditRowsQuery(db: Db, where: SQL | undefined, beforeSeq: number | null, limit: number) {
  return db
    .select({ event: auditEvents, investorEmail: users.email, staffEmail: staffMembers.email })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.userId))
    .leftJoin(staffMembers, eq(staffMembers.id, auditEvents.staffId))
    .where(and(isNotNull(auditEvents.seq), where, beforeSeq === null ? undefined : lt(auditEvents.seq, beforeSeq)))
    .orderBy(desc(auditEvents.seq))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof auditRowsQuery>>[number];

export function toAuditEventRow({ event, investorEmail, staffEmail }: Row): AuditEventRow {
  const role = event.detail.role;
  return {
    seq: event.seq!,
    id: event.id,
    at: event.at.toISOString(),
    action: event.action,
    userId: event.userId,
    investorEmail: investorEmail ?? null,
    staffId: event.staffId,
    staffEmail: staffEmail ?? null,
    role: event.staffId && typeof role === 'string' ? role : null,
    ip: event.ip,
    userAgent: event.userAgent,
    detail: event.detail,
    hash: event.hash!,
    prevHash: event.prevHash!,
  };
}

export async function listAuditEvents(db: Db, query: AuditQueryString): Promise<AuditEventsResponse> {
  const { where, limit, beforeSeq } = await parseAuditQuery(db, query);
  const rows = await auditRowsQuery(db, where, beforeSeq, limit + 1);
  const page = rows.slice(0, limit).map(toAuditEventRow);
  return { rows: page, nextCursor: rows.length > limit ? String(page[page.length - 1]!.seq) : null };
}
