/**
 * GET /api/investment/status (issue 28): the investor's own case, from its stored state on the lifecycle chart and the
 * records it points to (the payment it waits on or was settled by, receipts, refunds, the issuance, the reviewer's
 * request to redo steps), and a timeline made of the audit trail's lifecycle facts. The words are chosen by the
 * state; no rule is decided here. Staff-only facts (a first approval of two, a refund started or refused at the
 * provider) and anything naming staff stay out.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { investmentMachine } from '../../../../machines/investment/investment.machine.ts';
import { isInStatePath } from '../../../../machines/investment/investment.rules.ts';
import type { InvestmentEvent } from '../../../../machines/investment/investment.types.ts';
import { formatEurCents } from '../../../shared/format.ts';
import type { InvestmentStatusResponse, PaymentStage } from '../../../shared/investment-status.ts';
import type { KycResubmitStep } from '../../../shared/kyc.ts';
import { messages } from '../../../shared/messages.ts';
import type { PaymentMethod } from '../../../shared/payment-status.ts';
import { auditEvents, investmentCases, kycVerifications, payments, refunds, tokenIssuances } from '../../db/schema/index.ts';
import type { BankAccount } from '../../config/bank-env.ts';
import type { Db } from '../../db/types.ts';
import { explorerTxLink } from '../../config/explorer-url.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Log } from '../../log.ts';
import { wireDetails } from '../payment/wire-details.ts';

/** The audit actions that carry a lifecycle fact the investor may be told about (the timeline reads only these). */
const TIMELINE_ACTIONS = [
  'disclosure.completed',
  'kyc.completed',
  'kyc.resubmitted',
  'admin.kyc.approved',
  'admin.kyc.rejected',
  'admin.kyc.resubmission-requested',
  'legal.completed',
  'payment.initiated',
  'payment.sent',
  'payment.completed',
  'payment.held',
  'payment.failed',
  'admin.money.receipt',
  'admin.money.refund',
  'admin.money.issue',
];


const STAGES: [string, PaymentStage][] = [
  ['case.investing.payment.cardPending', 'cardPending'],
  ['case.investing.payment.awaitingFunds', 'awaitingFunds'],
  ['case.investing.payment.onHold', 'onHold'],
  ['case.investing.settled', 'paid'],
  ['case.investing.refundPending', 'refundPending'],
];

type Payment = NonNullable<InvestmentStatusResponse['payment']>;

/** The one line: where the case stands, and what the investor can do or wait for. */
export function headlineOf(states: readonly string[], payment: Payment | null, heldTwice: number): string {
  const also = heldTwice > 0 ? ' A second payment you made is being returned to you.' : '';
  if (isInStatePath(states, 'disclosure')) return 'Read the offering documents to continue.';
  if (isInStatePath(states, 'kycCollecting')) return 'Complete your identity verification to continue.';
  const rejected = isInStatePath(states, 'case.review.rejected');
  if (isInStatePath(states, 'case.investing.refunded')) return rejected ? 'Your identity verification was not approved; your payment was returned to you.' : `Your payment was returned to you; you may pay again.${also}`;
  if (rejected) {
    if (payment && payment.stage !== 'cardPending' && payment.stage !== 'awaitingFunds') return 'Your identity verification was not approved; your payment will be returned to you.';
    return 'Your identity verification was not approved, so your investment cannot continue.';
  }
  const approved = isInStatePath(states, 'case.review.approved');
  const review = approved ? 'Your identity verification is approved' : 'Your identity verification is under review';
  if (isInStatePath(states, 'case.review.resubmissionRequested')) return 'We asked you to redo some identity verification steps.';
  if (isInStatePath(states, 'case.investing.settled.tokensIssued')) return `Your tokens were issued to your wallet.${also}`;
  if (payment?.stage === 'paid') return approved ? `Your payment was received; your tokens will be issued.${also}` : `Your payment was received. ${review}.${also}`;
  if (payment?.stage === 'onHold' && payment.hold === 'underpaid') return `We received part of your payment: ${formatEurCents(payment.stillDueCents)} is still due.`;
  if (payment?.stage === 'onHold') return 'We received more than the amount due; our finance team will contact you about the difference.';
  if (payment?.stage === 'awaitingFunds') return 'We are waiting for your payment to arrive.';
  if (payment?.stage === 'cardPending') return 'Your card payment is under way.';
  if (payment?.stage === 'refundPending') return 'Your payment is being returned to you.';
  if (isInStatePath(states, 'case.investing.agreements')) return `${review}; sign the agreements to continue.`;
  return `${review}; choose how to pay.`;
}

type Fact = { event: InvestmentEvent['type']; to: string[] | null };

/** A fact of the case in the investor's words (null: not one the investor is told about). */
function wordsOf(fact: Fact, detail: Record<string, unknown>): { by: InvestmentStatusResponse['timeline'][number]['by']; words: string } | null {
  const amount = typeof detail.amountCents === 'number' ? formatEurCents(detail.amountCents) : null;
  switch (fact.event) {
    case 'INVESTOR.DISCLOSURE_COMPLETED':
      return { by: 'you', words: 'You read the offering documents.' };
    case 'INVESTOR.KYC_SUBMITTED':
      return { by: 'you', words: 'You submitted your identity verification.' };
    case 'INVESTOR.KYC_RESUBMITTED':
      return { by: 'you', words: 'You submitted the verification steps asked for again.' };
    case 'STAFF.KYC_APPROVED':
      // The first of two approvals is the foundation's own procedure, not a decision yet.
      return fact.to?.includes('case.review.approved') ? { by: 'the foundation', words: 'The foundation approved your identity verification.' } : null;
    case 'STAFF.KYC_REJECTED':
      return { by: 'the foundation', words: 'The foundation did not approve your identity verification.' };
    case 'STAFF.KYC_RESUBMISSION_REQUESTED':
      return { by: 'the foundation', words: 'The foundation asked you to redo some verification steps.' };
    case 'INVESTOR.AGREEMENTS_COMPLETED':
      return { by: 'you', words: 'You signed the seven agreements.' };
    case 'INVESTOR.CARD_PAYMENT_STARTED':
      return { by: 'you', words: 'You started paying by card.' };
    case 'INVESTOR.TRANSFER_SENT':
      return { by: 'you', words: detail.method === 'CRYPTO' ? 'You told us your crypto payment was sent.' : 'You told us your bank transfer was sent.' };
    case 'PROVIDER.CARD_SUCCEEDED':
      return { by: 'the card provider', words: detail.held === 'PAID_TWICE' ? 'A second card payment went through; it will be returned to you.' : 'Your card payment went through.' };
    case 'PROVIDER.CARD_FAILED':
      return { by: 'the card provider', words: 'Your card payment did not go through.' };
    case 'STAFF.FUNDS_RECEIVED':
      return { by: 'the foundation', words: amount ? `The foundation received ${amount} of your payment.` : 'The foundation received your payment.' };
    case 'PROVIDER.REFUND_SUCCEEDED':
    case 'STAFF.REFUND_SENT':
      return { by: 'the foundation', words: amount ? `${amount} was returned to you.` : 'Your payment was returned to you.' };
    case 'STAFF.TOKENS_ISSUED':
      return { by: 'the foundation', words: 'Your tokens were sent to your wallet.' };
    default:
      return null;
  }
}

/**
 * What the chart accepts from the investor where the case stands: the page's buttons ask the chart rather than keep a
 * rule of their own. Paying again is offered only from the refunded state (elsewhere the process's own pages lead),
 * when the chart would take a new payment's start (its KYC guard: a rejected investor may not pay again). The chart
 * starts a card payment as an event; a transfer's start is no event of its own (only its "sent"), so the card's start
 * stands for a new payment of either kind.
 */
function nextOf(stored: typeof investmentCases.$inferSelect): InvestmentStatusResponse['next'] {
  const snapshot = investmentMachine.resolveState({ value: stored.value, context: stored.context });
  return {
    redoSteps: snapshot.can({ type: 'INVESTOR.KYC_RESUBMITTED', at: new Date(0).toISOString() }),
    payAgain:
      isInStatePath(stored.states, 'case.investing.refunded') &&
      snapshot.can({ type: 'INVESTOR.CARD_PAYMENT_STARTED', paymentId: '', dueCents: stored.context.amountCents }),
  };
}

/** What the answer needs beyond the rows: the issuer's block explorer (TOKEN_EXPLORER_TX_URL, null shows no link) and the bank account a wire goes to. */
export type InvestorStatusOptions = { explorerTxUrl?: string | null; bank?: BankAccount; log?: Log };

/** A wire still waiting for money (nothing yet, or less than due): where to send what is still due. */
async function transferOf(payment: Omit<Payment, 'transfer'>, { bank, log }: InvestorStatusOptions): Promise<Payment['transfer']> {
  const waiting = payment.stage === 'awaitingFunds' || (payment.stage === 'onHold' && payment.hold === 'underpaid');
  if (!bank || !log || payment.method !== 'WIRE' || !waiting || !payment.reference || payment.stillDueCents <= 0) return null;
  const { bankDetails, qrImage } = await wireDetails(bank, payment.reference, payment.stillDueCents, log);
  return { ...bankDetails, amountCents: payment.stillDueCents, qrImage };
}

export async function investorStatus(db: Db, userId: string, options: InvestorStatusOptions = {}): Promise<InvestmentStatusResponse> {
  const [stored] = await db.select().from(investmentCases).where(eq(investmentCases.userId, userId)).limit(1);
  if (!stored) throw new AppError('NOT_FOUND', messages.server.notFound);
  const { context, states } = stored;

  const resubmission = isInStatePath(states, 'case.review.resubmissionRequested');
  const [kyc, paymentRows, refundRows, [issuance], facts] = await Promise.all([
    resubmission
      ? db.select({ message: kycVerifications.resubmissionMessage }).from(kycVerifications).where(eq(kycVerifications.userId, userId)).limit(1)
      : Promise.resolve([]),
    context.payment
      ? db.select().from(payments).where(and(eq(payments.userId, userId), eq(payments.id, context.payment.id))).limit(1)
      : Promise.resolve([]),
    db
      .select({ paymentId: refunds.paymentId, amountCents: refunds.amountCents, at: refunds.completedAt, method: payments.paymentMethod })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(refunds.userId, userId), eq(refunds.status, 'SUCCEEDED')))
      .orderBy(asc(refunds.completedAt)),
    db.select().from(tokenIssuances).where(eq(tokenIssuances.userId, userId)).limit(1),
    db
      .select({ at: auditEvents.at, detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, userId), sql`${auditEvents.detail} ? 'lifecycle'`, inArray(auditEvents.action, TIMELINE_ACTIONS)))
      .orderBy(asc(auditEvents.seq)),
  ]);

  const row = paymentRows[0];
  const stage = STAGES.find(([prefix]) => isInStatePath(states, prefix))?.[1] ?? null;
  const settled: Omit<Payment, 'transfer'> | null =
    context.payment && row && stage
      ? {
          paymentId: row.id,
          method: row.paymentMethod as PaymentMethod,
          stage,
          totalCents: context.payment.dueCents,
          receivedCents: context.payment.receivedCents,
          stillDueCents: stage === 'paid' ? 0 : Math.max(0, context.payment.dueCents - context.payment.receivedCents),
          reference: row.paymentRef,
          hold: stage !== 'onHold' ? null : context.payment.receivedCents < context.payment.dueCents ? 'underpaid' : 'overpaid',
          paidAt: stage === 'paid' && row.completedAt ? row.completedAt.toISOString() : null,
        }
      : null;
  const payment: Payment | null = settled ? { ...settled, transfer: await transferOf(settled, options) } : null;

  const timeline = facts.flatMap(({ at, detail }) => {
    const d = (detail ?? {}) as Record<string, unknown>;
    const said = wordsOf(d.lifecycle as Fact, d);
    return said ? [{ at: at.toISOString(), ...said }] : [];
  });

  return {
    version: stored.version,
    headline: headlineOf(states, payment, context.heldTwice.length),
    review: {
      standing: context.kyc,
      resubmission: resubmission
        ? { steps: context.resubmissionSteps as KycResubmitStep[], message: kyc[0]?.message ?? '' }
        : null,
    },
    payment,
    refunds: refundRows.map((r) => ({ paymentId: r.paymentId, method: r.method as PaymentMethod, amountCents: r.amountCents, at: (r.at ?? new Date(0)).toISOString() })),
    next: nextOf(stored),
    tokens: issuance
      ? {
          quantity: issuance.tokenQuantity,
          wallet: issuance.walletAddress,
          transactionHash: issuance.transactionHash,
          explorerUrl: explorerTxLink(options.explorerTxUrl ?? null, issuance.transactionHash),
          issuedAt: issuance.issuedAt.toISOString(),
        }
      : null,
    timeline,
  };
}
