/** Reading payment rows the way every payment change needs them (by id, the investor's open one, by intent), and the step answer. */
import { and, eq, inArray } from 'drizzle-orm';
import { OPEN_PAYMENT_STATUSES, type ChoosableMethod, type PaymentStepResponse } from '../../../shared/payment.ts';
import { payments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { isUuid } from '../is-uuid.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** The answer of confirm-stripe and process: where the payment stands; the next step is complete. */
export const paymentStepAnswer = (payment: PaymentRow, paymentCompleted: boolean): PaymentStepResponse => ({
  paymentId: payment.id,
  paymentStatus: payment.paymentStatus as PaymentStepResponse['paymentStatus'],
  paymentCompleted,
  nextStep: 'complete',
});

export const isOpen = (payment: PaymentRow) => (OPEN_PAYMENT_STATUSES as readonly string[]).includes(payment.paymentStatus);

/** This investor's payment with this id and method (another investor's id reads as none). */
export async function findOwnPayment(db: Db, userId: string, paymentId: string, method: ChoosableMethod): Promise<PaymentRow | undefined> {
  if (!isUuid(paymentId)) return undefined;
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId), eq(payments.paymentMethod, method)))
    .limit(1);
  return row;
}

/** The investment's one open attempt of `method` (PENDING or PROCESSING), if any. */
export async function findOpenPayment(db: Db, investmentId: string, method: ChoosableMethod): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.investmentId, investmentId), eq(payments.paymentMethod, method), inArray(payments.paymentStatus, [...OPEN_PAYMENT_STATUSES])))
    .limit(1);
  return row;
}

/** The payment whose card intent this is (unique), if any. */
export async function findPaymentByIntent(db: Db, intentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerIntentId, intentId)).limit(1);
  return row;
}

/** The payment re-read by id inside a transaction (after the investment lock: the state another change left). */
export async function rereadPayment(tx: Db, paymentId: string): Promise<PaymentRow> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!row) throw new Error(`payment ${paymentId} vanished`);
  return row;
}
