/** Named reads of the payment page for its views. */
import type { SnapshotFrom } from 'xstate';
import { CHOOSABLE_METHODS, FEE_BASIS_POINTS, isCardOffered, paymentAmounts, type CardUnavailableReason } from '../../src/shared/payment.ts';
import type { PaymentCardActorRef } from '../payment-card/payment-card.machine.ts';
import type { PaymentCryptoActorRef } from '../payment-crypto/payment-crypto.machine.ts';
import type { PaymentWireActorRef } from '../payment-wire/payment-wire.machine.ts';
import type { paymentMachine } from './payment.machine.ts';

type S = SnapshotFrom<typeof paymentMachine>;

export type PaymentPhase = 'loading' | 'failed' | 'authRequired' | 'summary' | 'paying' | 'confirmed';

export const selectPhase = (s: S): PaymentPhase => {
  if (s.hasTag('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('authRequired')) return 'authRequired';
  if (s.hasTag('readOnly')) return 'summary';
  if (s.hasTag('confirmed') || s.status === 'done') return 'confirmed';
  return 'paying';
};

export const selectMethod = (s: S) => s.context.method;
export const selectIsLocked = (s: S) => s.context.locked;
export const selectStatus = (s: S) => s.context.status;
export const selectResult = (s: S) => s.context.result;
export const selectCopied = (s: S) => s.context.copied;

/** The transaction summary: the investment, its tokens, and the chosen method's fee and total (none chosen: no fee yet). */
export const selectTransaction = (s: S) => {
  const status = s.context.status;
  if (!status) return null;
  const amounts = paymentAmounts(status.investment.amount, s.context.method ?? 'WIRE');
  return { amountCents: amounts.amountCents, tokens: status.investment.tokenQuantity, feeCents: s.context.method ? amounts.feeCents : null, totalCents: amounts.totalCents };
};

/** Why the server does not offer card payments, or null when it does (or has not said yet). */
export const selectCardUnavailable = (s: S): CardUnavailableReason | null => {
  const config = s.context.stripeConfig;
  return config && !isCardOffered(config) ? config.reason : null;
};

/** Each method card on offer (card only when the server offers it): its fee and total for this investment. */
export const selectMethodOffers = (s: S) => {
  const status = s.context.status;
  if (!status) return [];
  const cardUnavailable = selectCardUnavailable(s) !== null;
  return CHOOSABLE_METHODS.filter((method) => method !== 'CARD' || !cardUnavailable).map((method) => ({
    method,
    feeBasisPoints: FEE_BASIS_POINTS[method],
    ...paymentAmounts(status.investment.amount, method),
  }));
};

export const selectCardActor = (s: S) => s.children.card as PaymentCardActorRef | undefined;
export const selectCryptoActor = (s: S) => s.children.crypto as PaymentCryptoActorRef | undefined;
export const selectWireActor = (s: S) => s.children.wire as PaymentWireActorRef | undefined;

/** The read-only summary: the latest payment, and whether its funds are confirmed or still awaited. */
export const selectPaidSummary = (s: S) => {
  const status = s.context.status;
  const latest = status?.latestPayment ?? null;
  if (!status) return null;
  const awaitingFunds = status.paymentStatus === 'AWAITING_FUNDS' || latest?.paymentStatus === 'AWAITING_FUNDS';
  return { status, latest, awaitingFunds, reference: latest?.paymentRef ?? latest?.transactionId ?? null };
};
