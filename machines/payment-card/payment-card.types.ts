import type {
  CardIntent,
  ConfirmStripeRequest,
  InitiatePaymentRequest,
  InitiatePaymentResponse,
  LocalCardAuthenticateRequest,
  LocalCardConfirmRequest,
  PaymentAmounts,
  PaymentStepResponse,
  OfferedCardConfig,
} from '../../src/shared/payment.ts';
import type { PaymentChildParentEvent, PaymentError, StripeElementsHandle, StripeHandle } from '../payment-method/payment-method.types.ts';
import type { CardField, CardFields } from './payment-card.rules.ts';

export type PaymentCardInput = {
  amounts: PaymentAmounts;
  /** The card provider; the page starts this chart only when the server offers card. */
  stripeConfig: OfferedCardConfig;
  /** The time the expiry is checked against (tests fix it); now by default. */
  now?: string;
};

/** The provider's PaymentIntent for this payment, as initiate answered it. */
export type CardIntentRef = { paymentId: string; clientSecret: string; paymentIntentId: string };

export type { PaymentError };

export type PaymentCardContext = {
  provider: OfferedCardConfig['provider'];
  publishableKey: string | null;
  amounts: PaymentAmounts;
  now: string;
  /** The local test-mode form as typed. */
  card: CardFields;
  /** Which field the view should focus (the first to fix after a refused Pay), until the next change. */
  focus: CardField | null;
  intent: CardIntentRef | null;
  /** Stripe.js and the Payment Element's group, with real keys only (opaque here: the view mounts, the effects call). */
  stripe: StripeHandle | null;
  elements: StripeElementsHandle | null;
  /** The Payment Element says it is filled in completely (its change events). */
  elementComplete: boolean;
  error: PaymentError | null;
  result: PaymentStepResponse | null;
};

export type PaymentCardEvent =
  | { type: 'card.field.change'; field: CardField; value: string }
  /** The pay button. */
  | { type: 'card.pay' }
  /** The test-mode 3-D Secure challenge's two answers. */
  | { type: 'card.authenticate'; outcome: 'complete' | 'fail' }
  /** Stripe.js failed to load: load it again. */
  | { type: 'card.retry' }
  /** The view mounted the Payment Element in this group; later its change events say whether it is complete. */
  | { type: 'card.element.ready'; elements: StripeElementsHandle }
  | { type: 'card.element.change'; complete: boolean }
  /** After 'Payment was successful but confirmation failed': ask the server again. */
  | { type: 'card.confirm.retry' };

export type InitiateInput = InitiatePaymentRequest;
export type InitiateOutput = InitiatePaymentResponse;
export type ConfirmTestCardInput = LocalCardConfirmRequest;
export type AuthenticateTestCardInput = LocalCardAuthenticateRequest;
export type ConfirmStripeInput = ConfirmStripeRequest;
export type LoadStripeInput = { publishableKey: string };
export type ConfirmElementsInput = { stripe: StripeHandle; elements: StripeElementsHandle };
export type { CardIntent, PaymentStepResponse };

export type PaymentCardParentEvent = PaymentChildParentEvent;
