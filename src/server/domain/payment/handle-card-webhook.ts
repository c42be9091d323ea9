/**
 * POST /api/payment/stripe-webhook, after its signature was verified over the raw bytes (the provider does that):
 * the event is recorded in card_provider_events in the same transaction as its effect, so a repeated delivery (Stripe
 * retries, and may send an event twice) finds it and does nothing. payment_intent.succeeded and
 * payment_intent.payment_failed apply the intent the event carries, signed by Stripe, to the payment that holds it
 * (apply-card-intent.ts: the same logic as confirm-stripe). An unknown intent, another event type, or an intent that
 * does not match its payment is recorded and otherwise ignored (answered 200: a retry would not change it); a
 * refusal is audited.
 */
import { cardProviderEvents } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { isAppError } from '../../errors/app-error.ts';
import type { CardWebhookEvent } from '../../providers/card/card-provider.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { AnonymousRequestContext } from '../request-context.ts';
import { applyCardIntent } from './apply-card-intent.ts';
import { findPaymentByIntent } from './payment-rows.ts';

const APPLIED_TYPES = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled', 'payment_intent.processing', 'payment_intent.requires_action']);

export type WebhookOutcome = 'duplicate' | 'ignored' | 'unknown-intent' | 'applied' | 'refused';

export async function handleCardWebhook(db: Db, event: CardWebhookEvent, { now, meta, linkBase }: AnonymousRequestContext): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(cardProviderEvents)
      .values({ eventId: event.id, type: event.type, paymentIntentId: event.intent?.id ?? null, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: cardProviderEvents.eventId });
    if (recorded.length === 0) return 'duplicate';
    const intent = event.intent;
    if (!intent || !APPLIED_TYPES.has(event.type)) return 'ignored';
    const payment = await findPaymentByIntent(tx, intent.id);
    if (!payment) return 'unknown-intent';
    try {
      // A savepoint: a refused intent undoes only its own writes, the event stays recorded.
      await tx.transaction((inner) => applyCardIntent(inner, payment.id, intent, { now, meta, linkBase, source: 'webhook' }));
      return 'applied';
    } catch (error) {
      if (!isAppError(error)) throw error;
      await recordAuditEvent(tx, { userId: payment.userId, action: 'payment.webhook_refused', detail: { eventId: event.id, type: event.type, paymentIntentId: intent.id, reason: error.message }, meta, at: now });
      return 'refused';
    }
  });
}
