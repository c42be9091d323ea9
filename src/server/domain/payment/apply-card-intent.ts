/**
 * What a card PaymentIntent, as read from the provider itself, means for its payment: the one function behind
 * POST /confirm-stripe, the provider's webhook and the local test provider's confirmation (what Stripe's webhook
 * would do), so the three can never disagree. Inside the caller's transaction; it locks the investor's investment
 * first, re-reads the payment, and writes only when something changes (a repeat writes nothing).
 *
 * The intent must be this payment's (the id stored at initiation) and carry exactly its total in EUR and its ids in
 * the metadata; otherwise 409 intentMismatch and nothing is written. By status:
 *   succeeded               payment COMPLETED (transaction id = intent id), investment paid, step -> complete,
 *                           audit, confirmation mail; but when another payment of the investment is already settled
 *                           (settled-payment.ts), the card money came twice: ON_HOLD "Paid twice" (refundable),
 *                           audited payment.held, the investor told it goes back
 *   requires_payment_method stays PENDING with the provider's failure message (the intent takes another card)
 *   requires_action, processing, requires_confirmation, requires_capture  PROCESSING
 *   canceled                FAILED (a new attempt is a new payment)
 */
import { eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import type { PaymentStatus } from '../../../shared/payment.ts';
import { investments, payments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import type { CardIntentRecord } from '../../providers/card/card-provider.ts';
import { advanceCurrentStep } from '../advance-current-step.ts';
import { traceOf } from '../investment/case-decision.ts';
import { investorCase } from '../investment/investor-cases.ts';
import { recordCase } from '../investment/record-case.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { LinkBase, RequestMeta } from '../request-context.ts';
import { lockInvestmentForPayment } from './payment-access.ts';
import { enqueuePaymentMail } from './payment-confirmation-mail.ts';
import { isOpen, rereadPayment, type PaymentRow } from './payment-rows.ts';
import { decideArrivedFunds, enqueuePaidTwiceMail } from './settled-payment.ts';

/** Who applied the intent; 'paid-otherwise': canceled because the step was done by crypto or wire. */
export type CardIntentSource = 'confirm' | 'webhook' | 'local-provider' | 'paid-otherwise';
export type ApplyContext = { now: Date; meta: RequestMeta; linkBase: LinkBase; source: CardIntentSource };

/** Whether the provider's intent is exactly this payment's: its id, total in cents, EUR, and the ids we gave it. */
export function intentMatchesPayment(intent: CardIntentRecord, payment: PaymentRow): boolean {
  return (
    intent.id === payment.providerIntentId &&
    intent.amount === payment.totalCents &&
    intent.currency === 'eur' &&
    intent.metadata.paymentId === payment.id &&
    intent.metadata.investmentId === payment.investmentId &&
    intent.metadata.userId === payment.userId
  );
}

const statusFor = (intent: CardIntentRecord): PaymentStatus =>
  intent.status === 'succeeded' ? 'COMPLETED' : intent.status === 'canceled' ? 'FAILED' : intent.status === 'requires_payment_method' ? 'PENDING' : 'PROCESSING';

/**
 * `intent` may be a reader, called after the lock: concurrent changes of one intent are then applied in lock order,
 * each with the intent's latest state (the local provider's confirmations), so the last one applied is the last state.
 */
export async function applyCardIntent(
  tx: Db,
  paymentId: string,
  intentOrReader: CardIntentRecord | ((tx: Db) => Promise<CardIntentRecord>),
  { now, meta, linkBase, source }: ApplyContext,
): Promise<PaymentRow> {
  const unlocked = await rereadPayment(tx, paymentId);
  await lockInvestmentForPayment(tx, unlocked.userId);
  const payment = await rereadPayment(tx, paymentId);
  const intent = typeof intentOrReader === 'function' ? await intentOrReader(tx) : intentOrReader;
  if (intent.id !== payment.providerIntentId) throw new AppError('CONFLICT', messages.payment.intentMismatch);
  // Completed by this intent already (the id is unique), or failed by its cancelation already (Stripe's
  // payment_intent.canceled after our own cancel): the same answer, nothing written.
  if (payment.paymentStatus === 'COMPLETED') return payment;
  if (payment.paymentStatus === 'FAILED' && intent.status === 'canceled') return payment;
  // Held as paid twice by this intent already (a repeated webhook, the browser's confirm after it): the same.
  if (payment.paymentStatus === 'ON_HOLD' && payment.transactionId === intent.id) return payment;
  if (!isOpen(payment)) throw new AppError('CONFLICT', messages.payment.paymentNotOpen);
  if (!intentMatchesPayment(intent, payment)) throw new AppError('CONFLICT', messages.payment.intentMismatch);

  const intended = statusFor(intent);
  // The money moved (or the attempt ended) at the provider: recorded whatever the chart expects, traced on it.
  const before = await investorCase(tx, payment.userId);
  const lifecycle =
    intended === 'COMPLETED'
      ? traceOf(before, { type: 'PROVIDER.CARD_SUCCEEDED', paymentId: payment.id, amountCents: payment.totalCents })
      : intended === 'FAILED'
        ? traceOf(before, { type: 'PROVIDER.CARD_FAILED', paymentId: payment.id })
        : null;
  // Money taken by the provider while another payment already settled the investment: held for refund, never a second settlement.
  const decision = intended === 'COMPLETED' ? await decideArrivedFunds(tx, payment, payment.totalCents) : null;
  if (decision?.status === 'ON_HOLD') {
    const [held] = await tx
      .update(payments)
      .set({ paymentStatus: 'ON_HOLD', failureReason: decision.reason, transactionId: intent.id, confirmedAt: now, updatedAt: now })
      .where(eq(payments.id, payment.id))
      .returning();
    const row = held as PaymentRow;
    await enqueuePaidTwiceMail(tx, row, decision.settledMethod, payment.totalCents, { now, linkBase, dedupeKey: `payment-held:${payment.id}` });
    await recordCase(tx, payment.userId, lifecycle, now);
    // Last: from here to the commit the transaction holds the audit chain's head.
    await recordAuditEvent(tx, {
      userId: payment.userId,
      action: 'payment.held',
      detail: { paymentId: payment.id, paymentIntentId: intent.id, intentStatus: intent.status, source, method: 'CARD', totalCents: payment.totalCents, held: 'PAID_TWICE', settledPaymentId: decision.settledPaymentId, lifecycle },
      meta,
      at: now,
    });
    return row;
  }

  const status = intended;
  const failureReason = status === 'COMPLETED' ? null : status === 'FAILED' ? (intent.lastPaymentError?.message ?? 'canceled') : (intent.lastPaymentError?.message ?? payment.failureReason);
  if (status === payment.paymentStatus && failureReason === payment.failureReason) return payment;

  const completed = status === 'COMPLETED';
  const [updated] = await tx
    .update(payments)
    .set({
      paymentStatus: status,
      failureReason,
      updatedAt: now,
      ...(completed ? { transactionId: intent.id, confirmedAt: now, completedAt: now } : {}),
    })
    .where(eq(payments.id, payment.id))
    .returning();
  const row = updated as PaymentRow;
  const detail = {
    paymentId: payment.id,
    paymentIntentId: intent.id,
    intentStatus: intent.status,
    source,
    ...(intent.lastPaymentError ? { error: intent.lastPaymentError } : {}),
    ...(lifecycle ? { lifecycle } : {}),
  };
  await recordCase(tx, payment.userId, lifecycle, now);
  if (completed) {
    await tx
      .update(investments)
      .set({ paymentCompleted: true, completedAt: sql`coalesce(${investments.completedAt}, ${now})` })
      .where(eq(investments.id, payment.investmentId));
    await advanceCurrentStep(tx, payment.userId, 'complete');
    await enqueuePaymentMail(tx, row, now, linkBase);
    // Last: from here to the commit the transaction holds the audit chain's head.
    await recordAuditEvent(tx, { userId: payment.userId, action: 'payment.completed', detail: { ...detail, method: 'CARD', totalCents: payment.totalCents }, meta, at: now });
  } else {
    const action = status === 'FAILED' ? 'payment.failed' : status === 'PENDING' ? 'payment.card_declined' : 'payment.processing';
    await recordAuditEvent(tx, { userId: payment.userId, action, detail, meta, at: now });
  }
  return row;
}
