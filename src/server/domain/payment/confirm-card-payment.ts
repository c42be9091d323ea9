/**
 * POST /api/payment/confirm-stripe {paymentIntentId}: the browser says the card payment went through; the server
 * believes only the provider. The payment is the investor's open CARD payment and the id sent must be the one stored
 * at initiation (else 409 intentMismatch: another investor's intent id gets the same refusal); the intent is then
 * retrieved from the provider BY THE STORED ID and applied (apply-card-intent.ts). Not succeeded: 409 in the
 * provider's status words, after recording what it said. Confirming a completed payment again answers the same. A card
 * the provider charged while another payment had already settled the investment is held for refund (settled-payment.ts):
 * 409 in words saying so, then and on every repeat.
 * Without a card provider (card not offered: production without Stripe keys) it is refused (400) before anything is read.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import type { PaymentStepResponse } from '../../../shared/payment.ts';
import { payments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import type { CardProvider } from '../../providers/card/card-provider.ts';
import type { RequestContext } from '../request-context.ts';
import { applyCardIntent } from './apply-card-intent.ts';
import { retrieveCardIntent } from './card-provider-calls.ts';
import { checkPaymentAccess } from './payment-access.ts';
import { findOpenPayment, paymentStepAnswer } from './payment-rows.ts';

export async function confirmCardPayment(deps: { db: Db; card: CardProvider | null }, paymentIntentId: string, { userId, now, meta, linkBase }: RequestContext): Promise<PaymentStepResponse> {
  const { db, card } = deps;
  if (!card) throw new AppError('BAD_REQUEST', messages.payment.cardNotOffered);
  const investment = await checkPaymentAccess(db, userId);
  // The open payment first, the completed (or held) one only when none is open: read the other way round, a webhook
  // completing the payment between the two reads left neither (404 to an investor who has just paid).
  const open = await findOpenPayment(db, investment.id, 'CARD');
  if (!open) {
    const [done] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.paymentMethod, 'CARD'), eq(payments.providerIntentId, paymentIntentId), inArray(payments.paymentStatus, ['COMPLETED', 'ON_HOLD'])))
      .limit(1);
    if (done?.paymentStatus === 'ON_HOLD') throw new AppError('CONFLICT', messages.payment.paidTwiceHeld);
    if (done) return paymentStepAnswer(done, true);
  }
  if (!open?.providerIntentId) throw new AppError('NOT_FOUND', messages.payment.paymentNotFound);
  if (open.providerIntentId !== paymentIntentId) throw new AppError('CONFLICT', messages.payment.intentMismatch);

  const intent = await retrieveCardIntent(card, open.providerIntentId);
  const payment = await db.transaction((tx) => applyCardIntent(tx, open.id, intent, { now, meta, linkBase, source: 'confirm' }));
  if (payment.paymentStatus === 'ON_HOLD') throw new AppError('CONFLICT', messages.payment.paidTwiceHeld);
  if (payment.paymentStatus !== 'COMPLETED') throw new AppError('CONFLICT', messages.payment.cardNotSucceeded(intent.status));
  return paymentStepAnswer(payment, true);
}
