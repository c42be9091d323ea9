/** The back-office dashboard (issue 15): the funnel, the money and the KYC decisions, for every staff role. */
import type { ProcessStep } from '../process-steps.ts';

export type DashboardResponse = {
  /** Investors whose current step is each step, in process order. */
  funnel: { step: ProcessStep; investors: number }[];
  investors: number;
  money: {
    /** Sum of the investments committed at registration. */
    committedEur: number;
    /** Sum of payments COMPLETED (the investment part, fees excluded). */
    paidEur: number;
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
