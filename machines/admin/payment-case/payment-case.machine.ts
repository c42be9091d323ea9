/**
 * One payment in the back office (issue 15): loads it; then finance may record a receipt, refund it (a confirm step
 * first: 'Refund…' opens it, Cancel closes it, Confirm sends) or issue the investor's tokens. Each change runs once:
 * while it runs the chart takes no other change (a double click sends nothing more; the request carries the page's
 * requestId besides), then the payment is loaded again so the screen shows what the server recorded. A refused change
 * is shown in the server's words and nothing else changes. Which changes are offered is the server's answer
 * (`detail.actions`): the guards refuse the others. Effects provided by the page's effects module.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { adminFailureText } from './payment-case.rules.ts';
import type { IssueInput, LoadPaymentOutput, PaymentCaseContext, PaymentCaseEvent, PaymentCaseInput, ReceiptInput, RefundInput } from './payment-case.types.ts';

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
  context: ({ input }) => ({ paymentId: input.paymentId, detail: null, error: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
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
      on: { 'case.retry': { target: 'loading', actions: 'clearMessages' } },
    },
    shown: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'case.receipt': { guard: 'mayRecordReceipt', target: 'recording', actions: 'clearMessages' },
            'case.refund.ask': { guard: 'mayRefund', target: 'confirmingRefund', actions: 'clearMessages' },
            'case.issue': { guard: 'mayIssue', target: 'issuing', actions: 'clearMessages' },
          },
        },
        confirmingRefund: {
          on: {
            'case.refund.cancel': 'idle',
            'case.refund.confirm': 'refunding',
          },
        },
        recording: {
          tags: ['busy'],
          invoke: {
            id: 'recordReceipt',
            src: 'recordReceipt',
            input: ({ context, event }) => ({ paymentId: context.paymentId, input: (event as Extract<PaymentCaseEvent, { type: 'case.receipt' }>).input }),
            ...change(CASE_NOTICES.receipt),
          },
        },
        refunding: {
          tags: ['busy'],
          invoke: {
            id: 'refundPayment',
            src: 'refundPayment',
            input: ({ context, event }) => ({ paymentId: context.paymentId, input: (event as Extract<PaymentCaseEvent, { type: 'case.refund.confirm' }>).input }),
            ...change(CASE_NOTICES.refund),
          },
        },
        issuing: {
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
