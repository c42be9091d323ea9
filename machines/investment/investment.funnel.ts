/**
 * The dashboard's funnel read from the lifecycle (issue 27): which bar a case is counted in, from the leaf states it
 * is in. Outcomes first (refunded, then rejected: a rejected investor is never counted at a later step), then the
 * step the investor is at: a resubmission asked for puts them back at KYC; once they said the money was sent (awaiting
 * funds, on hold, paid, a refund under way) their steps are complete.
 */
import type { FunnelOutcome } from '../../src/shared/admin/dashboard.ts';
import type { ProcessStep } from '../../src/shared/process-steps.ts';
import { isInStatePath } from './investment.rules.ts';

export type FunnelBar = ProcessStep | Exclude<FunnelOutcome, 'withdrawn'>;

export function funnelBarOf(states: readonly string[]): FunnelBar {
  const inState = (path: string) => isInStatePath(states, path);
  if (inState('case.investing.refunded')) return 'refunded';
  if (inState('case.review.rejected')) return 'rejected';
  if (inState('disclosure')) return 'disclosure';
  if (inState('kycCollecting') || inState('case.review.resubmissionRequested')) return 'kyc';
  if (inState('case.investing.agreements')) return 'agreements';
  if (inState('case.investing.payment.choosing') || inState('case.investing.payment.cardPending')) return 'payment';
  return 'complete';
}
