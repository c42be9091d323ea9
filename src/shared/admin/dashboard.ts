/** The back-office dashboard (issue 15): the funnel, the money and the KYC decisions, for every staff role. */
import type { ProcessStep } from '../process-steps.ts';

/**
 * Where an investor's path ended outside the steps (issue 26), in the order the dashboard draws them. Each investor
 * is in one bar, by their case on the lifecycle chart (machines/investment/investment.funnel.ts): refunded (a refund
 * went back and they have not paid again) before rejected (KYC rejected), else the step they are at; withdrawn is
 * not recorded yet.
 */
export const FUNNEL_OUTCOMES = ['rejected', 'refunded', 'withdrawn'] as const;
export type FunnelOutcome = (typeof FUNNEL_OUTCOMES)[number];

export type DashboardResponse = {
  /** Investors still on their way, by the step their case is at, in process order (an outcome below takes them out). */
  funnel: { step: ProcessStep; investors: number }[];
  /** Investors whose path ended outside the steps, in FUNNEL_OUTCOMES order. */
  outcomes: { outcome: FunnelOutcome; investors: number }[];
  /**
   * Whether the portal records withdrawn subscriptions. It does not yet (an investor withdraws by written notice,
   * Investment Agreement 2.3, and nothing records it): the withdrawn bar is 0 and the page says why.
   */
  withdrawalsRecorded: boolean;
  investors: number;
  /** Money in EUR. Paid and Refunded on one definition: what moved, the processing fee included. */
  money: {
    /** Sum of the investments committed at registration (no fee: the fee depends on how one pays). */
    committedEur: number;
    /** Sum of the payments COMPLETED (funds received and kept), fees included. */
    paidEur: number;
    /** Sum of the refunds that went back (SUCCEEDED), fees included: a card's captured total, a transfer's receipts. */
    refundedEur: number;
  };
  /** KYC verifications now, by status. */
  kycNow: Record<string, number>;
  /** Staff KYC decisions per day (UTC) over the last `days` days, from the audit trail (admin.kyc.* events). */
  kycDecisions: { day: string; approved: number; rejected: number; other: number }[];
  days: number;
  asOf: string;
};

export const DASHBOARD_DAYS = 30;
