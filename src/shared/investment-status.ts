/**
 * GET /api/investment/status (issue 28): where the investor's own investment stands, read from their case on the
 * lifecycle chart (machines/investment) and the records it points to: one line in plain words, the review, the
 * payment with what was received and what is still due, the refunds, the tokens, and a timeline of the facts of
 * their case. Only what concerns the investor: never a staff member's name or id, an internal note, or another
 * investor.
 */
import * as v from 'valibot';
import { KYC_RESUBMIT_STEPS, type KycStanding } from './kyc.ts';
import { PAYMENT_METHODS } from './payment-status.ts';

export const PAYMENT_STAGES = ['cardPending', 'awaitingFunds', 'onHold', 'paid', 'refundPending', 'refunded'] as const;
export type PaymentStage = (typeof PAYMENT_STAGES)[number];

/** Why money is held: less than due, more than due, or it came while the investment was already paid. */
export const HOLD_KINDS = ['underpaid', 'overpaid', 'paidTwice'] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];

/** Who a fact of the timeline comes from, as the investor knows them. */
export const TIMELINE_ACTORS = ['you', 'the foundation', 'the card provider'] as const;

const KYC_STANDINGS = ['collecting', 'underReview', 'resubmissionRequested', 'approved', 'rejected'] as const satisfies readonly KycStanding[];
const time = v.string();
const cents = v.pipe(v.number(), v.integer());

export const InvestmentStatusSchema = v.strictObject({
  /** The case's version: grows with every change, so a page can tell it is looking at something new. */
  version: v.pipe(v.number(), v.integer()),
  /** Where the investment stands, in one line. */
  headline: v.string(),
  review: v.strictObject({
    standing: v.picklist(KYC_STANDINGS),
    /** While steps are asked for again: which, and the reviewer's message to the investor. */
    resubmission: v.nullable(v.strictObject({ steps: v.array(v.picklist(KYC_RESUBMIT_STEPS)), message: v.string() })),
  }),
  /** The payment the investment waits on or was settled by; null before the investor pays. */
  payment: v.nullable(
    v.strictObject({
      paymentId: v.string(),
      method: v.picklist(PAYMENT_METHODS),
      stage: v.picklist(PAYMENT_STAGES),
      totalCents: cents,
      receivedCents: cents,
      /** What is still to pay on it (0 once it is paid or held for more than due). */
      stillDueCents: cents,
      /** The reference the investor quotes (a wire's reference, or the payment's own). */
      reference: v.nullable(v.string()),
      hold: v.nullable(v.picklist(HOLD_KINDS)),
      paidAt: v.nullable(time),
      /**
       * While a bank transfer still waits for money: where to send it again (the foundation's bank details, the
       * investor's reference, what is still due and its EPC QR, or null with why there is none). Null otherwise.
       */
      transfer: v.nullable(
        v.strictObject({
          bankName: v.string(),
          accountName: v.string(),
          /** The IBAN, grouped in fours for reading. */
          accountNumber: v.string(),
          swiftBic: v.string(),
          reference: v.string(),
          amountCents: cents,
          qrImage: v.nullable(v.string()),
        }),
      ),
    }),
  ),
  /** Money sent back to the investor, oldest first. */
  refunds: v.array(v.strictObject({ paymentId: v.string(), method: v.picklist(PAYMENT_METHODS), amountCents: cents, at: time })),
  tokens: v.nullable(
    v.strictObject({
      quantity: v.number(),
      wallet: v.string(),
      transactionHash: v.string(),
      /** The transaction at the issuer's block explorer; null when none is configured. */
      explorerUrl: v.nullable(v.string()),
      issuedAt: time,
    }),
  ),
  /** What the lifecycle chart lets the investor do next where the case stands (the page offers exactly these). */
  next: v.strictObject({
    /** Submit the verification steps the reviewer asked for again. */
    redoSteps: v.boolean(),
    /** Pay again, after the payment went back. */
    payAgain: v.boolean(),
  }),
  /** The facts of the case that concern the investor, oldest first. */
  timeline: v.array(v.strictObject({ at: time, by: v.picklist(TIMELINE_ACTORS), words: v.string() })),
});

export type InvestmentStatusResponse = v.InferOutput<typeof InvestmentStatusSchema>;
