/**
 * The investment's lifecycle (issue 27): one investor's case as the business knows it, from registration to tokens
 * issued or money returned. Every event is a business fact with the actor who caused it: the investor
 * (`INVESTOR.*`), a member of staff (`STAFF.*`, with who they are), a provider (`PROVIDER.*`: the card provider
 * says a charge or a refund happened), or the ongoing screening (`MONITORING.*`: a new list names the investor). Amounts are whole euro cents; times are ISO 8601 strings, so a snapshot is
 * plain JSON the server can store.
 */
import type { RiskLevel } from '../../src/shared/admin/kyc-checks.ts';
import type { KycResubmitStep, KycStanding } from '../../src/shared/kyc.ts';

/** Where the KYC review stands, as the investing steps need to know it (src/shared/kyc.ts, with the rule that reads it). */
export type { KycStanding } from '../../src/shared/kyc.ts';

export type TransferMethod = 'CRYPTO' | 'WIRE';

/** The payment the investment waits on or was settled by. */
export type CasePayment = {
  id: string;
  method: 'CARD' | TransferMethod;
  /** What the investor owes with this method (the amount and the method's fee). */
  dueCents: number;
  /** The sum of the funds recorded as arrived for it. */
  receivedCents: number;
};

/** A member of staff deciding, with the moment they last received the compliance role (null: they do not hold it). */
export type Reviewer = { staffId: string; complianceSince: string | null };

export type InvestmentInput = {
  /** The amount registered, in euro cents. */
  amountCents: number;
};

export type InvestmentContext = {
  amountCents: number;
  kyc: KycStanding;
  /** The review round: 1 for the first submission, one more for each resubmission. */
  kycRound: number;
  /** When the current round was submitted. */
  kycSubmittedAt: string | null;
  /** Who gave the first of two approvals in this round (four-eyes). */
  firstApprover: string | null;
  /** The steps a reviewer reopened, while a resubmission is asked for. */
  resubmissionSteps: KycResubmitStep[];
  /** The wallet named in the signed agreements: the only one tokens go to. */
  signedWallet: string | null;
  payment: CasePayment | null;
  /** Payments whose money arrived while another already settled the investment: held to be returned. */
  heldTwice: string[];
  /** Of those, the ones whose return is under way. */
  returning: string[];
  /** A refund under way: for which payment, and where the case returns if the provider refuses it. */
  refund: { paymentId: string; from: 'paid' | 'onHold' } | null;
  issuance: { wallet: string; transactionHash: string } | null;
};

export type InvestmentEvent =
  | { type: 'INVESTOR.DISCLOSURE_COMPLETED' }
  | { type: 'INVESTOR.KYC_SUBMITTED'; at: string }
  | { type: 'INVESTOR.KYC_RESUBMITTED'; at: string }
  | {
      type: 'STAFF.KYC_APPROVED';
      reviewer: Reviewer;
      fourEyesAboveCents: number;
      /** The case's risk as last scored (issue 30; null: not scored yet). */
      riskLevel: RiskLevel | null;
      /** Whether this round's enhanced-due-diligence checklist is complete. */
      enhancedDueDiligence: boolean;
    }
  | { type: 'STAFF.KYC_REJECTED'; reviewer: Reviewer; reason: string }
  /** Ongoing monitoring (issue 30): a newly loaded sanctions or PEP list names someone like the investor. */
  | { type: 'MONITORING.NEW_HIT'; at: string; list: string }
  | { type: 'STAFF.KYC_RESUBMISSION_REQUESTED'; reviewer: Reviewer; steps: KycResubmitStep[] }
  | { type: 'INVESTOR.AGREEMENTS_COMPLETED'; wallet: string }
  | { type: 'INVESTOR.CARD_PAYMENT_STARTED'; paymentId: string; dueCents: number }
  | { type: 'INVESTOR.TRANSFER_SENT'; paymentId: string; method: TransferMethod; dueCents: number }
  | { type: 'PROVIDER.CARD_SUCCEEDED'; paymentId: string; amountCents: number }
  | { type: 'PROVIDER.CARD_FAILED'; paymentId: string }
  | { type: 'STAFF.FUNDS_RECEIVED'; staffId: string; paymentId: string; amountCents: number }
  | { type: 'STAFF.REFUND_STARTED'; staffId: string; paymentId: string }
  | { type: 'PROVIDER.REFUND_SUCCEEDED'; paymentId: string }
  | { type: 'STAFF.REFUND_SENT'; staffId: string; paymentId: string; outgoingReference: string }
  | { type: 'PROVIDER.REFUND_REFUSED'; paymentId: string }
  | { type: 'STAFF.TOKENS_ISSUED'; staffId: string; wallet: string; transactionHash: string };

export type InvestmentEventType = InvestmentEvent['type'];

/** Who an event comes from: the first word of its type. */
export type InvestmentActor = 'investor' | 'staff' | 'provider' | 'monitoring';
