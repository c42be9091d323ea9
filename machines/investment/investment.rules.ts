/**
 * The lifecycle's rules as plain functions: the chart's guards call them, and so may anything that has to explain a
 * refusal. Amounts are whole euro cents; times ISO 8601 strings.
 */
import type { RiskLevel } from '../../src/shared/admin/kyc-checks.ts';
import { KYC_STANDINGS_ALLOWING_PROGRESS } from '../../src/shared/kyc.ts';
import type { CasePayment, InvestmentContext, InvestmentInput, Reviewer } from './investment.types.ts';

/** A case as it starts: registered, nothing submitted, nothing paid. */
export const initialCaseContext = ({ amountCents }: InvestmentInput): InvestmentContext => ({
  amountCents,
  kyc: 'collecting',
  kycRound: 0,
  kycSubmittedAt: null,
  firstApprover: null,
  resubmissionSteps: [],
  signedWallet: null,
  payment: null,
  heldTwice: [],
  returning: [],
  refund: null,
  issuance: null,
});

/** Four-eyes: an investment ABOVE the threshold needs two different reviewers' approvals (at the threshold, one). */
export const needsFourEyes = (amountCents: number, fourEyesAboveCents: number): boolean => amountCents > fourEyesAboveCents;

/** Two approvals: above the four-eyes threshold, or a case scored high risk whatever its amount (issue 30). */
export const needsTwoApprovals = (amountCents: number, fourEyesAboveCents: number, riskLevel: RiskLevel | null): boolean =>
  needsFourEyes(amountCents, fourEyesAboveCents) || riskLevel === 'high';

/** A high-risk case is approved only once its enhanced-due-diligence checklist is complete. */
export const dueDiligenceDone = (riskLevel: RiskLevel | null, enhancedDueDiligence: boolean): boolean => riskLevel !== 'high' || enhancedDueDiligence;

/**
 * A reviewer whose approval counts towards four-eyes held the compliance role, without a break, since before the
 * round was submitted: a role given while the case waited cannot decide it.
 */
export function heldComplianceBeforeSubmission(reviewer: Reviewer, submittedAt: string | null): boolean {
  if (reviewer.complianceSince === null || submittedAt === null) return false;
  return Date.parse(reviewer.complianceSince) < Date.parse(submittedAt);
}

/** Whether a case in `leaves` (dotted leaf states: 'case.review.approved') is in `path` or a state below it. */
export const isInStatePath = (leaves: readonly string[], path: string): boolean => leaves.some((s) => s === path || s.startsWith(`${path}.`));

/** The investor may go on with agreements and start a payment while KYC is under review or approved (the shared rule). */
export const kycAllowsProgress = (context: Pick<InvestmentContext, 'kyc'>): boolean => KYC_STANDINGS_ALLOWING_PROGRESS.includes(context.kyc);

/** The sum a receipt would bring the payment to. */
export const receivedWith = (payment: CasePayment, amountCents: number): number => payment.receivedCents + amountCents;

/** Exactly what is due: never more, never less (under- and over-payments are held for finance). */
export const settlesExactly = (payment: CasePayment, amountCents: number): boolean => receivedWith(payment, amountCents) === payment.dueCents;

/** Wallet addresses compare without regard to case (EIP-55 mixes cases; the address is the same). */
export const sameWallet = (a: string | null, b: string | null): boolean => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();
