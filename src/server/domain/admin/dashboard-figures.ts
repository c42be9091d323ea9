/**
 * GET /api/admin/dashboard: the figures every staff role sees, in two aggregate queries whatever the number of
 * investors.
 * - The funnel: investors by user_details.current_step (where the investor's step lives), in process order.
 * - Money: committed = the investments' sum; paid = payments COMPLETED (the investment part, fees excluded);
 *   refunded = payments REFUNDED when that status exists in PAYMENT_STATUSES. On this branch it does not (no refunds
 *   yet), so refunded is 0 and refundsTracked false: said, not hidden.
 * - KYC decisions per UTC day over the last 30 days, from the audit trail: staff KYC events (admin.kyc.*) whose action
 *   (or detail.decision) names an approval, a rejection or a resubmission request; nothing else is counted.
 */
import { sql } from 'drizzle-orm';
import { DASHBOARD_DAYS, type DashboardResponse } from '../../../shared/admin/dashboard.ts';
import { PAYMENT_STATUSES } from '../../../shared/payment-status.ts';
import { PROCESS_STEPS } from '../../../shared/process-steps.ts';
import type { Db } from '../../db/types.ts';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const objectOf = (value: unknown): Record<string, number> => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
};

const REFUNDS_TRACKED = (PAYMENT_STATUSES as readonly string[]).includes('REFUNDED');

export function kindOfDecision(action: string, decision: string | null): 'approved' | 'rejected' | 'other' | null {
  const text = `${action} ${decision ?? ''}`.toLowerCase();
  if (/approv/.test(text)) return 'approved';
  if (/reject/.test(text)) return 'rejected';
  if (/resubmi/.test(text)) return 'other';
  return null;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export async function getDashboardFigures(db: Db, now: Date): Promise<DashboardResponse> {
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (DASHBOARD_DAYS - 1)));
  const refundedSql = REFUNDS_TRACKED
    ? sql`(select coalesce(sum(amount_cents), 0)::bigint from payments where payment_status = 'REFUNDED')`
    : sql`0::bigint`;
  const [totals, decisions] = await Promise.all([
    db.execute(sql`select
      (select coalesce(json_object_agg(current_step, n), '{}'::json) from (select current_step, count(*)::int as n from user_details group by current_step) s) as funnel,
      (select count(*)::int from user_details) as investors,
      (select coalesce(sum(amount), 0)::text from investments) as committed,
      (select coalesce(sum(amount_cents), 0)::bigint from payments where payment_status = 'COMPLETED') as paid_cents,
      ${refundedSql} as refunded_cents,
      (select coalesce(json_object_agg(status, n), '{}'::json) from (select status, count(*)::int as n from kyc_verifications group by status) k) as kyc_now`),
    db.execute(sql`select to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day, action, detail->>'decision' as decision, count(*)::int as n
      from audit_events
      where action like 'admin.kyc.%' and at >= ${firstDay.toISOString()}::timestamptz
      group by 1, 2, 3`),
  ]);
  const t = rowsOf(totals)[0] ?? {};
  const funnelCounts = objectOf(t.funnel);

  const days = new Map<string, { day: string; approved: number; rejected: number; other: number }>();
  for (let i = 0; i < DASHBOARD_DAYS; i++) {
    const day = dayOf(new Date(firstDay.getTime() + i * 86_400_000));
    days.set(day, { day, approved: 0, rejected: 0, other: 0 });
  }
  for (const row of rowsOf(decisions)) {
    const kind = kindOfDecision(String(row.action), typeof row.decision === 'string' ? row.decision : null);
    const entry = days.get(String(row.day));
    if (kind && entry) entry[kind] += Number(row.n);
  }

  return {
    funnel: PROCESS_STEPS.map((step) => ({ step, investors: Number(funnelCounts[step] ?? 0) })),
    investors: Number(t.investors ?? 0),
    money: {
      committedEur: Number(t.committed ?? 0),
      paidEur: Number(t.paid_cents ?? 0) / 100,
      refundedEur: Number(t.refunded_cents ?? 0) / 100,
      refundsTracked: REFUNDS_TRACKED,
    },
    kycNow: objectOf(t.kyc_now),
    kycDecisions: [...days.values()],
    days: DASHBOARD_DAYS,
    asOf: now.toISOString(),
  };
}
