/**
 * The card payment (spec sections 4 "Payment", 5 "Card form", 8 "Payment"), a child of the payment page's chart while
 * card is chosen. Two providers behind the same events:
 * - local-test (no keys): our own TEST MODE form; Pay (complete, not processing) creates the PaymentIntent on demand
 *   (initiate), then confirms it with the test PaymentMethod id the number stands for (the number never leaves the
 *   browser); a decline keeps the intent and the form editable, so another card pays the same intent; the
 *   authentication test card opens the 3-D Secure challenge (complete or fail).
 * - stripe (real keys): Stripe.js is loaded only now (its failure: 'Failed to initialize payment system' with a retry),
 *   the intent is created, the view mounts the Payment Element and reports its completeness, and confirmPayment runs.
 * A succeeded intent is then confirmed by the server (confirm-stripe), which re-reads it from the provider; if that
 * fails the money may be taken, so the method stays locked and the confirmation can be retried.
 * While a payment is under way the chart tells its parent (`payment.method.busy`), which then holds the choice still.
 * Effects (initiatePayment, confirmTestCard, authenticateTestCard, loadStripe, confirmElements, confirmStripe) are
 * provided by the app (effects/payment-effects.ts).
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { messages } from '../../src/shared/messages.ts';
import type { CardIntentStatus, InitiatePaymentResponse } from '../../src/shared/payment.ts';
import { failureWords, initiateAmounts } from '../payment-method/payment-method.rules.ts';
import type { PaymentChildParentEvent, StripeHandle } from '../payment-method/payment-method.types.ts';
import { EMPTY_CARD, fieldValue, firstFieldToFix, isCardComplete, testPaymentMethodOf } from './payment-card.rules.ts';
import type {
  AuthenticateTestCardInput,
  CardIntent,
  ConfirmElementsInput,
  ConfirmStripeInput,
  ConfirmTestCardInput,
  InitiateInput,
  InitiateOutput,
  LoadStripeInput,
  PaymentCardContext,
  PaymentCardEvent,
  PaymentCardInput,
  PaymentStepResponse,
} from './payment-card.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

const text = messages.payment;

/** What an intent's answer leads to, the same after confirming, authenticating or Stripe's confirmPayment. */
const intentOutcome = (editing: string, challenge: string | null) => [
  { guard: { type: 'isIntent' as const, params: ({ event }: { event: { output: CardIntent } }) => ({ intent: event.output, status: 'succeeded' as const }) }, target: '#paymentCard.settling' },
  ...(challenge
    ? [{ guard: { type: 'isIntent' as const, params: ({ event }: { event: { output: CardIntent } }) => ({ intent: event.output, status: 'requires_action' as const }) }, target: challenge }]
    : []),
  { target: editing, actions: { type: 'noteIntentRefused' as const, params: ({ event }: { event: { output: CardIntent } }) => ({ intent: event.output }) } },
];
const intentFailed = (editing: string) => ({ target: editing, actions: { type: 'noteCardFailed' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } });

export const paymentCardMachine = setup({
  types: {} as { context: PaymentCardContext; events: PaymentCardEvent; input: PaymentCardInput; output: PaymentStepResponse; tags: 'busy' | 'testMode' },
  actors: {
    initiatePayment: fromPromise<InitiateOutput, InitiateInput>(async () => {
      throw new Error('initiatePayment is provided by the app');
    }),
    confirmTestCard: fromPromise<CardIntent, ConfirmTestCardInput>(async () => {
      throw new Error('confirmTestCard is provided by the app');
    }),
    authenticateTestCard: fromPromise<CardIntent, AuthenticateTestCardInput>(async () => {
      throw new Error('authenticateTestCard is provided by the app');
    }),
    /** loadStripe from '@stripe/stripe-js/pure' (Stripe.js is fetched now, never before card is chosen). */
    loadStripe: fromPromise<StripeHandle, LoadStripeInput>(async () => {
      throw new Error('loadStripe is provided by the app');
    }),
    /** stripe.confirmPayment({ elements, redirect: 'if_required' }), answered as the intent it left. */
    confirmElements: fromPromise<CardIntent, ConfirmElementsInput>(async () => {
      throw new Error('confirmElements is provided by the app');
    }),
    confirmStripe: fromPromise<PaymentStepResponse, ConfirmStripeInput>(async () => {
      throw new Error('confirmStripe is provided by the app');
    }),
  },
  guards: {
    isLocalTest: ({ context }) => context.provider === 'local-test',
    isCardComplete: ({ context }) => isCardComplete(context.card, new Date(context.now)),
    hasIntent: ({ context }) => context.intent !== null,
    canPayWithElement: ({ context }) => context.elementComplete && context.elements !== null && context.stripe !== null,
    isIntent: (_, params: { intent: CardIntent; status: CardIntentStatus }) => params.intent.status === params.status,
    isCardAnswer: (_, params: { answer: InitiatePaymentResponse }) => params.answer.paymentMethod === 'CARD',
  },
  actions: {
    changeField: assign(({ context }, params: { field: keyof PaymentCardContext['card']; value: string }) => ({
      card: { ...context.card, [params.field]: fieldValue(params.field, params.value) },
      focus: null,
      error: null,
    })),
    noteIncomplete: assign(({ context }) => ({
      error: { message: text.cardIncomplete, detail: null },
      focus: firstFieldToFix(context.card, new Date(context.now)),
    })),
    clearError: assign({ error: null }),
    keepIntent: assign((_, params: { answer: InitiatePaymentResponse }) =>
      params.answer.paymentMethod === 'CARD'
        ? { intent: { paymentId: params.answer.paymentId, clientSecret: params.answer.stripe.clientSecret, paymentIntentId: params.answer.stripe.paymentIntentId } }
        : {},
    ),
    noteInitFailed: assign((_, params: { error: unknown }) => ({ error: failureWords(params.error, text.initFailed) })),
    noteInitSystemFailed: assign({ error: { message: text.initSystemFailed, detail: null } }),
    /** The provider's own message when it gives one (a decline), else the status in the spec's words. */
    noteIntentRefused: assign((_, params: { intent: CardIntent }) => ({
      error: params.intent.lastPaymentError
        ? { message: params.intent.lastPaymentError.message, detail: null }
        : { message: text.cardStatus(params.intent.status), detail: null },
    })),
    noteCardFailed: assign((_, params: { error: unknown }) => ({ error: failureWords(params.error, text.cardFailed) })),
    noteConfirmFailed: assign((_, params: { error: unknown }) => ({ error: failureWords(params.error, text.cardConfirmFailed) })),
    keepStripe: assign((_, params: { stripe: StripeHandle }) => ({ stripe: params.stripe })),
    keepElements: assign((_, params: { elements: PaymentCardContext['elements'] }) => ({ elements: params.elements })),
    keepElementComplete: assign((_, params: { complete: boolean }) => ({ elementComplete: params.complete, error: null })),
    keepResult: assign((_, params: { result: PaymentStepResponse }) => ({ result: params.result, error: null })),
    lockMethod: sendParent({ type: 'payment.method.busy', busy: true } satisfies PaymentChildParentEvent),
    unlockMethod: sendParent({ type: 'payment.method.busy', busy: false } satisfies PaymentChildParentEvent),
  },
}).createMachine({
  id: 'paymentCard',
  description: "The card payment: the local TEST MODE form or Stripe's Payment Element; the intent is confirmed by the provider, then by the server.",
  meta: {
    descriptions: {
      guards: {
        isLocalTest: 'The card provider is the local test provider (no Stripe keys).',
        isCardComplete: 'The card form is complete and valid (number, expiry, CVC, name).',
        hasIntent: 'A payment intent already exists (a declined card leaves it for the next card).',
        canPayWithElement: "Stripe's Payment Element is mounted and complete.",
        isIntent: 'The payment intent is in this status (succeeded, or requires 3-D Secure authentication).',
        isCardAnswer: 'The server answered with a card payment intent.',
      },
      actions: {
        changeField: 'Takes a card field typed.',
        noteIncomplete: "Says, in the spec's words, that the card details are incomplete; the first field to fix takes focus.",
        clearError: 'Clears the error shown.',
        keepIntent: 'Keeps the payment intent the server created.',
        noteInitFailed: "Says the payment could not be started (the server's words, else the spec's).",
        noteInitSystemFailed: "'Failed to initialize payment system': Stripe.js could not be loaded.",
        noteIntentRefused: "Shows why the card was not accepted: the provider's message (a decline), else the status in the spec's words.",
        noteCardFailed: "Says the card payment failed (the provider's or server's words, else the spec's).",
        noteConfirmFailed: 'Says the server could not confirm the payment yet; it can be retried.',
        keepStripe: 'Keeps Stripe.js, once loaded.',
        keepElements: "Keeps Stripe's mounted Payment Element.",
        keepElementComplete: 'Notes whether the Payment Element is complete.',
        keepResult: "Keeps the server's confirmation of the payment.",
        lockMethod: 'Tells the payment page a payment is under way: the method choice holds still.',
        unlockMethod: 'Tells the payment page the payment is no longer under way: another method may be chosen.',
      },
      actors: {
        initiatePayment: 'Creates the card payment and its payment intent on the server.',
        confirmTestCard: "Confirms the intent with the test card's PaymentMethod (the number never leaves the browser).",
        authenticateTestCard: "Completes or fails the test provider's 3-D Secure challenge, as the investor chose.",
        loadStripe: 'Loads Stripe.js (only now that card is chosen).',
        confirmElements: "Runs Stripe's confirmPayment with the Payment Element.",
        confirmStripe: 'Has the server confirm the payment; it re-reads the intent from the provider.',
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({
    provider: input.stripeConfig.provider,
    publishableKey: input.stripeConfig.publishableKey,
    amounts: input.amounts,
    now: input.now ?? new Date().toISOString(),
    card: EMPTY_CARD,
    focus: null,
    intent: null,
    stripe: null,
    elements: null,
    elementComplete: false,
    error: null,
    result: null,
  }),
  initial: 'starting',
  states: {
    /** Which provider's form: decided at the start (and again when a failed start is retried). */
    starting: { description: "Which provider's form: decided at the start (and again when a failed start is retried).", always: [{ guard: 'isLocalTest', target: 'local' }, { target: 'stripe' }] },
    /** Our own TEST MODE form and the local test provider. */
    local: {
      description: 'Our own TEST MODE form and the local test provider.',
      tags: ['testMode'],
      initial: 'editing',
      states: {
        editing: {
          description: 'The investor fills in the test card form; Pay checks it.',
          on: {
            'card.field.change': { actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'card.pay': [
              { guard: 'isCardComplete', target: 'processing' },
              { actions: 'noteIncomplete' },
            ],
          },
        },
        processing: {
          description: 'The payment is under way: the method choice holds still.',
          tags: ['busy'],
          entry: ['lockMethod', 'clearError'],
          exit: 'unlockMethod',
          initial: 'deciding',
          states: {
            /** The intent is created on demand, once: a declined card leaves it for the next card. */
            deciding: { description: 'The intent is created on demand, once: a declined card leaves it for the next card.', always: [{ guard: 'hasIntent', target: 'confirming' }, { target: 'initiating' }] },
            initiating: {
              description: 'Creating the payment intent on the server.',
              invoke: {
                id: 'initiatePayment',
                src: 'initiatePayment',
                input: ({ context }) => ({ paymentMethod: 'CARD' as const, ...initiateAmounts(context.amounts) }),
                onDone: [
                  {
                    guard: { type: 'isCardAnswer', params: ({ event }) => ({ answer: event.output }) },
                    target: 'confirming',
                    actions: { type: 'keepIntent', params: ({ event }) => ({ answer: event.output }) },
                  },
                  { target: '#paymentCard.local.editing', actions: { type: 'noteInitFailed', params: { error: null } } },
                ],
                onError: { target: '#paymentCard.local.editing', actions: { type: 'noteInitFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            confirming: {
              description: 'Confirming the intent with the test card.',
              invoke: {
                id: 'confirmTestCard',
                src: 'confirmTestCard',
                input: ({ context }) => ({
                  paymentIntentId: context.intent!.paymentIntentId,
                  clientSecret: context.intent!.clientSecret,
                  // isCardComplete holds: the number is a test card's.
                  paymentMethod: testPaymentMethodOf(context.card.number)!,
                }),
                onDone: intentOutcome('#paymentCard.local.editing', 'challenge'),
                onError: intentFailed('#paymentCard.local.editing'),
              },
            },
            /** The test provider's 3-D Secure challenge, labelled TEST MODE: the investor chooses the outcome. */
            challenge: {
              description: "The test provider's 3-D Secure challenge, labelled TEST MODE: the investor chooses the outcome.",
              on: { 'card.authenticate': { target: 'authenticating' } },
            },
            authenticating: {
              description: 'Completing the 3-D Secure challenge as chosen.',
              invoke: {
                id: 'authenticateTestCard',
                src: 'authenticateTestCard',
                input: ({ context, event }) => ({
                  paymentIntentId: context.intent!.paymentIntentId,
                  clientSecret: context.intent!.clientSecret,
                  outcome: (event as Extract<PaymentCardEvent, { type: 'card.authenticate' }>).outcome,
                }),
                onDone: intentOutcome('#paymentCard.local.editing', null),
                onError: intentFailed('#paymentCard.local.editing'),
              },
            },
          },
        },
      },
    },
    /** Real keys: Stripe.js, the Payment Element mounted by the view, confirmPayment. */
    stripe: {
      description: 'Real keys: Stripe.js, the Payment Element mounted by the view, confirmPayment.',
      initial: 'loadingScript',
      states: {
        loadingScript: {
          description: 'Loading Stripe.js.',
          invoke: {
            id: 'loadStripe',
            src: 'loadStripe',
            input: ({ context }) => ({ publishableKey: context.publishableKey ?? '' }),
            onDone: { target: 'initiating', actions: { type: 'keepStripe', params: ({ event }) => ({ stripe: event.output }) } },
            onError: { target: 'scriptFailed', actions: 'noteInitSystemFailed' },
          },
        },
        // A retry starts the card over (which decides its provider again: the same one).
        scriptFailed: { description: "'Failed to initialize payment system' with a retry.", on: { 'card.retry': { target: '#paymentCard.starting', actions: 'clearError' } } },
        initiating: {
          description: 'Creating the payment intent on the server.',
          invoke: {
            id: 'initiatePayment',
            src: 'initiatePayment',
            input: ({ context }) => ({ paymentMethod: 'CARD' as const, ...initiateAmounts(context.amounts) }),
            onDone: [
              {
                guard: { type: 'isCardAnswer', params: ({ event }) => ({ answer: event.output }) },
                target: 'editing',
                actions: { type: 'keepIntent', params: ({ event }) => ({ answer: event.output }) },
              },
              { target: 'initFailed', actions: { type: 'noteInitFailed', params: { error: null } } },
            ],
            onError: { target: 'initFailed', actions: { type: 'noteInitFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        initFailed: { description: 'The payment could not be started: the failure is shown with a retry.', on: { 'card.retry': { target: 'initiating', actions: 'clearError' } } },
        editing: {
          description: 'The investor fills in the Payment Element; Pay confirms it once complete.',
          on: {
            'card.element.ready': { actions: { type: 'keepElements', params: ({ event }) => ({ elements: event.elements }) } },
            'card.element.change': { actions: { type: 'keepElementComplete', params: ({ event }) => ({ complete: event.complete }) } },
            'card.pay': [
              { guard: 'canPayWithElement', target: 'confirming' },
              { actions: assign({ error: { message: text.cardIncomplete, detail: null } }) },
            ],
          },
        },
        confirming: {
          description: "Stripe's confirmPayment is running: the method choice holds still.",
          tags: ['busy'],
          entry: ['lockMethod', 'clearError'],
          exit: 'unlockMethod',
          invoke: {
            id: 'confirmElements',
            src: 'confirmElements',
            input: ({ context }) => ({ stripe: context.stripe!, elements: context.elements! }),
            onDone: intentOutcome('#paymentCard.stripe.editing', null),
            onError: intentFailed('#paymentCard.stripe.editing'),
          },
        },
      },
    },
    /** The provider says succeeded: the server confirms it (it re-reads the intent itself). Money is taken: locked. */
    settling: {
      description: 'The provider says succeeded: the server confirms it. Money is taken: the method stays locked.',
      tags: ['busy'],
      entry: 'lockMethod',
      initial: 'notifying',
      states: {
        notifying: {
          description: 'Having the server confirm the payment.',
          entry: 'clearError',
          invoke: {
            id: 'confirmStripe',
            src: 'confirmStripe',
            input: ({ context }) => ({ paymentIntentId: context.intent!.paymentIntentId }),
            onDone: { target: '#paymentCard.done', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
            onError: { target: 'confirmFailed', actions: { type: 'noteConfirmFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirmFailed: { description: 'The server could not confirm the payment yet: the investor may retry (the method stays locked).', on: { 'card.confirm.retry': 'notifying' } },
      },
    },
    done: { description: 'The server confirmed the card payment.', type: 'final' },
  },
  output: ({ context }) => context.result!,
});

export type PaymentCardActorRef = ActorRefFrom<typeof paymentCardMachine>;
