/** What the payment page's chart and its method charts share as types. */

/** A method's failure: the spec's sentence, and the server's or provider's own words when they differ. */
export type PaymentError = { message: string; detail: string | null };

/** Sent by a method's chart to the page's: it is mid-payment (true) or not (false). */
export type PaymentChildParentEvent = { type: 'payment.method.busy'; busy: boolean };

/** Stripe.js and an Elements group, opaque to the charts (the effects call them, the view mounts the element). */
export type StripeHandle = object;
export type StripeElementsHandle = object;
