/**
 * The payment page (spec sections 2 "Payment page", 4 "Payment", 8, 9), run by the process chart while the page shows.
 * It loads where the payment stands (GET /api/payment/status) and the card provider (GET /api/payment/stripe-config).
 * The server may answer that card is not offered (NODE_ENV=production without Stripe keys): the page then offers
 * crypto and wire only and says why card is not there; choosing card does nothing (`isCardOffered`).
 * A payment step already done shows the read-only summary ('Payment Successful', or recorded and awaiting funds for
 * crypto and wire) with its copyable reference. Otherwise the transaction summary, the three methods and the prompt to
 * choose: choosing a method starts its chart (machines/payment-card, -crypto, -wire) and another choice stops it,
 * unless the method is mid-payment (it says so: `payment.method.busy`). When a method's chart finishes (the server
 * confirmed the payment) the page says so for 3 s (card) or 2 s (crypto, wire) and finishes: the process marks the
 * step complete and moves on to the complete page. Without a session: 'Authentication Required'.
 * Effects (loadPaymentStart, the three method charts with theirs, copyText) are provided by the app.
 */
import { and, assign, cancel, fromPromise, not, raise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { isCardOffered, paymentAmounts, type ChoosableMethod, type OfferedCardConfig, type PaymentStepResponse } from '../../src/shared/payment.ts';
import { paymentCardMachine } from '../payment-card/payment-card.machine.ts';
import { paymentCryptoMachine } from '../payment-crypto/payment-crypto.machine.ts';
import { paymentWireMachine } from '../payment-wire/payment-wire.machine.ts';
import { CARD_REDIRECT_MS, COPY_CONFIRMATION_MS, METHOD_REDIRECT_MS } from '../payment-method/payment-method.rules.ts';
import { isAuthError, isPaymentStepComplete } from './payment.rules.ts';
import type { PaymentContext, PaymentEvent, PaymentOutput, PaymentParentEvent, PaymentStart } from './payment.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

export const COMPLETE_PATH = '/process/complete';

/** The card provider the card chart runs on; only reached when `isCardOffered` let the choice through. */
function offeredCardConfig(context: PaymentContext): OfferedCardConfig {
  if (!context.stripeConfig || !isCardOffered(context.stripeConfig)) throw new Error('payment: the card chart started while card is not offered');
  return context.stripeConfig;
}

const amountsFor = (context: PaymentContext, method: ChoosableMethod) => paymentAmounts(context.status!.investment.amount, method);

/** A method's state: its chart runs while it is chosen; its end (the server confirmed) is the page's confirmation. */
const methodState = <M extends ChoosableMethod, S extends 'card' | 'crypto' | 'wire', I>(method: M, src: S, input: (context: PaymentContext) => I) => ({
  entry: { type: 'chooseMethod' as const, params: { method } },
  invoke: {
    id: src,
    src,
    input: ({ context }: { context: PaymentContext }) => input(context),
    onDone: { target: '#payment.confirmed', actions: { type: 'keepResult' as const, params: ({ event }: { event: { output: PaymentStepResponse } }) => ({ result: event.output }) } },
  },
});

export const paymentMachine = setup({
  types: {} as { context: PaymentContext; events: PaymentEvent; output: PaymentOutput; tags: 'loading' | 'readOnly' | 'confirmed' },
  actors: {
    /** GET /api/payment/status and GET /api/payment/stripe-config, together. */
    loadPaymentStart: fromPromise<PaymentStart, void>(async () => {
      throw new Error('loadPaymentStart is provided by the app');
    }),
    card: paymentCardMachine,
    crypto: paymentCryptoMachine,
    wire: paymentWireMachine,
  },
  guards: {
    isStepComplete: (_, params: { start: PaymentStart }) => isPaymentStepComplete(params.start.status),
    isAuthMissing: (_, params: { error: unknown }) => isAuthError(params.error),
    /** The event chooses `to`, which is not the method shown, and the method shown is not mid-payment. */
    canSwitchTo: ({ context, event }, params: { to: ChoosableMethod }) =>
      event.type === 'payment.method.choose' && event.method === params.to && context.method !== params.to && !context.locked,
    /** The server offers card payments (Stripe, or the local test provider outside production). */
    isCardOffered: ({ context }) => context.stripeConfig !== null && isCardOffered(context.stripeConfig),
    isCardResult: ({ context }) => context.method === 'CARD',
    hasReference: ({ context }) => !!(context.status?.latestPayment?.paymentRef ?? context.status?.latestPayment?.transactionId),
  },
  actions: {
    keepStart: assign((_, params: { start: PaymentStart }) => ({ status: params.start.status, stripeConfig: params.start.stripeConfig })),
    chooseMethod: assign((_, params: { method: ChoosableMethod }) => ({ method: params.method, locked: false })),
    clearMethod: assign({ method: null, locked: false }),
    keepBusy: assign((_, params: { busy: boolean }) => ({ locked: params.busy })),
    keepResult: assign((_, params: { result: PaymentStepResponse }) => ({ result: params.result, locked: true })),
    /** The app's clipboard (effects): once it has the text it sends `payment.copy.done`. */
    copyText: (_, _params: { text: string; what: string }) => {},
    noteCopied: assign({ copied: true }),
    clearCopied: assign({ copied: false }),
    expireCopyLater: raise({ type: 'payment.copy.expired' } as const, { delay: 'COPY_CONFIRMATION', id: 'copyExpiry' }),
    cancelCopyExpiry: cancel('copyExpiry'),
    goToComplete: sendParent({ type: 'process.route.request', path: COMPLETE_PATH } satisfies PaymentParentEvent),
  },
  delays: { CARD_REDIRECT: CARD_REDIRECT_MS, METHOD_REDIRECT: METHOD_REDIRECT_MS, COPY_CONFIRMATION: COPY_CONFIRMATION_MS },
}).createMachine({
  id: 'payment',
  description: 'The payment page: the read-only summary of a payment step already done, or the transaction summary and the three methods (card, crypto, wire).',
  meta: {
    descriptions: {
      guards: {
        isStepComplete: 'The payment step is already done: the page is the read-only summary.',
        isAuthMissing: 'The server does not know the investor (401): they must sign in.',
        canSwitchTo: 'The investor chose another method than the one shown, and the one shown is not mid-payment.',
        isCardOffered:
          'The server offers card payments (Stripe, or the local test provider outside production). Not offered (production without Stripe keys): the card method is not shown, choosing it does nothing, and the page says why.',
        isCardResult: 'The payment was made by card.',
        hasReference: 'The payment has a reference (or transaction id) to copy.',
      },
      actions: {
        keepStart: 'Takes where the payment stands and the card provider to use.',
        chooseMethod: 'Shows the method chosen.',
        clearMethod: 'No method is chosen.',
        keepBusy: 'Holds the method choice still while the chosen method is mid-payment (or frees it).',
        keepResult: "Keeps the server's confirmation of the payment; the method choice is locked.",
        copyText: 'Copies the payment reference to the clipboard.',
        noteCopied: "Shows 'Copied' beside the reference.",
        clearCopied: "Hides 'Copied' again.",
        expireCopyLater: "Hides 'Copied' after 2 s.",
        cancelCopyExpiry: "Cancels the pending hiding of 'Copied' (it was copied again).",
        goToComplete: 'Sends the investor to the complete page.',
      },
      actors: {
        loadPaymentStart: 'Fetches where the payment stands and the card provider (GET /api/payment/status and /api/payment/stripe-config).',
        card: 'The card payment (machines/payment-card).',
        crypto: 'The crypto payment (machines/payment-crypto).',
        wire: 'The wire transfer (machines/payment-wire).',
      },
      delays: {
        CARD_REDIRECT: 'How long the card success message shows before moving on (3 s).',
        METHOD_REDIRECT: 'How long the crypto or wire success message shows before moving on (2 s).',
        COPY_CONFIRMATION: "How long 'Copied' shows after the reference was copied (2 s).",
      },
    },
  } satisfies MachineMeta,
  context: { status: null, stripeConfig: null, method: null, locked: false, result: null, copied: false },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching where the payment stands and the card provider.',
      tags: ['loading'],
      invoke: {
        id: 'loadPaymentStart',
        src: 'loadPaymentStart',
        onDone: [
          { guard: { type: 'isStepComplete', params: ({ event }) => ({ start: event.output }) }, target: 'summary', actions: { type: 'keepStart', params: ({ event }) => ({ start: event.output }) } },
          { target: 'paying', actions: { type: 'keepStart', params: ({ event }) => ({ start: event.output }) } },
        ],
        onError: [{ guard: { type: 'isAuthMissing', params: ({ event }) => ({ error: event.error }) }, target: 'authRequired' }, { target: 'failed' }],
      },
    },
    /** 'Failed to initialize payment. Please try again.' with a retry. */
    failed: { description: "'Failed to initialize payment. Please try again.' with a retry.", on: { 'payment.retry': 'loading' } },
    /** 'Authentication Required' with 'Go to Login'. */
    authRequired: { description: "'Authentication Required' with 'Go to Login'." },
    /** The payment step is done: the read-only summary. */
    summary: {
      description: "The payment step is done: the read-only summary ('Payment Successful', or recorded and awaiting funds) with its copyable reference.",
      tags: ['readOnly'],
      on: {
        'payment.reference.copy': {
          guard: 'hasReference',
          actions: { type: 'copyText', params: ({ context }) => ({ text: context.status?.latestPayment?.paymentRef ?? context.status?.latestPayment?.transactionId ?? '', what: 'reference' }) },
        },
        'payment.copy.done': { actions: ['cancelCopyExpiry', 'noteCopied', 'expireCopyLater'] },
        'payment.copy.expired': { actions: 'clearCopied' },
        'payment.goToComplete': { actions: 'goToComplete' },
      },
    },
    paying: {
      description: 'The transaction summary and the methods on offer (card, crypto, wire; card only when the server offers it); the investor pays with one.',
      initial: 'choosing',
      on: {
        // Another method stops the one chosen (its chart and its calls), unless that one is mid-payment.
        'payment.method.choose': [
          // Card only when the server offers it: otherwise the choice is ignored (the page does not show card).
          { guard: and([{ type: 'canSwitchTo', params: { to: 'CARD' as const } }, 'isCardOffered']), target: '.card' },
          { guard: { type: 'canSwitchTo', params: { to: 'CRYPTO' as const } }, target: '.crypto' },
          { guard: { type: 'canSwitchTo', params: { to: 'WIRE' as const } }, target: '.wire' },
        ],
        'payment.method.busy': { actions: { type: 'keepBusy', params: ({ event }) => ({ busy: event.busy }) } },
      },
      states: {
        /** The transaction summary, the methods on offer and the prompt to choose. */
        choosing: {
          description: 'The transaction summary, the methods on offer and the prompt to choose (without card, and the sentence why, when the server does not offer it).',
          entry: 'clearMethod',
        },
        // Only the card chart needs the card provider.
        card: { description: 'The investor pays by card.', ...methodState('CARD', 'card', (c) => ({ amounts: amountsFor(c, 'CARD'), stripeConfig: offeredCardConfig(c) })) },
        crypto: { description: 'The investor pays in crypto.', ...methodState('CRYPTO', 'crypto', (c) => ({ amounts: amountsFor(c, 'CRYPTO') })) },
        wire: { description: 'The investor pays by wire transfer.', ...methodState('WIRE', 'wire', (c) => ({ amounts: amountsFor(c, 'WIRE') })) },
      },
    },
    /** The server confirmed: the success message for 3 s (card) or 2 s (crypto, wire), then on to complete. */
    confirmed: {
      description: 'The server confirmed: the success message for 3 s (card) or 2 s (crypto, wire), then on to complete.',
      tags: ['confirmed'],
      after: {
        CARD_REDIRECT: { guard: 'isCardResult', target: 'done' },
        METHOD_REDIRECT: { guard: not('isCardResult'), target: 'done' },
      },
    },
    done: { description: 'The payment step is done: the process moves on to the complete page.', type: 'final' },
  },
  output: ({ context }) => ({ completed: true, paymentMethod: context.method!, paymentStatus: context.result!.paymentStatus }),
});

/** A running payment chart, as views and the process chart hold it. */
export type PaymentActorRef = ActorRefFrom<typeof paymentMachine>;
