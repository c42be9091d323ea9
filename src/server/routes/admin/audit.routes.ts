/**
 * The audit trail for auditors (issue 16), under /api/admin/audit. Read-only: the auditor passes every GET
 * (staffAuth); issuer-admins and compliance read the trail too, the chain check is the auditor's and the
 * issuer-admin's.
 *   GET /events?investor=&staff=&action=&from=&to=&cursor=&limit=   newest first (list-audit-events.ts)
 *   GET /events.csv?<the same filters>                              streamed CSV, recorded as admin.audit.exported
 *   GET /actions                                                    AuditActionsResponse: the action names recorded
 *   GET /chain                                                      AuditChainReport, recorded as admin.audit.chain_checked
 *   GET /chain/status                                               AuditChainStatus: the last check kept (at start, or asked for)
 *   GET /journey/:userId                                            one investor's steps on the process chart
 */
import { Hono } from 'hono';
import type { AuditActionsResponse, AuditChainStatus } from '../../../shared/admin/audit.ts';
import type { StaffRole } from '../../../shared/admin/staff-roles.ts';
import type { AppDeps, AppEnv } from '../../app-context.ts';
import { listAuditActions } from '../../domain/admin/audit/audit-actions.ts';
import { auditEventsCsv } from '../../domain/admin/audit/audit-csv.ts';
import { auditWhere, type AuditQueryString } from '../../domain/admin/audit/audit-filters.ts';
import { recordChainCheck, recordExport } from '../../domain/admin/audit/audit-traces.ts';
import { getInvestorJourney } from '../../domain/admin/audit/investor-journey.ts';
import { listAuditEvents } from '../../domain/admin/audit/list-audit-events.ts';
import { verifyAuditChain } from '../../domain/audit/verify-audit-chain.ts';
import { staffRequestContext } from '../../http/request-context.ts';
import { staffAuth } from '../../http/staff-auth.ts';

/** The auditor is let through every GET by staffAuth itself. */
const TRAIL_READERS: readonly StaffRole[] = ['issuer-admin', 'compliance'];
const CHAIN_CHECKERS: readonly StaffRole[] = ['issuer-admin'];

export function auditRoutes(deps: AppDeps) {
  const { db } = deps;
  const readers = staffAuth(deps, TRAIL_READERS);
  const checkers = staffAuth(deps, CHAIN_CHECKERS);
  return new Hono<AppEnv>()
    .get('/events', readers, async (c) => c.json(await listAuditEvents(db, c.req.query() as AuditQueryString)))
    .get('/actions', readers, async (c) => c.json({ actions: await listAuditActions(db) } satisfies AuditActionsResponse))
    .get('/events.csv', readers, async (c) => {
      const query = c.req.query() as AuditQueryString;
      const where = await auditWhere(db, query);
      const ctx = staffRequestContext(c, deps);
      await recordExport(db, ctx, query);
      return c.body(auditEventsCsv(db, where), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="audit-events-${ctx.now.toISOString().slice(0, 10)}.csv"`,
        'x-content-type-options': 'nosniff',
      });
    })
    .get('/chain', checkers, async (c) => {
      const ctx = staffRequestContext(c, deps);
      const report = await verifyAuditChain(db, deps.clock.now);
      deps.chainWatch.keep(report, 'staff');
      await recordChainCheck(db, ctx, report);
      return c.json(report);
    })
    // Every reader sees a broken chain the server found; the check itself stays the checkers' (it walks the trail).
    .get('/chain/status', readers, (c) => c.json(deps.chainWatch.status() satisfies AuditChainStatus))
    .get('/journey/:userId', readers, async (c) => c.json(await getInvestorJourney(db, c.req.param('userId'))));
}
