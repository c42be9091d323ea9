/**
 * Where an investor's case stands on the lifecycle chart (machines/investment), read from the rows the portal keeps
 * today: the disclosure step, the KYC verification and its review round, the agreements, the payments with what was
 * received for each, the refunds and the issuance. Pure: `loadCaseRows` reads the rows, this names the state.
 *
 * It is what a migration uses to give every existing investor a snapshot, and what the tests compare the API with.
 * It reads facts, it does not judge them: rows that the rules of today would not let happen (two settled payments,
 * left from before issue 26) are placed as the chart would have held them (the first settled, the other paid twice),
 * and `anomalies` names each such row for a person to look at.
 */
import type { StateValue } from 'xstate';
import type { RefundStatus } from '../../../shared/admin/money.ts';
import type { KycResubmitStep, KycStatus } from '../../../shared/kyc.ts';
import type { AgreementStatus } from '../../../shared/legal.ts';
import type { PaymentMethod, PaymentStatus } from '../../../shared/payment-status.ts';
import { initialCaseContext } from '../../../../machines/investment/investment.rules.ts';
import type { CasePayment, InvestmentContext, KycStanding } from '../../../../machines/investment/investment.types.ts';

export type CasePaymentRow = {
  id: string;
  method: PaymentMethod;
  status: PaymentStatus;
  totalCents: number;
  /** Held (ON_HOLD) because its money came while another payment had settled the investment, not for a difference. */
  paidTwice: boolean;
  /** The sum of the funds receipts recorded for it (crypto and wire). */
  receivedCents: number;
  createdAt: string;
  completedAt: string | null;
};

export type CaseRows = {
  amountCents: number;
  disclosureCompleted: boolean;
  kyc: {
    status: KycStatus;
    /** When the current round was submitted (null: not yet). */
    submittedAt: string | null;
    round: number;
    resubmissionSteps: KycResubmitStep[];
    /** Who approved in the current round, oldest first. */
    approvers: string[];
  };
  agreements: { status: AgreementStatus; wallet: string | null };
  /** Oldest first. */
  payments: CasePaymentRow[];
  refunds: { paymentId: string; status: RefundStatus }[];
  issuance: { wallet: string; transactionHash: string } | null;
};

export type DerivedCase = { value: StateValue; context: InvestmentContext; anomalies: string[] };

const REVIEW_STATE: Record<Exclude<KycStatus, 'PENDING' | 'IN_PROGRESS'>, string> = {
  UNDER_REVIEW: 'underReview',
  RESUBMISSION_REQUESTED: 'resubmissionRequested',
  APPROVED: 'approved',
  REJECTED: 'rejected',
};

const STANDING: Record<string, KycStanding> = {
  underReview: 'underReview',
  firstApprovalGiven: 'underReview',
  resubmissionRequested: 'resubmissionRequested',
  approved: 'approved',
  rejected: 'rejected',
};

const asCasePayment = (p: CasePaymentRow): CasePayment => ({
  id: p.id,
  method: p.method === 'CARD' ? 'CARD' : p.method === 'CRYPTO' ? 'CRYPTO' : 'WIRE',
  dueCents: p.totalCents,
  // A card's money is taken in full when the provider says so; a transfer's is what finance recorded.
  receivedCents: p.method === 'CARD' ? (p.status === 'COMPLETED' || p.status === 'ON_HOLD' || p.status === 'REFUNDED' ? p.totalCents : 0) : p.receivedCents,
});

function investingState(rows: CaseRows, anomalies: string[]): { value: StateValue; context: Partial<InvestmentContext> } {
  if (rows.agreements.status !== 'COMPLETED') return { value: 'agreements', context: {} };
  const signedWallet = rows.agreements.wallet;
  const pendingRefund = new Set(rows.refunds.filter((r) => r.status === 'PENDING').map((r) => r.paymentId));
  const completed = rows.payments.filter((p) => p.status === 'COMPLETED').sort((a, b) => (a.completedAt ?? '').localeCompare(b.completedAt ?? ''));
  const held = rows.payments.filter((p) => p.status === 'ON_HOLD');
  const base = { signedWallet, issuance: rows.issuance };
  const withHeld = (ids: string[]) => ({ heldTwice: ids, returning: ids.filter((id) => pendingRefund.has(id)) });

  const settling = completed[0];
  if (settling) {
    for (const extra of completed.slice(1)) anomalies.push(`payment ${extra.id} is a second settled payment: held as paid twice`);
    const context = { ...base, payment: asCasePayment(settling), ...withHeld([...completed.slice(1), ...held].map((p) => p.id)) };
    if (rows.issuance) return { value: { settled: 'tokensIssued' }, context };
    if (pendingRefund.has(settling.id)) return { value: 'refundPending', context: { ...context, refund: { paymentId: settling.id, from: 'paid' } } };
    return { value: { settled: 'paid' }, context };
  }
  // None settles now: money paid twice while a payment (since refunded) settled stays held to be returned.
  const paidTwice = held.filter((p) => p.paidTwice).map((p) => p.id);
  const forDifference = held.filter((p) => !p.paidTwice);
  const onHold = forDifference.at(-1);
  if (onHold) {
    // Another payment on hold beside it (none settled): its money is only ever returned, like money paid twice.
    for (const extra of forDifference.slice(0, -1)) anomalies.push(`payment ${extra.id} is a second payment on hold while none settled: held to be returned`);
    const context = { ...base, payment: asCasePayment(onHold), ...withHeld([...paidTwice, ...forDifference.slice(0, -1).map((p) => p.id)]) };
    if (pendingRefund.has(onHold.id)) return { value: 'refundPending', context: { ...context, refund: { paymentId: onHold.id, from: 'onHold' } } };
    return { value: { payment: 'onHold' }, context };
  }
  const others = { ...base, ...withHeld(paidTwice) };
  const awaiting = rows.payments.filter((p) => p.status === 'AWAITING_FUNDS').at(-1);
  if (awaiting) return { value: { payment: 'awaitingFunds' }, context: { ...others, payment: asCasePayment(awaiting) } };
  // What came after the last money returned: a card attempt left open from before it was abandoned for the transfer.
  const lastRefunded = rows.payments.findLastIndex((p) => p.status === 'REFUNDED');
  // Facts of the chart only: a transfer started but not said to be sent is not one, money paid twice stays held.
  const since = rows.payments
    .slice(lastRefunded + 1)
    .filter((p) => !(p.status === 'ON_HOLD' && p.paidTwice) && (p.method === 'CARD' || !['PENDING', 'PROCESSING', 'FAILED'].includes(p.status)));
  const openCard = since.filter((p) => p.method === 'CARD' && (p.status === 'PENDING' || p.status === 'PROCESSING')).at(-1);
  if (openCard) return { value: { payment: 'cardPending' }, context: { ...others, payment: asCasePayment(openCard) } };
  // The money went back and no payment came since (a card tried after a refund and failed is choosing again).
  if (lastRefunded >= 0 && since.length === 0) return { value: 'refunded', context: others };
  return { value: { payment: 'choosing' }, context: others };
}

export function caseFromRows(rows: CaseRows): DerivedCase {
  const anomalies: string[] = [];
  const context = initialCaseContext({ amountCents: rows.amountCents });
  if (!rows.disclosureCompleted) return { value: 'disclosure', context, anomalies };
  const { kyc } = rows;
  // Submitted once: under review, decided, or reopened by a reviewer (whose request clears the submission time).
  if (kyc.status === 'PENDING' || kyc.status === 'IN_PROGRESS') return { value: 'kycCollecting', context, anomalies };

  const review = kyc.status === 'UNDER_REVIEW' && kyc.approvers.length > 0 ? 'firstApprovalGiven' : REVIEW_STATE[kyc.status];
  const investing = investingState(rows, anomalies);
  return {
    value: { case: { review, investing: investing.value } },
    context: {
      ...context,
      ...investing.context,
      kyc: STANDING[review]!,
      kycRound: kyc.round,
      kycSubmittedAt: kyc.submittedAt,
      firstApprover: review === 'firstApprovalGiven' ? kyc.approvers[0]! : null,
      resubmissionSteps: kyc.status === 'RESUBMISSION_REQUESTED' ? [...kyc.resubmissionSteps] : [],
    },
    anomalies,
  };
}
