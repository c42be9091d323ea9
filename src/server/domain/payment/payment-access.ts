/**
 * Who may pay: the payment calls open once the investor's legal agreements are COMPLETED (409 before, as the
 * agreements wait for KYC). STARTING a payment (initiating one, the bank details, charging a card in the local
 * provider) also needs the investor's KYC done (409 after a rejection or while a resubmission is asked for); recording
 * what already happened (a card the provider charged, crypto or a wire the investor sent) never does: the money is
 * then on record, for finance to reconcile or refund. Every change locks the investor's investment row first (FOR UPDATE): one investor's
 * initiations, confirmations, process calls and card webhooks run one after the other, so two of them never both see
 * "not yet paid".
 */
import { and, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import { investments, kycVerifications, legalAgreements, payments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { refuseUnlessKycDone } from '../kyc/kyc-done.ts';

export type InvestmentRow = typeof investments.$inferSelect;

export type PaymentAccess = { starting?: boolean };

async function readInvestment(db: Db, userId: string, lock: boolean, { starting = false }: PaymentAccess): Promise<InvestmentRow> {
  const query = db
    .select({
      investment: investments,
      legalStatus: legalAgreements.status,
      legalCompletedAt: legalAgreements.completedAt,
      kycStatus: kycVerifications.status,
      kycCompletedAt: kycVerifications.completedAt,
    })
    .from(investments)
    .leftJoin(legalAgreements, eq(legalAgreements.userId, investments.userId))
    .leftJoin(kycVerifications, eq(kycVerifications.userId, investments.userId))
    .where(eq(investments.userId, userId));
  const [row] = lock ? await query.for('update', { of: investments }) : await query;
  if (!row) throw new AppError('NOT_FOUND', messages.server.notFound);
  if (row.legalStatus !== 'COMPLETED' || !row.legalCompletedAt) throw new AppError('CONFLICT', messages.payment.agreementsFirst);
  if (starting) refuseUnlessKycDone(row.kycStatus, row.kycCompletedAt);
  return row.investment;
}

/** Inside the caller's transaction, before a change: the investment, locked, once the agreements are complete. */
export const lockInvestmentForPayment = (tx: Db, userId: string, access: PaymentAccess = {}) => readInvestment(tx, userId, true, access);

/** The investment once the agreements are complete, without a lock: to refuse early, before network calls. */
export const checkPaymentAccess = (db: Db, userId: string, access: PaymentAccess = {}) => readInvestment(db, userId, false, access);

/** Whether the investor's payment step is already done: the investment flagged, or a payment completed or awaiting funds. */
export async function isPaymentStepDone(db: Db, investment: InvestmentRow): Promise<boolean> {
  if (investment.paymentCompleted) return true;
  const [settled] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.investmentId, investment.id), inArray(payments.paymentStatus, ['COMPLETED', 'AWAITING_FUNDS'])))
    .limit(1);
  return settled !== undefined;
}
