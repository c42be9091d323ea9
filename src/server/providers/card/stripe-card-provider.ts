/**
 * The real card provider: Stripe's PaymentIntents through the official SDK, with the API version pinned (a new SDK or
 * account default must not change the shapes we read). `api` points the SDK at a local fake in tests
 * (host/port/protocol; no retries there, so a refusal is seen once).
 */
import Stripe from 'stripe';
import { CARD_INTENT_STATUSES, type CardIntentStatus } from '../../../shared/payment.ts';
import type { StripeSettings } from '../../config/stripe-env.ts';
import {
  CardIntentNotFound,
  CardProviderUnavailable,
  CardRefundRefused,
  CardWebhookSignatureError,
  type CardRefundRecord,
  type CardIntentRecord,
  type CardProvider,
  type CardWebhookEvent,
  type CreateCardIntentInput,
  type RefundCardIntentInput,
} from './card-provider.ts';

/** The API version this code reads; the SDK 23.1 default, pinned. */
export const STRIPE_API_VERSION = '2026-10-28.endive';
/** Stripe's own default tolerance for a webhook signature's timestamp. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type StripeIntent = {
  id: string;
  client_secret?: string | null;
  status: string;
  amount: number;
  currency: string;
  metadata?: Record<string, string> | null;
  last_payment_error?: { code?: string | null; decline_code?: string | null; message?: string | null } | null;
};

const asStatus = (status: string): CardIntentStatus =>
  (CARD_INTENT_STATUSES as readonly string[]).includes(status) ? (status as CardIntentStatus) : 'requires_payment_method';

export function fromStripeIntent(intent: StripeIntent): CardIntentRecord {
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? null,
    status: asStatus(intent.status),
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...(intent.metadata ?? {}) },
    lastPaymentError: error ? { code: error.code ?? null, declineCode: error.decline_code ?? null, message: error.message ?? 'The card payment failed.' } : null,
  };
}

/** A missing intent is the intent's business; anything else (network, 5xx, auth, rate limit) is the provider's. */
function providerFailure(error: unknown): Error {
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return new CardIntentNotFound(error.message);
  return new CardProviderUnavailable(error instanceof Error ? error.message : String(error), { cause: error });
}

export type StripeApiOverride = { host: string; port: number; protocol: 'http' | 'https' };

/** The cancel of an abandoned card intent after the step was done otherwise: the investor's answer waits for it. */
const CANCEL_TIMEOUT_MS = 5_000;

export function createStripeCardProvider(settings: StripeSettings, api?: StripeApiOverride): CardProvider {
  const stripe = new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    ...(api ? { host: api.host, port: api.port, protocol: api.protocol, maxNetworkRetries: 0 } : { maxNetworkRetries: 2 }),
    timeout: 20_000,
    telemetry: false,
  });
  return {
    kind: 'stripe',
    publishableKey: settings.publishableKey,
    testMode: !settings.live,
    async createPaymentIntent({ amountCents, currency, metadata, idempotencyKey }: CreateCardIntentInput) {
      try {
        const intent = await stripe.paymentIntents.create(
          { amount: amountCents, currency, metadata, automatic_payment_methods: { enabled: true, allow_redirects: 'never' } },
          { idempotencyKey },
        );
        return fromStripeIntent(intent as unknown as StripeIntent);
      } catch (error) {
        throw providerFailure(error);
      }
    },
    async retrievePaymentIntent(id: string) {
      try {
        return fromStripeIntent((await stripe.paymentIntents.retrieve(id)) as unknown as StripeIntent);
      } catch (error) {
        throw providerFailure(error);
      }
    },
    async cancelPaymentIntent(id: string) {
      try {
        // Runs while the investor waits for their crypto or wire confirmation (best effort): short, no retries.
        const options = { timeout: CANCEL_TIMEOUT_MS, maxNetworkRetries: 0 };
        return fromStripeIntent((await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }, options)) as unknown as StripeIntent);
      } catch (error) {
        throw providerFailure(error);
      }
    },
    async refundPaymentIntent(id: string, { amountCents, idempotencyKey }: RefundCardIntentInput): Promise<CardRefundRecord> {
      try {
        const refund = (await stripe.refunds.create({ payment_intent: id, amount: amountCents }, { idempotencyKey })) as unknown as {
          id: string;
          payment_intent: string | { id: string } | null;
          amount: number;
          currency: string;
          status: string | null;
        };
        const intentId = typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? id);
        return { id: refund.id, paymentIntentId: intentId, amount: refund.amount, currency: refund.currency, status: refund.status ?? 'pending' };
      } catch (error) {
        // A 4xx about the refund itself (already refunded, amount too large, idempotency) is a refusal; the rest a fault.
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeIdempotencyError) {
          throw new CardRefundRefused(error.message, { cause: error });
        }
        throw providerFailure(error);
      }
    },
    constructWebhookEvent(rawBody: Uint8Array, signatureHeader: string | undefined): CardWebhookEvent {
      if (!signatureHeader) throw new CardWebhookSignatureError('No Stripe-Signature header');
      let event: { id: string; type: string; data: { object: { object?: string } } };
      try {
        event = stripe.webhooks.constructEvent(Buffer.from(rawBody), signatureHeader, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS) as unknown as typeof event;
      } catch (error) {
        throw new CardWebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
      const object = event.data?.object;
      const intent = object && object.object === 'payment_intent' ? fromStripeIntent(object as unknown as StripeIntent) : null;
      return { id: event.id, type: event.type, intent };
    },
  };
}
