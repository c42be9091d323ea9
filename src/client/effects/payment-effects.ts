/**
 * The payment page's effects (spec section 7 "Payment"): the status and card provider at its start, and each method's
 * calls, every answer checked against the contract (src/shared/payment.ts). Stripe.js is imported from
 * '@stripe/stripe-js/pure' inside the card chart's `loadStripe`, so nothing of Stripe loads (no script, no chunk run)
 * until card is chosen with real keys. The clipboard answers the charts only once it has the text.
 */
import type { PaymentIntent, Stripe, StripeElements, StripeError } from '@stripe/stripe-js';
import { fromPromise, type AnyActorRef } from 'xstate';
import { paymentCardMachine } from '../../../machines/payment-card/payment-card.machine.ts';
import type { ConfirmElementsInput, LoadStripeInput } from '../../../machines/payment-card/payment-card.types.ts';
import type { StripeHandle } from '../../../machines/payment-method/payment-method.types.ts';
import { paymentCryptoMachine } from '../../../machines/payment-crypto/payment-crypto.machine.ts';
import { paymentMachine } from '../../../machines/payment/payment.machine.ts';
import type { PaymentStart } from '../../../machines/payment/payment.types.ts';
import { paymentWireMachine } from '../../../machines/payment-wire/payment-wire.machine.ts';
import {
  BankTransactionConfigResponseSchema,
  CardIntentSchema,
  CryptoRatesResponseSchema,
  InitiatePaymentResponseSchema,
  PaymentStatusResponseSchema,
  PaymentStepResponseSchema,
  StripeConfigResponseSchema,
  type CardIntent,
  type ConfirmStripeRequest,
  type InitiatePaymentRequest,
  type LocalCardAuthenticateRequest,
  type LocalCardConfirmRequest,
  type ProcessPaymentRequest,
} from '../../shared/payment.ts';
import type { ApiClient } from './api-client.ts';

export const PAYMENT_PATHS = {
  status: '/api/payment/status',
  stripeConfig: '/api/payment/stripe-config',
  initiate: '/api/payment/initiate',
  confirmStripe: '/api/payment/confirm-stripe',
  testCardConfirm: '/api/payment/test-card/confirm',
  testCardAuthenticate: '/api/payment/test-card/authenticate',
  cryptoRates: '/api/payment/crypto-rates',
  bankConfig: '/api/payment/bank-transaction-config',
  process: '/api/payment/process',
} as const;

/** Writes to the clipboard; the chart hears `done` only once the clipboard has it (a refusal leaves no 'Copied'). */
export type Clipboard = (text: string) => Promise<void>;
const browserClipboard: Clipboard = (text) => navigator.clipboard.writeText(text);

function copyTextTo(clipboard: Clipboard, done: (what: string) => { type: string; what: string }) {
  return ({ self }: { self: AnyActorRef }, params: { text: string; what: string }) => {
    if (!params.text) return;
    clipboard(params.text).then(
      () => self.send(done(params.what)),
      (error: unknown) => console.warn('Copy to clipboard refused', error),
    );
  };
}

const initiate = (api: ApiClient) =>
  fromPromise(({ input }: { input: InitiatePaymentRequest }) => api.post(PAYMENT_PATHS.initiate, { json: input, schema: InitiatePaymentResponseSchema }));
const processPayment = (api: ApiClient) =>
  fromPromise(({ input }: { input: ProcessPaymentRequest }) => api.post(PAYMENT_PATHS.process, { json: input, schema: PaymentStepResponseSchema }));

/** A Stripe.js confirmPayment result as the intent the chart reads (the same shape the local provider answers). */
export function intentOfStripeResult(result: { paymentIntent?: PaymentIntent; error?: StripeError }): CardIntent {
  if (result.error) {
    const intent = result.error.payment_intent;
    return {
      id: intent?.id ?? '',
      status: intent?.status ?? 'requires_payment_method',
      lastPaymentError: { code: result.error.code ?? null, declineCode: result.error.decline_code ?? null, message: result.error.message ?? result.error.type },
    };
  }
  const intent = result.paymentIntent!;
  return { id: intent.id, status: intent.status, lastPaymentError: null };
}

export function provideCard(api: ApiClient) {
  return paymentCardMachine.provide({
    actors: {
      initiatePayment: initiate(api),
      confirmTestCard: fromPromise(({ input }: { input: LocalCardConfirmRequest }) => api.post(PAYMENT_PATHS.testCardConfirm, { json: input, schema: CardIntentSchema })),
      authenticateTestCard: fromPromise(({ input }: { input: LocalCardAuthenticateRequest }) =>
        api.post(PAYMENT_PATHS.testCardAuthenticate, { json: input, schema: CardIntentSchema }),
      ),
      loadStripe: fromPromise<StripeHandle, LoadStripeInput>(async ({ input }) => {
        const { loadStripe } = await import('@stripe/stripe-js/pure');
        const stripe = await loadStripe(input.publishableKey);
        if (!stripe) throw new Error('Stripe.js did not load');
        return stripe;
      }),
      confirmElements: fromPromise<CardIntent, ConfirmElementsInput>(async ({ input }) => {
        // The handles the chart holds are the ones this effect and the view made (opaque to the chart).
        const stripe = input.stripe as Stripe;
        const result = await stripe.confirmPayment({ elements: input.elements as StripeElements, redirect: 'if_required' });
        return intentOfStripeResult(result);
      }),
      confirmStripe: fromPromise(({ input }: { input: ConfirmStripeRequest }) => api.post(PAYMENT_PATHS.confirmStripe, { json: input, schema: PaymentStepResponseSchema })),
    },
  });
}

export function provideCrypto(api: ApiClient, clipboard: Clipboard) {
  return paymentCryptoMachine.provide({
    actors: {
      loadCryptoRates: fromPromise(({ signal }) => api.get(PAYMENT_PATHS.cryptoRates, { signal, schema: CryptoRatesResponseSchema })),
      initiatePayment: initiate(api),
      processPayment: processPayment(api),
    },
    actions: { copyText: copyTextTo(clipboard, (what) => ({ type: 'crypto.copy.done', what })) },
  });
}

export function provideWire(api: ApiClient, clipboard: Clipboard) {
  return paymentWireMachine.provide({
    actors: {
      loadBankConfig: fromPromise(({ signal }) => api.get(PAYMENT_PATHS.bankConfig, { signal, schema: BankTransactionConfigResponseSchema })),
      initiatePayment: initiate(api),
      processPayment: processPayment(api),
    },
    actions: { copyText: copyTextTo(clipboard, (what) => ({ type: 'wire.copy.done', what })) },
  });
}

export function providePayment(api: ApiClient, clipboard: Clipboard = browserClipboard) {
  return paymentMachine.provide({
    actors: {
      loadPaymentStart: fromPromise<PaymentStart, void>(async ({ signal }) => {
        const [status, stripeConfig] = await Promise.all([
          api.get(PAYMENT_PATHS.status, { signal, schema: PaymentStatusResponseSchema }),
          api.get(PAYMENT_PATHS.stripeConfig, { signal, auth: false, schema: StripeConfigResponseSchema }),
        ]);
        return { status, stripeConfig };
      }),
      card: provideCard(api),
      crypto: provideCrypto(api, clipboard),
      wire: provideWire(api, clipboard),
    },
    actions: { copyText: copyTextTo(clipboard, (what) => ({ type: 'payment.copy.done', what })) },
  });
}
