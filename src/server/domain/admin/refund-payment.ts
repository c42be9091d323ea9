/**
 * POST /api/admin/payments/:paymentId/refund (finance) {requestId, reason, outgoingReference?}.
 *
 * The rule is the lifecycle chart's (machines/investment, STAFF.REFUND_STARTED, decided on the case as its rows stand
 * under the lock; docs/decisions.md "Issue 15: refunds", "Issue 26: one settled payment"): a payment is refunded only when
 * funds were received for it (a COMPLETED payment, or an ON_HOLD one) and either the investor's KYC is REJECTED or the
 * payment is ON_HOLD (an under- or over-payment returned, or money that came twice); never the payment tokens were
 * issued against. The amount: a card payment's captured total; a crypto or wire payment's sum of receipts. One refund
 * per payment.
 *
 * Card: through the provider's refund API, with an idempotency key derived from the refund row. Crypto and wire:
 * finance sends the funds back by hand and records the outgoing transfer's reference (required).
 *
 * Double clicks: the refund row (unique per payment) is claimed PENDING under the investment's lock; for a card, in a
 * first transaction before the provider is asked (a second call meanwhile finds it and answers 409 "under way", or,
 * with the same requestId once done, the refund as recorded): the provider is asked once. A transfer's refund is
 * claimed and recorded in one transaction. The provider's refusal (502) or absence (503) deletes the claim: nothing
 * stays recorded. Success, in one transaction: the refund SUCCEEDED with the provider's id, the payment REFUNDED, the
 * investment no longer paid (the investor may pay again if still eligible) unless another payment still holds it (a
 * payment that came twice went back, the settled one stays), the audit event, the investor's mail.
 * A claim left PENDING by a crash is taken up again after PENDING_RETRY_MS with the same idempotency key (the provider
 * answers the refund it already made).
 */
import { and, eq } from 'drizzle-orm';
import { isPrintableText, MAX_REFERENCE_LENGTH, type RefundRequest, type RefundView } from '../../../shared/admin/money.ts';
import { moneyMessages } from '../../../shared/admin/money-messages.ts';
import { investments, payments, refunds, tokenIssuances, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../errors/app-error.ts';
import { enqueueMail } from '../../jobs/mail-job.ts';
import { CardProviderUnavailable, CardRefundRefused, CardIntentNotFound, type CardProvider } from '../../providers/card/card-provider.ts';
import { stepHeldByOtherPayment } from '../payment/settled-payment.ts';
import { decideOnCase, traceOf } from '../investment/case-decision.ts';
import { recordCase } from '../investment/record-case.ts';
import { investorCase } from '../investment/investor-cases.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import { withStatusPageLine } from '../status-page-link.ts';
import type { StaffRequestContext } from '../request-context.ts';
import { eurText, lockPayment, receivedCents } from './money-rows.ts';

export const PENDING_RETRY_MS = 5 * 60_000;

type RefundRow = typeof refunds.$inferSelect;

export const refundView = (row: RefundRow): RefundView => ({
  id: row.id,
  status: row.status as RefundView['status'],
  amount: row.amountCents / 100,
  reason: row.reason,
  outgoingReference: row.outgoingReference,
  providerRefundId: row.providerRefundId,
  staffId: row.staffId,
  createdAt: row.createdAt.toISOString(),
  completedAt: row.completedAt ? row.completedAt.toISOString() : null,
});

export const refundIdempotencyKey = (refundId: string) => `g2g-refund-${refundId}`;

type Claim = { kind: 'done'; refund: RefundRow } | { kind: 'call'; refund: RefundRow; intentId: string | null };

/** Claims the refund (PENDING) inside the caller's transaction, or finds the one made. */
async function claimIn(tx: Db, paymentId: string, request: RefundRequest, ctx: StaffRequestContext): Promise<Claim> {
  const locked = await lockPayment(tx, paymentId);
  if (!locked) throw new AppError('NOT_FOUND', moneyMessages.paymentNotFound);
  const { payment } = locked;
  const [existing] = await tx.select().from(refunds).where(eq(refunds.paymentId, payment.id)).limit(1);
  if (existing) {
    if (existing.status === 'SUCCEEDED') {
      if (existing.requestId === request.requestId) return { kind: 'done', refund: existing };
      throw new AppError('CONFLICT', moneyMessages.alreadyRefunded);
    }
    // PENDING: another call is asking the provider right now, unless it was left behind long ago.
    if (ctx.now.getTime() - existing.createdAt.getTime() < PENDING_RETRY_MS) throw new AppError('CONFLICT', moneyMessages.refundInProgress);
    return { kind: 'call', refund: existing, intentId: payment.providerIntentId };
  }
  const [byRequest] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.requestId, request.requestId)).limit(1);
  if (byRequest) throw new AppError('CONFLICT', moneyMessages.requestIdReused);

  const [issued] = await tx.select({ id: tokenIssuances.id }).from(tokenIssuances).where(eq(tokenIssuances.paymentId, payment.id)).limit(1);
  if (issued) throw new AppError('CONFLICT', moneyMessages.refundAfterIssuance);
  // The lifecycle decides (STAFF.REFUND_STARTED): money held for a difference or paid twice goes back; the payment
  // that settled the investment only once the KYC is rejected, and never once tokens were issued against it.
  const { trace } = await decideOnCase(tx, payment.userId, { type: 'STAFF.REFUND_STARTED', staffId: ctx.staffId, paymentId: payment.id }, () => moneyMessages.refundNotAllowed);

  const card = payment.paymentMethod === 'CARD';
  let outgoingReference: string | null = null;
  if (!card) {
    const given = request.outgoingReference ?? '';
    if (given.length === 0 || given.length > MAX_REFERENCE_LENGTH || !isPrintableText(given)) throw new AppError('BAD_REQUEST', moneyMessages.outgoingReferenceRequired);
    outgoingReference = given;
  }
  const amountCents = card ? payment.totalCents : await receivedCents(tx, payment.id);
  if (amountCents <= 0 || (card && !payment.providerIntentId)) throw new AppError('CONFLICT', moneyMessages.refundNothingReceived);
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      userId: payment.userId,
      requestId: request.requestId,
      amountCents,
      status: 'PENDING',
      reason: request.reason,
      outgoingReference,
      staffId: ctx.staffId,
      createdAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('refund not claimed');
  await recordCase(tx, payment.userId, trace, ctx.now);
  await recordAuditEvent(tx, {
    userId: payment.userId,
    staffId: ctx.staffId,
    action: 'admin.money.refund_started',
    detail: { role: 'finance', paymentId: payment.id, refundId: row.id, method: payment.paymentMethod, amountCents, lifecycle: trace },
    meta: ctx.meta,
    at: ctx.now,
  });
  return { kind: 'call', refund: row, intentId: card ? payment.providerIntentId : null };
}

/** Records the refund made (by the provider, `providerRefundId`, or by hand) inside the caller's transaction. */
async function completeIn(tx: Db, refund: RefundRow, providerRefundId: string | null, ctx: StaffRequestContext, role: string): Promise<RefundRow> {
  const locked = await lockPayment(tx, refund.paymentId);
  if (!locked) throw new AppError('NOT_FOUND', moneyMessages.paymentNotFound);
  const { payment, investment } = locked;
  // Where the case stood before the money went back: the audit event says which transition it made.
  const caseBefore = await investorCase(tx, payment.userId);
  const [done] = await tx
    .update(refunds)
    .set({ status: 'SUCCEEDED', providerRefundId, completedAt: ctx.now })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'PENDING')))
    .returning();
  if (!done) {
    const [now] = await tx.select().from(refunds).where(eq(refunds.id, refund.id));
    if (now?.status === 'SUCCEEDED') return now;
    throw new AppError('CONFLICT', moneyMessages.refundInProgress);
  }
  await tx.update(payments).set({ paymentStatus: 'REFUNDED', updatedAt: ctx.now }).where(eq(payments.id, payment.id));
  const stillPaid = await stepHeldByOtherPayment(tx, investment.id, payment.id);
  if (!stillPaid) await tx.update(investments).set({ paymentCompleted: false, completedAt: null }).where(eq(investments.id, investment.id));
  const lifecycle = traceOf(
    caseBefore,
    payment.paymentMethod === 'CARD'
      ? { type: 'PROVIDER.REFUND_SUCCEEDED', paymentId: payment.id }
      : { type: 'STAFF.REFUND_SENT', staffId: ctx.staffId, paymentId: payment.id, outgoingReference: done.outgoingReference ?? '' },
  );
  await recordCase(tx, payment.userId, lifecycle, ctx.now);
  await recordAuditEvent(tx, {
    userId: payment.userId,
    staffId: ctx.staffId,
    action: 'admin.money.refund',
    detail: {
      role,
      paymentId: payment.id,
      refundId: done.id,
      method: payment.paymentMethod,
      amountCents: done.amountCents,
      from: payment.paymentStatus,
      to: 'REFUNDED',
      reason: done.reason,
      lifecycle,
      investmentStillPaid: stillPaid,
      ...(providerRefundId ? { providerRefundId } : {}),
      ...(done.outgoingReference ? { outgoingReference: done.outgoingReference } : {}),
    },
    meta: ctx.meta,
    at: ctx.now,
  });
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payment.userId)).limit(1);
  if (user) {
    const text = [
      stillPaid ? 'A second payment you made for your G2G investment has been refunded; your investment stays paid by the other one.' : 'Your payment for your G2G investment has been refunded.',
      '',
      `Amount refunded: ${eurText(done.amountCents)}`,
      payment.paymentMethod === 'CARD'
        ? 'The refund goes back to the card you paid with; your bank may take 5 to 10 business days to show it.'
        : `It was sent back by the same means you paid (reference ${done.outgoingReference}).`,
      '',
      'If you have questions, reply to this email.',
    ].join('\n');
    await enqueueMail(tx, withStatusPageLine({ to: user.email, subject: 'G2G: your payment was refunded', text }, ctx.linkBase), ctx.now, `refund:${payment.id}`);
  }
  return done;
}

/**
 * The claim given back: the provider did not refund (or there is none on this server), so no refund stays recorded
 * and the case is where it was; the audit trail keeps that it was tried and why it did not happen.
 */
const release = (db: Db, refund: RefundRow, ctx: StaffRequestContext, why: string) =>
  db.transaction(async (tx) => {
    const before = await investorCase(tx, refund.userId);
    const [released] = await tx
      .delete(refunds)
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'PENDING')))
      .returning({ id: refunds.id });
    if (!released) return;
    const lifecycle = traceOf(before, { type: 'PROVIDER.REFUND_REFUSED', paymentId: refund.paymentId });
    await recordCase(tx, refund.userId, lifecycle, ctx.now);
    await recordAuditEvent(tx, {
      userId: refund.userId,
      staffId: ctx.staffId,
      action: 'admin.money.refund_refused',
      detail: { role: 'finance', paymentId: refund.paymentId, refundId: refund.id, amountCents: refund.amountCents, why, lifecycle },
      meta: ctx.meta,
      at: ctx.now,
    });
  });

export async function refundPayment(deps: { db: Db; card: CardProvider | null }, paymentId: string, request: RefundRequest, ctx: StaffRequestContext): Promise<RefundView> {
  const { db, card } = deps;
  // A transfer's refund was made by hand before finance records it: claimed and recorded in one transaction, so no
  // other request ever sees it under way. A card's is claimed first, then asked of the provider outside any
  // transaction, then recorded.
  let claimed: Claim | RefundRow;
  try {
    claimed = await db.transaction(async (tx) => {
      const claim = await claimIn(tx, paymentId, request, ctx);
      return claim.kind === 'call' && !claim.intentId ? completeIn(tx, claim.refund, null, ctx, 'finance') : claim;
    });
  } catch (error) {
    // Two first clicks at once: the unique payment_id lets one claim through; the other is told it is under way.
    if (isUniqueViolation(error, 'refunds_payment_id_unique')) throw new AppError('CONFLICT', moneyMessages.refundInProgress);
    if (isUniqueViolation(error, 'refunds_request_id_unique')) throw new AppError('CONFLICT', moneyMessages.requestIdReused);
    throw error;
  }
  if (!('kind' in claimed)) return refundView(claimed);
  if (claimed.kind === 'done') return refundView(claimed.refund);
  const { refund, intentId } = claimed;
  let providerRefundId: string | null = null;
  if (intentId) {
    // No card provider on this server (production without Stripe keys): the claim is given back, nothing recorded.
    if (!card) {
      await release(db, refund, ctx, 'no card provider is set up on this server');
      throw new AppError('CONFLICT', moneyMessages.cardProviderNotConfigured);
    }
    try {
      const made = await card.refundPaymentIntent(intentId, { amountCents: refund.amountCents, idempotencyKey: refundIdempotencyKey(refund.id) });
      providerRefundId = made.id;
    } catch (error) {
      await release(db, refund, ctx, error instanceof CardProviderUnavailable ? 'the card provider could not be reached' : 'the card provider refused it');
      if (error instanceof CardRefundRefused || error instanceof CardIntentNotFound) {
        throw Object.assign(new AppError('BAD_GATEWAY', moneyMessages.providerRefused(error.message.endsWith('.') ? error.message : `${error.message}.`)), { cause: error });
      }
      if (error instanceof CardProviderUnavailable) throw Object.assign(new AppError('SERVICE_UNAVAILABLE', moneyMessages.providerUnavailable), { cause: error });
      throw error;
    }
  }
  return refundView(await db.transaction((tx) => completeIn(tx, refund, providerRefundId, ctx, 'finance')));
}
