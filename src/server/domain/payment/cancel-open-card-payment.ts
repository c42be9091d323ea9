/**
 * Once the payment step is done by crypto or wire (process-payment.ts), the investor's open card payment must not be
 * chargeable any more: with real Stripe the browser confirms an intent with Stripe.js, out of the server's reach, so
 * the intent itself is canceled at the provider, after the step's transaction (a network call holds no lock), and the
 * provider's answer is applied as any other (apply-card-intent.ts: FAILED, audited payment.failed).
 * Best effort: the step is done whatever the provider says. A provider that fails leaves the card payment open
 * (logged); an intent that had already succeeded is recorded as paid, as it is (the money was taken: never hidden).
 * Without a card provider (card not offered) an open card payment with an intent can only come from an earlier start
 * with Stripe keys: it cannot be canceled from here, and the log says so.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { OPEN_PAYMENT_STATUSES } from '../../../shared/payment.ts';
import { payments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { describeError, type Log } from '../../log.ts';
import type { CardIntentRecord, CardProvider } from '../../providers/card/card-provider.ts';
import type { RequestContext } from '../request-context.ts';
import { applyCardIntent } from './apply-card-intent.ts';

export async function cancelOpenCardPayment({ db, card, log }: { db: Db; card: CardProvider | null; log: Log }, { userId, now, meta, linkBase }: RequestContext): Promise<void> {
  const [open] = await db
    .select({ id: payments.id, intentId: payments.providerIntentId })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.paymentMethod, 'CARD'), inArray(payments.paymentStatus, [...OPEN_PAYMENT_STATUSES]), isNotNull(payments.providerIntentId)))
    .limit(1);
  if (!open?.intentId) return;
  const intentId = open.intentId;
  if (!card) {
    log.warn('The open card payment could not be canceled after the payment step was done otherwise: this server has no card provider (STRIPE_* unset)', {
      paymentId: open.id,
      paymentIntentId: intentId,
    });
    return;
  }
  try {
    let intent: CardIntentRecord;
    try {
      intent = await card.cancelPaymentIntent(intentId);
    } catch {
      // Refused (it succeeded or was canceled meanwhile) or the provider failed: what the intent is now decides.
      intent = await card.retrievePaymentIntent(intentId);
    }
    await db.transaction((tx) => applyCardIntent(tx, open.id, intent, { now, meta, linkBase, source: 'paid-otherwise' }));
  } catch (error) {
    log.warn('The open card payment could not be canceled after the payment step was done otherwise', { paymentId: open.id, error: describeError(error) });
  }
}
