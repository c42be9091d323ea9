/**
 * The investor's payment state beside the KYC decision (issue 29): their latest payment (method, status, amount) and
 * what has been received for it (the sum of its recorded receipts), in one query; null before any payment.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { KycCasePayment } from '../../../shared/admin/kyc-review.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../shared/payment-status.ts';
import { payments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { oneOf } from '../row-mapping.ts';

const eur = (cents: number) => cents / 100;

export async function casePayment(db: Db, userId: string): Promise<KycCasePayment | null> {
  const [row] = await db
    .select({
      id: payments.id,
      method: payments.paymentMethod,
      status: payments.paymentStatus,
      amountCents: payments.amountCents,
      totalCents: payments.totalCents,
      // Written out: on one table drizzle leaves a column unqualified, which inside the subquery would mean r.id.
      receivedCents: sql<number>`coalesce((select sum(r.amount_cents) from funds_receipts r where r.payment_id = payments.id), 0)`.mapWith(Number),
      createdAt: payments.createdAt,
      completedAt: payments.completedAt,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  if (!row) return null;
  return {
    paymentId: row.id,
    method: oneOf(row.method, PAYMENT_METHODS, 'WIRE'),
    status: oneOf(row.status, PAYMENT_STATUSES, 'PENDING'),
    amount: eur(row.amountCents),
    totalAmount: eur(row.totalCents),
    received: eur(row.receivedCents),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
