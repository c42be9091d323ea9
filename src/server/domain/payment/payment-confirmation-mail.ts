/**
 * The confirmation mail of a completed payment step, enqueued in the transaction that completes it (one per payment:
 * dedupe key). It says what was paid and how, never the foundation's bank details (spec: shown in the portal only).
 */
import { eq } from 'drizzle-orm';
import { fromCents, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/payment.ts';
import { users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { enqueueMail } from '../../jobs/mail-job.ts';
import type { LinkBase } from '../request-context.ts';
import { withStatusPageLine } from '../status-page-link.ts';
import type { PaymentRow } from './payment-rows.ts';

const eur = (cents: number) => `EUR ${fromCents(cents).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const paymentMailKey = (paymentId: string) => `payment-confirmation:${paymentId}`;

export function paymentConfirmationText(payment: PaymentRow): { subject: string; text: string } {
  const method = PAYMENT_METHOD_LABELS[payment.paymentMethod as PaymentMethod] ?? payment.paymentMethod;
  const paid = payment.paymentStatus === 'COMPLETED';
  const lines = [
    paid ? 'Thank you: your payment has been received.' : 'Thank you: we have recorded that you sent your payment. We will confirm once the funds arrive.',
    '',
    `Method: ${method}`,
    `Amount: ${eur(payment.amountCents)}`,
    `Processing fee: ${eur(payment.feeCents)}`,
    `Total: ${eur(payment.totalCents)}`,
    ...(payment.cryptoCurrency && payment.cryptoAmount ? [`Amount sent: ${payment.cryptoAmount} ${payment.cryptoCurrency}`] : []),
    ...(payment.paymentRef ? [`Reference: ${payment.paymentRef}`] : []),
    '',
    'Your investment request is now under review. Your G2G tokens will be issued within 24-48 hours of the funds being confirmed.',
  ];
  return { subject: paid ? 'G2G: payment received' : 'G2G: payment recorded', text: lines.join('\n') };
}

/** Inside the transaction that completes the payment step; `linkBase` for the status page's line (status-page-link.ts). */
export async function enqueuePaymentMail(tx: Db, payment: PaymentRow, now: Date, linkBase: LinkBase): Promise<void> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payment.userId)).limit(1);
  if (!user) return;
  await enqueueMail(tx, withStatusPageLine({ to: user.email, ...paymentConfirmationText(payment) }, linkBase), now, paymentMailKey(payment.id));
}
