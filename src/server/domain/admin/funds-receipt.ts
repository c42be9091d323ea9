/**
 * POST /api/admin/payments/:paymentId/receipts (finance): funds seen arriving for a crypto or wire payment.
 *
 * Rules (issue 15):
 * - only a CRYPTO, WIRE or BANK_TRANSFER payment that is AWAITING_FUNDS or ON_HOLD (a card payment is confirmed by
 *   the card provider; a COMPLETED, REFUNDED, open or failed one takes no receipt): 409 otherwise;
 * - the amount in EUR, more than 0 with at most 2 decimals; the date the funds arrived, not in the future; the
 *   reference: a wire's bank reference 1-140 printable characters, a coin's transaction hash in its chain's format
 *   (0x + 64 hex for Ethereum coins, 64 hex for Bitcoin), stored in lower case and recorded once across all receipts;
 * - the SUM of the payment's receipts decides: exactly the total -> COMPLETED (completed_at, the investment's
 *   payment_completed) and the investor is emailed "payment received"; less or more -> ON_HOLD with the difference
 *   in words (failure_reason), flagged in the audit and the investor told; never completed silently. A further
 *   receipt on a held payment is added to the sum and decides again.
 * - but while another payment of the investment is settled (a card charged meanwhile), whatever arrives is money
 *   that came twice: ON_HOLD "Paid twice" (PAID_TWICE in the audit, the settled payment named), refundable, the
 *   investor told it goes back (settled-payment.ts: one investment, at most one settled payment).
 * - requestId (a uuid the page makes per submission) is unique: the same submission again (a double click, a
 *   parallel repeat) records nothing more and answers the payment as it stands; the id used for another payment is 409.
 * All of it in one transaction under the investment's lock, with the audit event and the mail.
 */
import { eq } from 'drizzle-orm';
import { isPrintableText, MAX_REFERENCE_LENGTH, eurToCents, type RecordReceiptRequest } from '../../../shared/admin/money.ts';
import { moneyMessages } from '../../../shared/admin/money-messages.ts';
import { CRYPTO_CHAINS, isTransactionHash, type CryptoCurrency } from '../../../shared/payment.ts';
import { fundsReceipts, investments, payments, refunds, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../errors/app-error.ts';
import { enqueueMail } from '../../jobs/mail-job.ts';
import { decideArrivedFunds, enqueuePaidTwiceMail } from '../payment/settled-payment.ts';
import { traceOf } from '../investment/case-decision.ts';
import { recordCase } from '../investment/record-case.ts';
import { investorCase } from '../investment/investor-cases.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import { withStatusPageLine } from '../status-page-link.ts';
import type { StaffRequestContext } from '../request-context.ts';
import { eurText, lockPayment, receivedCents } from './money-rows.ts';

const RECEIPT_METHODS = ['CRYPTO', 'WIRE', 'BANK_TRANSFER'];
const RECEIVABLE = ['AWAITING_FUNDS', 'ON_HOLD'];

/** The reference as stored, or a 400 in finance's words. */
function checkReference(method: string, currency: CryptoCurrency | null, reference: string): { value: string; kind: 'bank-reference' | 'tx-hash' } {
  if (method === 'CRYPTO') {
    const coin = currency ?? 'ETH';
    const hash = reference.trim();
    if (!isTransactionHash(coin, hash)) throw new AppError('BAD_REQUEST', moneyMessages.txHashInvalid(CRYPTO_CHAINS[coin]));
    return { value: hash.toLowerCase(), kind: 'tx-hash' };
  }
  if (reference.length > MAX_REFERENCE_LENGTH || !isPrintableText(reference)) throw new AppError('BAD_REQUEST', moneyMessages.wireReferenceInvalid);
  return { value: reference, kind: 'bank-reference' };
}

function checkReceivedOn(receivedOn: string, now: Date): void {
  const day = new Date(`${receivedOn}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== receivedOn) throw new AppError('BAD_REQUEST', moneyMessages.receivedOnInvalid);
  // A day ahead of UTC is still "today" somewhere (Pacific): refuse only what is later than that.
  if (day.getTime() > now.getTime() + 24 * 3600_000) throw new AppError('BAD_REQUEST', moneyMessages.receivedOnFuture);
  if (day.getUTCFullYear() < 2020) throw new AppError('BAD_REQUEST', moneyMessages.receivedOnInvalid);
}

export type ReceiptOutcome = { paymentId: string; paymentStatus: string; receivedTotal: number; totalAmount: number; receiptId: string; replayed: boolean };

export async function recordReceipt(db: Db, paymentId: string, request: RecordReceiptRequest, ctx: StaffRequestContext): Promise<ReceiptOutcome> {
  const amountCents = eurToCents(request.amount);
  if (amountCents === null) throw new AppError('BAD_REQUEST', moneyMessages.amountInvalid);
  checkReceivedOn(request.receivedOn, ctx.now);
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockPayment(tx, paymentId);
      if (!locked) throw new AppError('NOT_FOUND', moneyMessages.paymentNotFound);
      const { payment, investment } = locked;
      const [seen] = await tx.select().from(fundsReceipts).where(eq(fundsReceipts.requestId, request.requestId)).limit(1);
      if (seen) {
        if (seen.paymentId !== payment.id) throw new AppError('CONFLICT', moneyMessages.requestIdReused);
        const total = await receivedCents(tx, payment.id);
        return { paymentId: payment.id, paymentStatus: payment.paymentStatus, receivedTotal: total / 100, totalAmount: payment.totalCents / 100, receiptId: seen.id, replayed: true };
      }
      if (!RECEIPT_METHODS.includes(payment.paymentMethod)) throw new AppError('CONFLICT', moneyMessages.receiptNotCryptoOrWire);
      if (!RECEIVABLE.includes(payment.paymentStatus)) throw new AppError('CONFLICT', moneyMessages.receiptNotAwaiting);
      // A refund being made was computed from the receipts as they stood: no receipt joins them meanwhile.
      const [refunding] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.paymentId, payment.id)).limit(1);
      if (refunding) throw new AppError('CONFLICT', moneyMessages.refundInProgress);
      const reference = checkReference(payment.paymentMethod, payment.cryptoCurrency as CryptoCurrency | null, request.reference);
      // Where the case stood before the funds: the audit event says which transition they made on the lifecycle.
      const caseBefore = await investorCase(tx, payment.userId);
      if (reference.kind === 'tx-hash') {
        const [used] = await tx.select({ id: fundsReceipts.id }).from(fundsReceipts).where(eq(fundsReceipts.reference, reference.value)).limit(1);
        if (used) throw new AppError('CONFLICT', moneyMessages.txHashUsed);
      }
      const [receipt] = await tx
        .insert(fundsReceipts)
        .values({
          paymentId: payment.id,
          requestId: request.requestId,
          amountCents,
          receivedOn: request.receivedOn,
          reference: reference.value,
          referenceKind: reference.kind,
          staffId: ctx.staffId,
          createdAt: ctx.now,
        })
        .returning();
      if (!receipt) throw new Error('receipt not recorded');
      const total = await receivedCents(tx, payment.id);
      const difference = total - payment.totalCents;
      const arrival = await decideArrivedFunds(tx, payment, total);
      const paidTwice = arrival.status === 'ON_HOLD' ? arrival : null;
      const status = paidTwice || difference !== 0 ? 'ON_HOLD' : 'COMPLETED';
      const holdReason = paidTwice
        ? paidTwice.reason
        : difference === 0
          ? null
          : difference < 0
            ? `Underpaid: received ${eurText(total)} of ${eurText(payment.totalCents)} (${eurText(-difference)} missing)`
            : `Overpaid: received ${eurText(total)} for ${eurText(payment.totalCents)} (${eurText(difference)} too much)`;
      await tx
        .update(payments)
        .set({ paymentStatus: status, failureReason: holdReason, updatedAt: ctx.now, ...(status === 'COMPLETED' ? { completedAt: ctx.now } : {}) })
        .where(eq(payments.id, payment.id));
      if (status === 'COMPLETED') await tx.update(investments).set({ paymentCompleted: true, completedAt: ctx.now }).where(eq(investments.id, investment.id));
      const lifecycle = traceOf(caseBefore, { type: 'STAFF.FUNDS_RECEIVED', staffId: ctx.staffId, paymentId: payment.id, amountCents });
      await recordCase(tx, payment.userId, lifecycle, ctx.now);
      await recordAuditEvent(tx, {
        userId: payment.userId,
        staffId: ctx.staffId,
        action: 'admin.money.receipt',
        detail: {
          role: 'finance',
          paymentId: payment.id,
          receiptId: receipt.id,
          amountCents,
          lifecycle,
          receivedOn: request.receivedOn,
          reference: reference.value,
          receivedTotalCents: total,
          totalCents: payment.totalCents,
          from: payment.paymentStatus,
          to: status,
          ...(paidTwice
            ? { held: 'PAID_TWICE', settledPaymentId: paidTwice.settledPaymentId, differenceCents: difference }
            : difference !== 0
              ? { held: difference < 0 ? 'UNDERPAID' : 'OVERPAID', differenceCents: difference }
              : {}),
        },
        meta: ctx.meta,
        at: ctx.now,
      });
      if (paidTwice) {
        await enqueuePaidTwiceMail(tx, payment, paidTwice.settledMethod, total, { now: ctx.now, linkBase: ctx.linkBase, dedupeKey: `funds-held:${receipt.id}` });
      } else {
        const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payment.userId)).limit(1);
        if (user) {
          if (status === 'COMPLETED') {
            const text = [
              'Thank you: the funds for your G2G investment have arrived and your payment is complete.',
              '',
              `Total received: ${eurText(total)}`,
              ...(payment.paymentRef ? [`Reference: ${payment.paymentRef}`] : []),
              '',
              'Your G2G tokens will be issued to the wallet named in your signed agreements; we will email you when they are.',
            ].join('\n');
            await enqueueMail(tx, withStatusPageLine({ to: user.email, subject: 'G2G: payment received', text }, ctx.linkBase), ctx.now, `funds-received:${payment.id}`);
          } else {
            const text = [
              'We have received funds for your G2G investment, but the amount does not match the total due.',
              '',
              `Total due: ${eurText(payment.totalCents)}`,
              `Received so far: ${eurText(total)}`,
              '',
              difference < 0
                ? 'Your payment is on hold until the rest arrives. Our finance team will contact you.'
                : 'Your payment is on hold: our finance team will contact you about returning the difference.',
            ].join('\n');
            await enqueueMail(tx, withStatusPageLine({ to: user.email, subject: 'G2G: your payment is on hold', text }, ctx.linkBase), ctx.now, `funds-held:${receipt.id}`);
          }
        }
      }
      return { paymentId: payment.id, paymentStatus: status, receivedTotal: total / 100, totalAmount: payment.totalCents / 100, receiptId: receipt.id, replayed: false };
    });
  } catch (error) {
    // Two submissions of one hash for two payments at the same instant: the index lets one through.
    if (isUniqueViolation(error, 'funds_receipts_tx_hash_unique')) throw new AppError('CONFLICT', moneyMessages.txHashUsed);
    if (isUniqueViolation(error, 'funds_receipts_request_id_unique')) throw new AppError('CONFLICT', moneyMessages.requestIdReused);
    throw error;
  }
}
