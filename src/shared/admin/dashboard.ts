/** The back-office dashboard (issue 15): the funnel, the money and the KYC decisions, for every staff role. */
import * as v from 'valibot';
import { PROCESS_STEPS } from '../process-steps.ts';

/**
 * Where an investor's path ended outside the steps (issue 26), in the order the dashboard draws them. Each investor
 * is in one bar, by their case on the lifecycle chart (machines/investment/investment.funnel.ts): refunded (a refund
 * went back and they have not paid again) before rejected (KYC rejected), else the step they are at; withdrawn is
 * not recorded yet.
 */
export const FUNNEL_OUTCOMES = ['rejected', 'refunded', 'withdrawn'] as const;
export type FunnelOutcome = (typeof FUNNEL_OUTCOMES)[number];

/** GET /api/admin/dashboard. v.object, not strict: a field the server adds does not break an open page (issue 29). */
export const DashboardResponseSchema = v.object({
  /** Investors still on their way, by the step their case is at, in process order (an outcome below takes them out). */
  funnel: v.array(v.object({ step: v.picklist(PROCESS_STEPS), investors: v.number() })),
  /** Investors whose path ended outside the steps, in FUNNEL_OUTCOMES order. */
  outcomes: v.array(v.object({ outcome: v.picklist(FUNNEL_OUTCOMES), investors: v.number() })),
  /**
   * Whether the portal records withdrawn subscriptions. It does not yet (an investor withdraws by written notice,
   * Investment Agreement 2.3, and nothing records it): the withdrawn bar is 0 and the page says why.
   */
  withdrawalsRecorded: v.boolean(),
  investors: v.number(),
  /** Money in EUR. Paid and Refunded on one definition: what moved, the processing fee included. */
  money: v.object({
    /** Sum of the investments committed at registration (no fee: the fee depends on how one pays). */
    committedEur: v.number(),
    /** Sum of the payments COMPLETED (funds received and kept), fees included. */
    paidEur: v.number(),
    /** Sum of the refunds that went back (SUCCEEDED), fees included: a card's captured total, a transfer's receipts. */
    refundedEur: v.number(),
  }),
  /** KYC verifications now, by status. */
  kycNow: v.record(v.string(), v.number()),
  /** Staff KYC decisions per day (UTC) over the last `days` days, from the audit trail (admin.kyc.* events). */
  kycDecisions: v.array(v.object({ day: v.string(), approved: v.number(), rejected: v.number(), other: v.number() })),
  days: v.number(),
  asOf: v.string(),
});
export type DashboardResponse = v.InferOutput<typeof DashboardResponseSchema>;

export const DASHBOARD_DAYS = 30;
