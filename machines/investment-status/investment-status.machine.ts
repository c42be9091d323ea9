/**
 * The investment's status page (the complete page, spec section 2, grown by issue 28): where the investor's money and
 * tokens stand, read from their case on the lifecycle chart (GET /api/investment/status). Loads the status; a failure
 * before any answer is the failed page (Try again). While the investor waits on someone else (money on its way or
 * going back, a review, tokens to be issued) the page asks again by itself every half minute; otherwise only when
 * asked. A failed refresh keeps the last answer on screen with the failure beside it. The page's links ask the
 * process chart for another of its pages (the signed documents, the KYC steps to redo, the payment).
 * Effect (`loadStatus`) provided by the app.
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { DOWNLOADS_PATH, pathOfStep } from '../../src/shared/process-steps.ts';
import { isWaitingOnOthers, loadFailureText } from './investment-status.rules.ts';
import type { InvestmentStatusContext, InvestmentStatusEvent, InvestmentStatusParentEvent, LoadStatusOutput } from './investment-status.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

/** How long the page waits before asking again while the investor waits on someone else. */
export const STATUS_POLL_MS = 30_000;

/** Asking the server: its answer is shown (`doneTarget`), a failure noted (`errorTarget`). */
const load = (doneTarget: string, errorTarget: string) => ({
  id: 'loadStatus',
  src: 'loadStatus' as const,
  onDone: { target: doneTarget, actions: { type: 'keepStatus' as const, params: ({ event }: { event: { output: LoadStatusOutput } }) => event.output } },
  onError: { target: errorTarget, actions: { type: 'noteFailed' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
});

export const investmentStatusMachine = setup({
  types: {} as { context: InvestmentStatusContext; events: InvestmentStatusEvent; tags: 'loading' | 'refreshing' },
  actors: {
    loadStatus: fromPromise<LoadStatusOutput, void>(async () => {
      throw new Error('loadStatus is provided by the app');
    }),
  },
  guards: {
    isWaitingOnOthers: ({ context }) => isWaitingOnOthers(context.status),
  },
  actions: {
    keepStatus: assign((_, params: LoadStatusOutput) => ({ status: params.status, error: null, checkedAt: params.checkedAt })),
    noteFailed: assign((_, params: { error: unknown }) => ({ error: loadFailureText(params.error) })),
    showSignedDocuments: sendParent({ type: 'process.route.request', path: DOWNLOADS_PATH } satisfies InvestmentStatusParentEvent),
    showKyc: sendParent({ type: 'process.route.request', path: pathOfStep('kyc') } satisfies InvestmentStatusParentEvent),
    showPayment: sendParent({ type: 'process.route.request', path: pathOfStep('payment') } satisfies InvestmentStatusParentEvent),
  },
  delays: { STATUS_POLL: STATUS_POLL_MS },
}).createMachine({
  id: 'investmentStatus',
  description: "The investment's status page: where the investor's money and tokens stand, asked for again while they wait on someone else.",
  meta: {
    descriptions: {
      guards: {
        isWaitingOnOthers: 'The investor waits on someone else: money on its way or going back, a review, or tokens to be issued.',
      },
      actions: {
        keepStatus: 'Shows what the server answered, and when.',
        noteFailed: 'Shows why the status could not be loaded (the page’s words or the server’s).',
        showSignedDocuments: 'Asks the process to show the signed documents.',
        showKyc: 'Asks the process to show the identity verification, to redo the steps asked for.',
        showPayment: 'Asks the process to show the payment page, to pay again.',
      },
      actors: {
        loadStatus: "Fetches where the investor's investment stands (GET /api/investment/status).",
      },
      delays: {
        STATUS_POLL: 'How long the page waits before asking again while the investor waits on someone else (30 s).',
      },
    },
  } satisfies MachineMeta,
  context: { status: null, error: null, checkedAt: null },
  initial: 'loading',
  on: {
    'status.signedDocuments': { actions: 'showSignedDocuments' },
    'status.redoSteps': { actions: 'showKyc' },
    'status.payAgain': { actions: 'showPayment' },
  },
  states: {
    loading: {
      description: 'Fetching where the investment stands.',
      tags: ['loading'],
      invoke: load('shown', 'failed'),
    },
    failed: {
      description: 'Nothing to show: why, and Try again.',
      on: { 'status.refresh': 'loading' },
    },
    shown: {
      description: 'The status is shown.',
      initial: 'deciding',
      states: {
        deciding: {
          description: 'The answer decides: the investor waits on someone else, or not.',
          always: [{ guard: 'isWaitingOnOthers', target: 'waiting' }, { target: 'settled' }],
        },
        waiting: {
          description: 'Money on its way or going back, a review, or tokens to be issued: asks again by itself every 30 s.',
          after: { STATUS_POLL: 'refreshing' },
          on: { 'status.refresh': 'refreshing' },
        },
        settled: {
          description: 'Nothing moves without the investor (or nothing more will): asks again only when asked.',
          on: { 'status.refresh': 'refreshing' },
        },
        refreshing: {
          description: 'Asking again; the last answer stays on screen and a failure is shown beside it.',
          tags: ['refreshing'],
          invoke: load('deciding', 'deciding'),
        },
      },
    },
  },
});

/** A running status page chart, as views and the process chart hold it. */
export type InvestmentStatusActorRef = ActorRefFrom<typeof investmentStatusMachine>;
