/**
 * One payment in the back office (issue 15): loads it; then finance may record a receipt, refund it (a confirm step
 * first: 'Refund…' opens it, Cancel closes it, Confirm sends) or issue the investor's tokens. The forms' drafts live
 * here (issue 29): a submit checks its form with the server's request schema (every invalid field shown, focus on the
 * first) and sends nothing until it passes. Each change runs once: while it runs the chart takes no other change and
 * no edit (a double click sends nothing more), and its request id is made when it is first sent and kept until it is
 * recorded or its form is edited, so sending it again after a failure is the same request to the server. Then the
 * payment is loaded again so the screen shows what the server recorded. A refused change is shown in the server's
 * words and nothing else changes. Which changes are offered is the server's answer (`detail.actions`): the guards
 * refuse the others. The chart reads no clock and makes no random id: the page gives it today and a seed.
 * Effects provided by the page's effects module.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { issueBody, receiptBody, refundBody } from '../../../src/shared/admin/money.ts';
import { focusOn } from '../../../src/shared/validate.ts';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';
import { adminFailureText } from '../admin-failure.ts';
import { formIssues, isCard, otherForms, requestIdFor } from './payment-case.rules.ts';
import type { CaseForm, IssueInput, LoadPaymentOutput, PaymentCaseContext, PaymentCaseEvent, PaymentCaseInput, ReceiptInput, RefundInput } from './payment-case.types.ts';

export const CASE_NOTICES = {
  receipt: 'Receipt recorded.',
  refund: 'Payment refunded.',
  issue: 'Token issuance recorded.',
} as const;

const EMPTY_REFUND = { reason: '', outgoingReference: '' };

const change = (form: CaseForm) => ({
  onDone: { target: 'reloading', actions: { type: 'noteDone' as const, params: { form } } },
  onError: { target: 'idle', actions: { type: 'noteFailed' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
});

/** The drafts may change while nothing is being sent. */
const edits = {
  'case.receipt.edit': { actions: 'editReceipt' },
  'case.refund.edit': { actions: 'editRefund' },
  'case.issue.edit': { actions: 'editIssue' },
} as const;

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
    isReceiptReady: ({ context }) => context.detail?.actions.recordReceipt === true && isValid(context, 'receipt'),
    isRefundReady: ({ context }) => isValid(context, 'refund'),
    isIssueReady: ({ context }) => context.detail?.actions.issue === true && isValid(context, 'issue'),
  },
  actions: {
    keepDetail: assign((_, params: { detail: LoadPaymentOutput }) => ({ detail: params.detail })),
    noteFailed: assign((_, params: { error: unknown }) => ({ error: adminFailureText(params.error), notice: null })),
    noteDone: assign(({ context }, params: { form: CaseForm }) => ({
      notice: CASE_NOTICES[params.form],
      error: null,
      requestId: null,
      requestFor: null,
      // A change recorded: its form empties, so the same reference is not sent twice by mistake (the date stays).
      ...(params.form === 'receipt' ? { receipt: { ...context.receipt, amount: '', reference: '' } } : params.form === 'refund' ? { refund: EMPTY_REFUND } : { issue: { transactionHash: '' } }),
    })),
    clearMessages: assign({ error: null, notice: null }),
    editReceipt: assign(({ context, event }) => (event.type === 'case.receipt.edit' ? edited(context, 'receipt', event.field, { receipt: { ...context.receipt, [event.field]: event.value } }) : {})),
    editRefund: assign(({ context, event }) => (event.type === 'case.refund.edit' ? edited(context, 'refund', event.field, { refund: { ...context.refund, [event.field]: event.value } }) : {})),
    editIssue: assign(({ context, event }) => (event.type === 'case.issue.edit' ? edited(context, 'issue', event.field, { issue: { ...context.issue, [event.field]: event.value } }) : {})),
    noteFormIssues: assign(({ context }, params: { form: CaseForm }) => {
      const issues = formIssues(context, params.form);
      const first = Object.keys(issues)[0];
      return { issues: { ...otherForms(context.issues, params.form), ...issues }, focus: first ? focusOn(context.focus, first) : context.focus, error: null, notice: null };
    }),
    forgetRefundIssues: assign(({ context }) => ({ issues: otherForms(context.issues, 'refund') })),
    ensureRequestId: assign(({ context }, params: { form: CaseForm }) =>
      context.requestId !== null && context.requestFor === params.form
        ? { issues: otherForms(context.issues, params.form), error: null, notice: null }
        : { requestId: requestIdFor(context.requestSeed, context.made + 1), requestFor: params.form, made: context.made + 1, issues: otherForms(context.issues, params.form), error: null, notice: null },
    ),
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
        isReceiptReady: "A receipt is offered and its form passes the server's request schema (its date not after today).",
        isRefundReady: "The refund's reason (and a transfer's outgoing reference) pass the server's request schema.",
        isIssueReady: "An issuance is offered and its transaction hash passes the server's request schema.",
      },
      actions: {
        keepDetail: 'Shows the payment as the server has it, with the changes it offers.',
        noteFailed: "Shows the refusal or failure in the server's words.",
        noteDone: 'Confirms the change that was recorded (receipt, refund or issuance) and empties its form.',
        clearMessages: 'Clears the error and the notice shown.',
        editReceipt: 'Takes what is typed in the receipt form (an edited form is a new request).',
        editRefund: 'Takes what is typed in the refund form (an edited form is a new request).',
        editIssue: 'Takes the issuance transaction hash typed (an edited form is a new request).',
        noteFormIssues: "Shows every invalid field of the form submitted and puts focus on the first.",
        forgetRefundIssues: "Forgets the refund form's messages when its confirm step closes.",
        ensureRequestId: 'Gives the change a request id the first time it is sent (kept for sending it again).',
      },
      actors: {
        loadPayment: 'Fetches the payment with its history and the changes the server offers.',
        recordReceipt: 'Records that the money of the payment was received.',
        refundPayment: 'Refunds the payment to the investor.',
        issueTokens: "Records the issuance of the investor's tokens.",
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({
    ...input,
    detail: null,
    error: null,
    notice: null,
    receipt: { amount: '', receivedOn: input.today, reference: '' },
    refund: EMPTY_REFUND,
    issue: { transactionHash: '' },
    issues: {},
    focus: null,
    requestId: null,
    requestFor: null,
    made: 0,
  }),
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
          description: 'Finance may fill in and send a receipt, open the refund or send an issuance; one change at a time.',
          on: {
            ...edits,
            'case.receipt.submit': [
              { guard: 'isReceiptReady', target: 'recording' },
              { guard: 'mayRecordReceipt', actions: { type: 'noteFormIssues', params: { form: 'receipt' } } },
            ],
            'case.refund.ask': { guard: 'mayRefund', target: 'confirmingRefund', actions: 'clearMessages' },
            'case.issue.submit': [
              { guard: 'isIssueReady', target: 'issuing' },
              { guard: 'mayIssue', actions: { type: 'noteFormIssues', params: { form: 'issue' } } },
            ],
          },
        },
        confirmingRefund: {
          description: 'The refund confirm step is open with its reason (and a transfer’s outgoing reference): Confirm sends it once they pass, Cancel closes it.',
          on: {
            ...edits,
            'case.refund.cancel': { target: 'idle', actions: 'forgetRefundIssues' },
            'case.refund.confirm': [
              { guard: 'isRefundReady', target: 'refunding' },
              { actions: { type: 'noteFormIssues', params: { form: 'refund' } } },
            ],
          },
        },
        recording: {
          description: 'Recording the receipt; no other change or edit is taken meanwhile.',
          tags: ['busy'],
          entry: { type: 'ensureRequestId', params: { form: 'receipt' } },
          invoke: {
            id: 'recordReceipt',
            src: 'recordReceipt',
            input: ({ context }) => ({ paymentId: context.paymentId, input: { requestId: context.requestId!, ...receiptBody(context.receipt) } }),
            ...change('receipt'),
          },
        },
        refunding: {
          description: 'Refunding the payment; no other change or edit is taken meanwhile.',
          tags: ['busy'],
          entry: { type: 'ensureRequestId', params: { form: 'refund' } },
          invoke: {
            id: 'refundPayment',
            src: 'refundPayment',
            input: ({ context }) => ({ paymentId: context.paymentId, input: { requestId: context.requestId!, ...refundBody(context.refund, isCard(context)) } }),
            ...change('refund'),
          },
        },
        issuing: {
          description: 'Recording the token issuance; no other change or edit is taken meanwhile.',
          tags: ['busy'],
          entry: { type: 'ensureRequestId', params: { form: 'issue' } },
          invoke: {
            id: 'issueTokens',
            src: 'issueTokens',
            input: ({ context }) => ({ userId: context.detail!.payment.userId, input: { requestId: context.requestId!, ...issueBody(context.issue) } }),
            ...change('issue'),
          },
        },
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

const isValid = (context: PaymentCaseContext, form: CaseForm) => Object.keys(formIssues(context, form)).length === 0;

/** A draft edited: its field's message goes, and a request id made for that form is forgotten (it is a new request). */
function edited(context: PaymentCaseContext, form: CaseForm, field: string, draft: Partial<PaymentCaseContext>): Partial<PaymentCaseContext> {
  const { [`${form}.${field}`]: _gone, ...issues } = context.issues;
  return { ...draft, issues, ...(context.requestFor === form ? { requestId: null, requestFor: null } : {}) };
}

export type PaymentCaseActorRef = ActorRefFrom<typeof paymentCaseMachine>;
