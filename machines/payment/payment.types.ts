import type { PaymentChildParentEvent } from '../payment-method/payment-method.types.ts';
import type { ChoosableMethod, PaymentStatusResponse, PaymentStepResponse, StripeConfigResponse } from '../../src/shared/payment.ts';

/** What the page loads at its start: where the payment stands, and which card provider serves it. */
export type PaymentStart = { status: PaymentStatusResponse; stripeConfig: StripeConfigResponse };

export type PaymentContext = {
  status: PaymentStatusResponse | null;
  stripeConfig: StripeConfigResponse | null;
  method: ChoosableMethod | null;
  /** A method's chart is mid-payment (a request out, a challenge open, money taken): the choice holds still. */
  locked: boolean;
  /** What the server answered when the method's payment was confirmed (the redirect's few seconds). */
  result: PaymentStepResponse | null;
  /** The read-only summary's reference was copied (the confirmation lasts 2 s). */
  copied: boolean;
};

export type PaymentEvent =
  | { type: 'payment.retry' }
  | { type: 'payment.method.choose'; method: ChoosableMethod }
  /** Read-only summary: copy the transaction reference. */
  | { type: 'payment.reference.copy' }
  | { type: 'payment.copy.done'; what: string }
  | { type: 'payment.copy.expired' }
  /** Read-only summary: on to the complete page. */
  | { type: 'payment.goToComplete' }
  | PaymentChildParentEvent;


/** The page's chart finishes once the server has confirmed a payment: the process then moves on to complete. */
export type PaymentOutput = { completed: true; paymentMethod: ChoosableMethod; paymentStatus: PaymentStepResponse['paymentStatus'] };

/** Sent to the process chart: the page asks to be somewhere else. */
export type PaymentParentEvent = { type: 'process.route.request'; path: string };
