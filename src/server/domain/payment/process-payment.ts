/**
 * POST /api/payment/process: the investor says the crypto transfer or the wire has been sent. The payment must be the
 * investor's open payment of that method (another investor's id answers as an unknown one: 404). Crypto: the
 * transaction hash in its chain's format (400), and a quote not older than CRYPTO_QUOTE_MAX_AGE_SECONDS (409: initiate
 * again for a new quote). Wire: the reference is the payment's. Then, in one transaction: the payment AWAITING_FUNDS
 * with the transaction id and the time, the investment's payment step done, the investor's step -> complete, the
 * audit event and the confirmation mail. The funds themselves are confirmed by reconciliation (the back office).
 * The same confirmation again answers the same and writes nothing.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import { CRYPTO_CHAINS, CRYPTO_QUOTE_MAX_AGE_SECONDS, isTransactionHash, type CryptoCurrency, type PaymentStepResponse, type ProcessPaymentRequest } from '../../../shared/payment.ts';
import { investments, payments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { advanceCurrentStep } from '../advance-current-step.ts';
import { decideOnCase } from '../investment/case-decision.ts';
import { recordCase } from '../investment/record-case.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { RequestContext } from '../request-context.ts';
import { checkPaymentAccess, isPaymentStepDone, lockInvestmentForPayment } from './payment-access.ts';
import { enqueuePaymentMail } from './payment-confirmation-mail.ts';
import { findOwnPayment, isOpen, paymentStepAnswer, type PaymentRow } from './payment-rows.ts';

/**
 * The transaction id as it is checked and stored: the investor's paste without surrounding blanks; a crypto hash in
 * lower case (hex: 0xAB.. and 0xab.. name one transaction, and must compare equal when another payment claims it).
 */
const givenTransactionId = (request: ProcessPaymentRequest) =>
  request.paymentMethod === 'CRYPTO' ? request.transactionId.trim().toLowerCase() : request.transactionId.trim();

function checkTransactionId(request: ProcessPaymentRequest, payment: PaymentRow, now: Date): string {
  const transactionId = givenTransactionId(request);
  if (request.paymentMethod === 'WIRE') {
    if (transactionId !== payment.paymentRef) throw new AppError('BAD_REQUEST', messages.payment.wireReferenceMismatch);
    return transactionId;
  }
  const currency = payment.cryptoCurrency as CryptoCurrency | null;
  if (!currency || !payment.quotedAt) throw new AppError('CONFLICT', messages.payment.quoteExpired);
  if (!isTransactionHash(currency, transactionId)) throw new AppError('BAD_REQUEST', messages.payment.transactionHashInvalid(CRYPTO_CHAINS[currency]));
  if (now.getTime() - payment.quotedAt.getTime() > CRYPTO_QUOTE_MAX_AGE_SECONDS * 1000) throw new AppError('CONFLICT', messages.payment.quoteExpired);
  return transactionId;
}

/**
 * The other payments that gave the same transaction hash. One on-chain transaction pays one investment, but the
 * portal cannot tell from a hash whose transaction it is (it is public on any block explorer): refusing the second
 * claim would let anyone who reached this step block a real investor by giving their hash first. So the claim is
 * recorded and flagged (the audit event names the other payments) for reconciliation, which checks the chain.
 * Read under a transaction-scoped advisory lock on the hash, so two claims at once are serialised and the second
 * sees the first.
 */
async function otherClaimsOf(tx: Db, paymentId: string, transactionId: string): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payment-tx:${transactionId}`}, 0))`);
  const claims = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.paymentMethod, 'CRYPTO'), sql`lower(${payments.transactionId}) = ${transactionId}`, ne(payments.id, paymentId)));
  return claims.map((c) => c.id);
}

export async function processPayment(db: Db, request: ProcessPaymentRequest, { userId, now, meta, linkBase }: RequestContext): Promise<PaymentStepResponse> {
  await checkPaymentAccess(db, userId);
  return db.transaction(async (tx) => {
    const investment = await lockInvestmentForPayment(tx, userId);
    const payment = await findOwnPayment(tx, userId, request.paymentId, request.paymentMethod);
    if (!payment) throw new AppError('NOT_FOUND', messages.payment.paymentNotFound);
    if (payment.paymentStatus === 'AWAITING_FUNDS' && payment.transactionId === givenTransactionId(request)) return paymentStepAnswer(payment, true);
    if (!isOpen(payment)) throw new AppError('CONFLICT', messages.payment.paymentNotOpen);
    if (await isPaymentStepDone(tx, investment)) throw new AppError('CONFLICT', messages.payment.alreadyPaid);
    const transactionId = checkTransactionId(request, payment, now);
    const alsoClaimedBy = request.paymentMethod === 'CRYPTO' ? await otherClaimsOf(tx, payment.id, transactionId) : [];
    const { trace: lifecycle } = await decideOnCase(
      tx,
      userId,
      { type: 'INVESTOR.TRANSFER_SENT', paymentId: payment.id, method: payment.paymentMethod === 'CRYPTO' ? 'CRYPTO' : 'WIRE', dueCents: payment.totalCents },
      () => messages.payment.alreadyPaid,
    );

    const [updated] = await tx
      .update(payments)
      .set({ paymentStatus: 'AWAITING_FUNDS', transactionId, confirmedAt: now, updatedAt: now, failureReason: null })
      .where(eq(payments.id, payment.id))
      .returning();
    const row = updated as PaymentRow;
    await tx.update(investments).set({ paymentCompleted: true, completedAt: now }).where(eq(investments.id, investment.id));
    await advanceCurrentStep(tx, userId, 'complete');
    await recordCase(tx, userId, lifecycle, now);
    await recordAuditEvent(tx, {
      userId,
      action: 'payment.sent',
      detail: {
        paymentId: payment.id,
        method: payment.paymentMethod,
        transactionId,
        totalCents: payment.totalCents,
        ...(payment.cryptoCurrency ? { cryptoCurrency: payment.cryptoCurrency, cryptoAmount: payment.cryptoAmount, rate: payment.cryptoRate } : {}),
        ...(alsoClaimedBy.length > 0 ? { transactionAlsoClaimedBy: alsoClaimedBy } : {}),
        lifecycle,
      },
      meta,
      at: now,
    });
    await enqueuePaymentMail(tx, row, now, linkBase);
    return paymentStepAnswer(row, true);
  });
}
