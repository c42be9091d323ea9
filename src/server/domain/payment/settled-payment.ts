/**
 * One investment, at most one settled payment (issue 26). A payment is settled when it is COMPLETED: the funds are the
 * foundation's, and tokens are issued against it. Funds that arrive for a payment while another payment of the same
 * investment is already settled are money that came twice (a card the provider charged after a wire was received, a
 * wire received after a card was charged): that payment does not complete, it is held ON_HOLD as "Paid twice", which
 * the refund rule lets finance refund. The first funds to arrive settle the investment; a payment only declared sent
 * (AWAITING_FUNDS) or held (ON_HOLD) has not settled it.
 *
 * Decided under the investment's row lock (FOR UPDATE), which every payment change takes first
 * (lockInvestmentForPayment for the investor's calls and the card provider's, lockPayment for finance's): two
 * arrivals at once are decided one after the other, and the second sees the first. The two places funds arrive call
 * `decideArrivedFunds`: apply-card-intent.ts (the card provider says succeeded) and funds-receipt.ts (finance records
 * a crypto or wire receipt).
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { fromCents, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/payment.ts';
import { payments, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { enqueueMail } from '../../jobs/mail-job.ts';
import type { LinkBase } from '../request-context.ts';
import { withStatusPageLine } from '../status-page-link.ts';
import type { PaymentRow } from './payment-rows.ts';

/** How the hold reason of money paid twice begins (the lifecycle's derivation tells it from a hold for a difference by it). */
export const PAID_TWICE_PREFIX = 'Paid twice: ';

/** The statuses in which a payment holds the investor's payment step: declared sent, settled, or money held. */
const STEP_HOLDING_STATUSES = ['AWAITING_FUNDS', 'COMPLETED', 'ON_HOLD'];

/** The investment's settled payment other than `paymentId`, if any (inside the transaction holding the investment's lock). */
export async function settledPaymentOf(tx: Db, investmentId: string, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.investmentId, investmentId), eq(payments.paymentStatus, 'COMPLETED'), ne(payments.id, paymentId)))
    .limit(1);
  return row;
}

const eur = (cents: number) => `EUR ${fromCents(cents).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const methodWord = (method: string) => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;

export type FundsDecision = { status: 'COMPLETED' } | { status: 'ON_HOLD'; settledPaymentId: string; settledMethod: string; reason: string };

/**
 * What funds that arrived for `payment` (`receivedCents` in all) make of it, before any other rule (an exact sum, the
 * card's total): held as paid twice when another payment of the investment is settled, otherwise free to complete.
 */
export async function decideArrivedFunds(tx: Db, payment: PaymentRow, receivedCents: number): Promise<FundsDecision> {
  const settled = await settledPaymentOf(tx, payment.investmentId, payment.id);
  if (!settled) return { status: 'COMPLETED' };
  return {
    status: 'ON_HOLD',
    settledPaymentId: settled.id,
    settledMethod: settled.paymentMethod,
    reason: `${PAID_TWICE_PREFIX}the investment is already paid by ${methodWord(settled.paymentMethod)} (payment ${settled.id}); the ${eur(receivedCents)} received for this payment is to be refunded.`,
  };
}

/** The investor's mail when money came twice: what is held and that it goes back; `dedupeKey` makes it one per arrival. */
export async function enqueuePaidTwiceMail(
  tx: Db,
  payment: PaymentRow,
  settledMethod: string,
  receivedCents: number,
  { now, linkBase, dedupeKey }: { now: Date; linkBase: LinkBase; dedupeKey: string },
): Promise<void> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payment.userId)).limit(1);
  if (!user) return;
  const text = [
    `We have received a second payment for your G2G investment, which was already paid by ${methodWord(settledMethod).toLowerCase()}.`,
    '',
    `This payment (${methodWord(payment.paymentMethod).toLowerCase()}, ${eur(receivedCents)}) is on hold and will be refunded to you by the same means.`,
    'Your investment and its paid payment are not affected. Our finance team will contact you if anything more is needed.',
  ].join('\n');
  await enqueueMail(tx, withStatusPageLine({ to: user.email, subject: 'G2G: your payment is on hold', text }, linkBase), now, dedupeKey);
}

/**
 * Whether another payment of the investment still holds the investor's payment step once `paymentId` is refunded:
 * the investment stays paid (it was paid twice, and only the second payment went back).
 */
export async function stepHeldByOtherPayment(tx: Db, investmentId: string, paymentId: string): Promise<boolean> {
  const [other] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.investmentId, investmentId), inArray(payments.paymentStatus, STEP_HOLDING_STATUSES), ne(payments.id, paymentId)))
    .limit(1);
  return other !== undefined;
}
