/**
 * The auditor's own traces: checking the chain and exporting the trail are recorded (who looked, when, what they
 * found or took); reading the list or a journey is not, so browsing does not make the trail grow on every GET.
 */
import type { AuditChainReport } from '../../../../shared/admin/audit.ts';
import type { StaffRequestContext } from '../../request-context.ts';
import type { Db } from '../../../db/types.ts';
import { recordAuditEvent } from '../../record-audit-event.ts';
import type { AuditQueryString } from './audit-filters.ts';

/** The role the staff member acted in, as other back-office events record it (detail.role). */
const actingRole = (ctx: StaffRequestContext, allowed: readonly string[]) => allowed.find((role) => ctx.roles.includes(role)) ?? ctx.roles[0] ?? null;

export async function recordChainCheck(db: Db, ctx: StaffRequestContext, report: AuditChainReport): Promise<void> {
  await recordAuditEvent(db, {
    userId: null,
    staffId: ctx.staffId,
    action: 'admin.audit.chain_checked',
    detail: {
      role: actingRole(ctx, ['auditor', 'issuer-admin']),
      ok: report.ok,
      checked: report.checked,
      head: report.head,
      firstBroken: report.firstBroken ? { kind: report.firstBroken.kind, seq: report.firstBroken.seq } : null,
      unchained: report.unchained ?? 0,
    },
    meta: ctx.meta,
    at: ctx.now,
  });
}

export async function recordExport(db: Db, ctx: StaffRequestContext, query: AuditQueryString): Promise<void> {
  const filters = Object.fromEntries(Object.entries(query).filter(([key, value]) => value && ['investor', 'staff', 'action', 'from', 'to'].includes(key)));
  await recordAuditEvent(db, {
    userId: null,
    staffId: ctx.staffId,
    action: 'admin.audit.exported',
    detail: { role: actingRole(ctx, ['auditor', 'issuer-admin', 'compliance']), filters },
    meta: ctx.meta,
    at: ctx.now,
  });
}
