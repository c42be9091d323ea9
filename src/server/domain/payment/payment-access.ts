/**
 * Who may pay: the payment calls open once the investor's legal agreements are COMPLETED (409 before, as the
 * agreements wait for KYC). Every change locks the investor's investment row first (FOR UPDATE): one investor's
 * initiations, confirmations, process calls and card webhooks run one after the other, so two of them never both see
 * "not yet paid".
 */
import { and, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import { investments, legalAgreements, payments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';

export type InvestmentRow = typeof investments.$inferSelect;

async function readInvestment(db: Db, userId: string, lock: boolean): Promise<InvestmentRow> {
  const query = db
    .select({ investment: investments, legalStatus: legalAgreements.status, legalCompletedAt: legalAgreements.completedAt })
    .from(investments)
    .leftJoin(legalAgreements, eq(legalAgreements.userId, investments.userId))
    .where(eq(investments.userId, userId));
  const [row] = lock ? await query.for('update', { of: investments }) : await query;
  if (!row) throw new AppError('NOT_FOUND', messages.server.notFound);
  if (row.legalStatus !== 'COMPLETED' || !row.legalCompletedAt) throw new AppError('CONFLICT', messages.payment.agreementsFirst);
  return row.investment;
}

/** Inside the caller's transaction, before a change: the investment, locked, once the agreements are complete. */
export const lockInvestmentForPayment = (tx: Db, userId: string) => readInvestment(tx, userId, true);

/** The investment once the agreements are complete, without a lock: to refuse early, before network calls. */
export const checkPaymentAccess = (db: Db, userId: string) => readInvestment(db, userId, false);

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
