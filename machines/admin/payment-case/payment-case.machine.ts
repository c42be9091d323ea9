/**
 * One payment in the back office (issue 15): loads it; then finance may record a receipt, refund it (a confirm step
 * first: 'Refund…' opens it, Cancel closes it, Confirm sends) or issue the investor's tokens. Each change runs once:
 * while it runs the chart takes no other change (a double click sends nothing more; the request carries the page's
 * requestId besides), then the payment is loaded again so the screen shows what the server recorded. A refused change
 * is shown in the server's words and nothing else changes. Which changes are offered is the server's answer
 * (`detail.actions`): the guards refuse the others. Effects provided by the page's effects module.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { adminFailureText } from '../admin-failure.ts';
import type { IssueInput, LoadPaymentOutput, PaymentCaseContext, PaymentCaseEvent, PaymentCaseInput, ReceiptInput, RefundInput } from './payment-case.types.ts';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';

export const CASE_NOTICES = {
  receipt: 'Receipt recorded.',
  refund: 'Payment refunded.',
  issue: 'Token issuance recorded.',
} as const;

const change = (notice: string) => ({
  onDone: { target: 'reloading', actions: { type: 'noteDone' as const, params: { notice } } },
  onError: { target: 'idle', actions: { type: 'noteFailed' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
});

export const paymentCaseMachine = setup({
  types: {} as { context: PaymentCaseContext; events: PaymentCaseEvent; input: PaymentCaseInput; tags: 'loading' | 'busy' },
  actors: {
    loadPayment: fromPromise<LoadPaymentOutput, { paymentId: string }>(async () => {
      throw new Error('loadPayment is provided by the page');
    }),
    recordReceipt: fromPromise<unknown, { paymentId: string; input: ReceiptInput }>(async () => {
      throw new Error('recordReceipt is provided by the page');
    }),
    refundPayment: fromPromise<unknown, { paymentId: string; input: RefundInput }>(async () => {
      throw new Error('refundPayment is provided by the page');
    }),
    issueTokens: fromPromise<unknown, { userId: string; input: IssueInput }>(async () => {
      throw new Error('issueTokens is provided by the page');
    }),
  },
  guards: {
    mayRecordReceipt: ({ context }) => context.detail?.actions.recordReceipt === true,
    mayRefund: ({ context }) => context.detail?.actions.refund === true,
    mayIssue: ({ context }) => context.detail?.actions.issue === true,
  },
  actions: {
    keepDetail: assign((_, params: { detail: LoadPaymentOutput }) => ({ detail: params.detail })),
    noteFailed: assign((_, params: { error: unknown }) => ({ error: adminFailureText(params.error), notice: null })),
    noteDone: assign((_, params: { notice: string }) => ({ notice: params.notice, error: null })),
    clearMessages: assign({ error: null, notice: null }),
  },
}).createMachine({
  id: 'paymentCase',
  description: 'One payment in the back-office: finance records a receipt, refunds it (after a confirm step) or issues the tokens, one change at a time.',
  meta: {
    descriptions: {
      guards: {
        mayRecordReceipt: 'The server offers recording a receipt for this payment.',
        mayRefund: 'The server offers refunding this payment.',
        mayIssue: "The server offers issuing the investor's tokens for this payment.",
      },
      actions: {
        keepDetail: 'Shows the payment as the server has it, with the changes it offers.',
        noteFailed: "Shows the refusal or failure in the server's words.",
        noteDone: 'Confirms the change that was recorded (receipt, refund or issuance).',
        clearMessages: 'Clears the error and the notice shown.',
      },
      actors: {
        loadPayment: 'Fetches the payment with its history and the changes the server offers.',
        recordReceipt: 'Records that the money of the payment was received.',
        refundPayment: 'Refunds the payment to the investor.',
        issueTokens: "Records the issuance of the investor's tokens.",
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({ paymentId: input.paymentId, detail: null, error: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the payment.',
      tags: ['loading'],
      invoke: {
        id: 'loadPayment',
        src: 'loadPayment',
        input: ({ context }) => ({ paymentId: context.paymentId }),
        onDone: { target: 'shown', actions: { type: 'keepDetail', params: ({ event }) => ({ detail: event.output }) } },
        onError: { target: 'failed', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The payment could not be loaded: the failure is shown with Try again.',
      on: { 'case.retry': { target: 'loading', actions: 'clearMessages' } },
    },
    shown: {
      description: 'The payment is on screen with the changes the server offers.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Finance may record a receipt, refund or issue tokens; one change at a time.',
          on: {
            'case.receipt': { guard: 'mayRecordReceipt', target: 'recording', actions: 'clearMessages' },
            'case.refund.ask': { guard: 'mayRefund', target: 'confirmingRefund', actions: 'clearMessages' },
            'case.issue': { guard: 'mayIssue', target: 'issuing', actions: 'clearMessages' },
          },
        },
        confirmingRefund: {
          description: 'The refund confirm step is open: Confirm sends it, Cancel closes it.',
          on: {
            'case.refund.cancel': 'idle',
            'case.refund.confirm': 'refunding',
          },
        },
        recording: {
          description: 'Recording the receipt; no other change is taken meanwhile.',
          tags: ['busy'],
          invoke: {
            id: 'recordReceipt',
            src: 'recordReceipt',
            input: ({ context, event }) => ({ paymentId: context.paymentId, input: (event as Extract<PaymentCaseEvent, { type: 'case.receipt' }>).input }),
            ...change(CASE_NOTICES.receipt),
          },
        },
        refunding: {
          description: 'Refunding the payment; no other change is taken meanwhile.',
          tags: ['busy'],
          invoke: {
            id: 'refundPayment',
            src: 'refundPayment',
            input: ({ context, event }) => ({ paymentId: context.paymentId, input: (event as Extract<PaymentCaseEvent, { type: 'case.refund.confirm' }>).input }),
            ...change(CASE_NOTICES.refund),
          },
        },
        issuing: {
          description: 'Recording the token issuance; no other change is taken meanwhile.',
          tags: ['busy'],
          invoke: {
            id: 'issueTokens',
            src: 'issueTokens',
            input: ({ context, event }) => ({ userId: context.detail!.payment.userId, input: (event as Extract<PaymentCaseEvent, { type: 'case.issue' }>).input }),
            ...change(CASE_NOTICES.issue),
          },
        },
        /** After a change: the payment as the server now has it. A failed reload keeps the last view and says so. */
        reloading: {
          description: 'After a change: the payment as the server now has it; a failed reload keeps the last view and says so.',
          tags: ['busy'],
          invoke: {
            id: 'loadPayment',
            src: 'loadPayment',
            input: ({ context }) => ({ paymentId: context.paymentId }),
            onDone: { target: 'idle', actions: { type: 'keepDetail', params: ({ event }) => ({ detail: event.output }) } },
            onError: { target: 'idle', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type PaymentCaseActorRef = ActorRefFrom<typeof paymentCaseMachine>;
