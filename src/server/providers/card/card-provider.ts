/**
 * The card payment provider, one interface for the routes: Stripe (the `stripe` SDK, real keys) or the local test
 * provider (no keys: the portal's own PaymentIntents in local_card_intents, answering like Stripe's test mode). The
 * server only ever trusts an intent it read from the provider itself (retrieve, or a signed webhook event).
 */
import type { CardIntentStatus } from '../../../shared/payment.ts';

export type CardPaymentError = { code: string | null; declineCode: string | null; message: string };

/** A PaymentIntent as both providers describe it (amount in cents, currency lower case as Stripe writes it). */
export type CardIntentRecord = {
  id: string;
  clientSecret: string | null;
  status: CardIntentStatus;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  lastPaymentError: CardPaymentError | null;
};

export type CreateCardIntentInput = {
  amountCents: number;
  currency: 'eur';
  metadata: { paymentId: string; investmentId: string; userId: string };
  /** The same key gives back the same intent (derived from the payment id: a repeated initiation makes no second). */
  idempotencyKey: string;
};

/** A refund as both providers describe it (amount in cents). */
export type CardRefundRecord = { id: string; paymentIntentId: string; amount: number; currency: string; status: string };

export type RefundCardIntentInput = {
  amountCents: number;
  /** The same key gives back the same refund (derived from the portal's refund row: a repeat refunds once). */
  idempotencyKey: string;
};

/** A verified webhook event: its id (for dedupe), its type, and the intent it carries (null for other objects). */
export type CardWebhookEvent = { id: string; type: string; intent: CardIntentRecord | null };

export interface CardProvider {
  readonly kind: 'stripe' | 'local-test';
  /** Stripe's publishable key; null for the local provider. */
  readonly publishableKey: string | null;
  readonly testMode: boolean;
  createPaymentIntent(input: CreateCardIntentInput): Promise<CardIntentRecord>;
  retrievePaymentIntent(id: string): Promise<CardIntentRecord>;
  /** Cancels an intent nobody may charge any more (the investor paid otherwise); a succeeded or canceled one throws. */
  cancelPaymentIntent(id: string): Promise<CardIntentRecord>;
  /**
   * Refunds `amountCents` of a succeeded intent. Throws CardRefundRefused when the provider says no (the intent not
   * succeeded, more than was captured, a key reused with other parameters), CardProviderUnavailable on a fault.
   */
  refundPaymentIntent(id: string, input: RefundCardIntentInput): Promise<CardRefundRecord>;
  /** Verifies the signature over the exact bytes received; throws on a missing, bad or stale one. */
  constructWebhookEvent(rawBody: Uint8Array, signatureHeader: string | undefined): CardWebhookEvent;
}

/** The provider could not be reached or answered with a fault (not a refusal about the intent itself). */
export class CardProviderUnavailable extends Error {
  override readonly name = 'CardProviderUnavailable';
}

/** The provider has no such intent. */
export class CardIntentNotFound extends Error {
  override readonly name = 'CardIntentNotFound';
}

/** A webhook whose signature is missing, wrong or too old. */
export class CardWebhookSignatureError extends Error {
  override readonly name = 'CardWebhookSignatureError';
}

/** The provider refused a refund (its own words in the message): nothing was refunded. */
export class CardRefundRefused extends Error {
  override readonly name = 'CardRefundRefused';
}
