/**
 * The wire transfer (spec sections 2 "Payment page", 3 "Bank details response", 4 "Payment", 8 "Bank QR", 9), a child
 * of the payment page's chart while wire is chosen. The bank details load (GET /api/payment/bank-transaction-config):
 * bank, account name, IBAN, SWIFT/BIC and reference, each copyable (2 s confirmation), the amount, the EPC QR or its
 * fallback ('QR not available', 'Image display failed'), '1-3 business days'; a failed load says 'Failed to load:
 * {message}' with a retry. 'I have sent the transfer' initiates the wire payment with the reference shown, pauses 1 s
 * (simulated verification) and asks the server to record it (process, the reference as the transaction id).
 * Effects: loadBankConfig, initiatePayment, processPayment, copyText (the app's clipboard).
 */
import { assign, cancel, fromPromise, raise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { messages } from '../../src/shared/messages.ts';
import type { InitiatePaymentResponse } from '../../src/shared/payment.ts';
import { COPY_CONFIRMATION_MS, WIRE_VERIFICATION_MS, failureWords, initiateAmounts, METHOD_ACTION_DESCRIPTIONS } from '../payment-method/payment-method.rules.ts';
import type { PaymentChildParentEvent } from '../payment-method/payment-method.types.ts';
import type {
  BankDetailField,
  BankTransactionConfigResponse,
  InitiateInput,
  InitiateOutput,
  PaymentStepResponse,
  PaymentWireContext,
  PaymentWireEvent,
  PaymentWireInput,
  ProcessInput,
} from './payment-wire.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

const text = messages.payment;

export const paymentWireMachine = setup({
  types: {} as { context: PaymentWireContext; events: PaymentWireEvent; input: PaymentWireInput; output: PaymentStepResponse; tags: 'busy' | 'loading' },
  actors: {
    loadBankConfig: fromPromise<BankTransactionConfigResponse, void>(async () => {
      throw new Error('loadBankConfig is provided by the app');
    }),
    initiatePayment: fromPromise<InitiateOutput, InitiateInput>(async () => {
      throw new Error('initiatePayment is provided by the app');
    }),
    processPayment: fromPromise<PaymentStepResponse, ProcessInput>(async () => {
      throw new Error('processPayment is provided by the app');
    }),
  },
  guards: {
    isWireAnswer: (_, params: { answer: InitiatePaymentResponse }) => params.answer.paymentMethod === 'WIRE',
  },
  actions: {
    keepConfig: assign((_, params: { config: BankTransactionConfigResponse }) => ({ config: params.config, loadProblem: null, qrDisplayFailed: false })),
    noteLoadFailed: assign((_, params: { error: unknown }) => ({
      loadProblem: text.qrLoadFailed(params.error instanceof Error && params.error.message ? params.error.message : messages.general.network),
    })),
    noteQrFailed: assign({ qrDisplayFailed: true }),
    keepPayment: assign((_, params: { answer: InitiatePaymentResponse }) => ({ paymentId: params.answer.paymentId })),
    noteConfirmFailed: assign((_, params: { error: unknown }) => ({ error: failureWords(params.error, text.wireConfirmFailed) })),
    clearError: assign({ error: null }),
    keepResult: assign((_, params: { result: PaymentStepResponse }) => ({ result: params.result })),
    /** The app's clipboard (effects): once it has the text it sends `wire.copy.done`. */
    copyText: (_, _params: { text: string; what: BankDetailField }) => {},
    noteCopied: assign((_, params: { field: BankDetailField }) => ({ copied: params.field })),
    clearCopied: assign({ copied: null }),
    expireCopyLater: raise({ type: 'wire.copy.expired' } as const, { delay: 'COPY_CONFIRMATION', id: 'copyExpiry' }),
    cancelCopyExpiry: cancel('copyExpiry'),
    lockMethod: sendParent({ type: 'payment.method.busy', busy: true } satisfies PaymentChildParentEvent),
    unlockMethod: sendParent({ type: 'payment.method.busy', busy: false } satisfies PaymentChildParentEvent),
  },
  delays: { WIRE_VERIFICATION: WIRE_VERIFICATION_MS, COPY_CONFIRMATION: COPY_CONFIRMATION_MS },
}).createMachine({
  id: 'paymentWire',
  description: "The wire transfer: the issuer's bank details, each copyable, with the amount and QR code; 'I have sent the transfer' has the server record it.",
  meta: {
    descriptions: {
      guards: {
        isWireAnswer: 'The server answered with a wire payment.',
      },
      actions: {
        keepConfig: 'Shows the bank details, the amount and the QR code.',
        noteLoadFailed: "'Failed to load: {message}'.",
        noteQrFailed: "The QR image could not be shown: 'Image display failed'.",
        keepPayment: 'Keeps the wire payment the server created.',
        noteConfirmFailed: "Says the transfer could not be recorded (the server's words, else the spec's).",
        ...METHOD_ACTION_DESCRIPTIONS,
      },
      actors: {
        loadBankConfig: "Fetches the issuer's bank details and QR code (GET /api/payment/bank-transaction-config).",
        initiatePayment: 'Creates the wire payment on the server with the reference shown.',
        processPayment: 'Asks the server to record the transfer, the reference as the transaction id.',
      },
      delays: {
        WIRE_VERIFICATION: 'The simulated verification of 1 s before the server is asked.',
        COPY_CONFIRMATION: "How long 'Copied' shows (2 s).",
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({ amounts: input.amounts, config: null, loadProblem: null, qrDisplayFailed: false, paymentId: null, error: null, copied: null, result: null }),
  initial: 'loading',
  on: { 'wire.copy.expired': { actions: 'clearCopied' } },
  states: {
    loading: {
      description: 'Fetching the bank details.',
      tags: ['loading'],
      invoke: {
        id: 'loadBankConfig',
        src: 'loadBankConfig',
        onDone: { target: 'ready', actions: { type: 'keepConfig', params: ({ event }) => ({ config: event.output }) } },
        onError: { target: 'failed', actions: { type: 'noteLoadFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { description: "'Failed to load: {message}' with a retry.", on: { 'wire.retry': 'loading' } },
    ready: {
      description: 'The bank details, the amount and the QR code are shown, each detail copyable.',
      initial: 'idle',
      on: {
        'wire.copy': { actions: { type: 'copyText', params: ({ context, event }) => ({ text: context.config!.bankDetails[event.field], what: event.field }) } },
        'wire.copy.done': { actions: ['cancelCopyExpiry', { type: 'noteCopied', params: ({ event }) => ({ field: event.what }) }, 'expireCopyLater'] },
        'wire.qr.failed': { actions: 'noteQrFailed' },
      },
      states: {
        idle: { description: "Waiting for 'I have sent the transfer'.", on: { 'wire.confirm': 'initiating' } },
        initiating: {
          description: 'Creating the wire payment with the reference shown.',
          tags: ['busy'],
          entry: ['lockMethod', 'clearError'],
          exit: 'unlockMethod',
          invoke: {
            id: 'initiatePayment',
            src: 'initiatePayment',
            input: ({ context }) => ({ paymentMethod: 'WIRE' as const, ...initiateAmounts(context.amounts), wireReference: context.config!.bankDetails.reference }),
            onDone: [
              { guard: { type: 'isWireAnswer', params: ({ event }) => ({ answer: event.output }) }, target: 'verifying', actions: { type: 'keepPayment', params: ({ event }) => ({ answer: event.output }) } },
              { target: 'idle', actions: { type: 'noteConfirmFailed', params: { error: null } } },
            ],
            onError: { target: 'idle', actions: { type: 'noteConfirmFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** Spec section 9: a simulated verification of 1 s before the server is asked. */
        verifying: {
          description: 'A simulated verification of 1 s before the server is asked.',
          tags: ['busy'],
          entry: 'lockMethod',
          exit: 'unlockMethod',
          after: { WIRE_VERIFICATION: 'processing' },
        },
        processing: {
          description: 'The server records the transfer.',
          tags: ['busy'],
          entry: 'lockMethod',
          exit: 'unlockMethod',
          invoke: {
            id: 'processPayment',
            src: 'processPayment',
            input: ({ context }) => ({ paymentMethod: 'WIRE' as const, paymentId: context.paymentId!, transactionId: context.config!.bankDetails.reference }),
            onDone: { target: '#paymentWire.done', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
            onError: { target: 'idle', actions: { type: 'noteConfirmFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    done: { description: 'The server recorded the wire transfer.', type: 'final' },
  },
  output: ({ context }) => context.result!,
});

export type PaymentWireActorRef = ActorRefFrom<typeof paymentWireMachine>;
