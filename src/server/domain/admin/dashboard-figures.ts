/**
 * GET /api/admin/dashboard: the figures every staff role sees, in three aggregate queries whatever the number of
 * investors, read from where each case stands on the lifecycle chart (table investment_cases, issue 27).
 * - The funnel: each investor in one bar, by their case's states (machines/investment/investment.funnel.ts):
 *   refunded, else rejected (a rejected investor is never counted at a later step), else the step they are at.
 *   Withdrawn subscriptions are not recorded by the portal (withdrawalsRecorded: false), so that bar is 0.
 * - Money on one definition, what moved (fees included): committed = the cases' amounts (no fee is due on a
 *   commitment); paid = the payment that settled each case, while it stays settled or until its refund is complete;
 *   refunded = the refunds that succeeded (a card's captured total, a transfer's receipts): the chart forgets a
 *   returned payment's amount, the refund's row keeps it. A refunded payment leaves Paid by what enters Refunded.
 * - KYC decisions per UTC day over the last 30 days, from the audit trail: the review's approvals, rejections and
 *   resubmission requests (a first approval of two, under four-eyes, is not a decision; nothing else is counted).
 */
import { sql } from 'drizzle-orm';
import { DASHBOARD_DAYS, FUNNEL_OUTCOMES, type DashboardResponse } from '../../../shared/admin/dashboard.ts';
import { PROCESS_STEPS } from '../../../shared/process-steps.ts';
import { funnelBarOf } from '../../../../machines/investment/investment.funnel.ts';
import { investmentCases } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const objectOf = (value: unknown): Record<string, number> => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
};

/** The KYC review's decisions as its audit events name them (domain/admin/kyc-decision.ts); a first approval of two is not one. */
const DECISION_ACTIONS = { 'admin.kyc.approved': 'approved', 'admin.kyc.rejected': 'rejected', 'admin.kyc.resubmission-requested': 'other' } as const;

export function kindOfDecision(action: string): 'approved' | 'rejected' | 'other' | null {
  return Object.hasOwn(DECISION_ACTIONS, action) ? DECISION_ACTIONS[action as keyof typeof DECISION_ACTIONS] : null;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export async function getDashboardFigures(db: Db, now: Date): Promise<DashboardResponse> {
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (DASHBOARD_DAYS - 1)));
  const [perStates, totals, decisions] = await Promise.all([
    db.select({ states: investmentCases.states, n: sql<number>`count(*)::int` }).from(investmentCases).groupBy(investmentCases.states),
    db.execute(sql`select
      (select count(*)::int from investment_cases) as investors,
      (select coalesce(sum((context->>'amountCents')::bigint), 0)::bigint from investment_cases) as committed_cents,
      -- Paid: the payment that settled each case, kept (settled) or until its refund is complete.
      (select coalesce(sum((context->'payment'->>'dueCents')::bigint), 0)::bigint from investment_cases
        where state_ids @> array['investment.case.investing.settled']
           or (state_ids @> array['investment.case.investing.refundPending'] and context->'refund'->>'from' = 'paid')) as paid_cents,
      (select coalesce(sum(amount_cents), 0)::bigint from refunds where status = 'SUCCEEDED') as refunded_cents,
      (select coalesce(json_object_agg(status, n), '{}'::json) from (select status, count(*)::int as n from kyc_verifications group by status) k) as kyc_now`),
    db.execute(sql`select to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day, action, count(*)::int as n
      from audit_events
      where action in (${sql.join(Object.keys(DECISION_ACTIONS).map((action) => sql`${action}`), sql`, `)}) and at >= ${firstDay.toISOString()}::timestamptz
      group by 1, 2`),
  ]);
  const t = rowsOf(totals)[0] ?? {};
  const funnelCounts: Record<string, number> = {};
  for (const row of perStates) {
    const bar = funnelBarOf(row.states);
    funnelCounts[bar] = (funnelCounts[bar] ?? 0) + Number(row.n);
  }

  const days = new Map<string, { day: string; approved: number; rejected: number; other: number }>();
  for (let i = 0; i < DASHBOARD_DAYS; i++) {
    const day = dayOf(new Date(firstDay.getTime() + i * 86_400_000));
    days.set(day, { day, approved: 0, rejected: 0, other: 0 });
  }
  for (const row of rowsOf(decisions)) {
    const kind = kindOfDecision(String(row.action));
    const entry = days.get(String(row.day));
    if (kind && entry) entry[kind] += Number(row.n);
  }

  return {
    funnel: PROCESS_STEPS.map((step) => ({ step, investors: Number(funnelCounts[step] ?? 0) })),
    outcomes: FUNNEL_OUTCOMES.map((outcome) => ({ outcome, investors: Number(funnelCounts[outcome] ?? 0) })),
    withdrawalsRecorded: false,
    investors: Number(t.investors ?? 0),
    money: {
      committedEur: Number(t.committed_cents ?? 0) / 100,
      paidEur: Number(t.paid_cents ?? 0) / 100,
      refundedEur: Number(t.refunded_cents ?? 0) / 100,
    },
    kycNow: objectOf(t.kyc_now),
    kycDecisions: [...days.values()],
    days: DASHBOARD_DAYS,
    asOf: now.toISOString(),
  };
}
