/**
 * The agreements page (spec section 2 "Agreements page", section 4 "Agreements"): loads the investor's legal progress
 * (the seven configurations, the stored state of each, the wallet address), spawns one agreement chart per agreement
 * (machines/agreement: unchecked -> accepted -> signed, each saving its own signing), and holds the wallet address
 * field and the accordion. A completed step is the read-only review ('Review your completed legal agreements',
 * 'RETURN TO CURRENT STEP'). 'Proceed to Payment' with all seven signed and a valid address saves the address with
 * the agreements, then completes the step; the chart finishes and the process moves on to payment.
 * Effects (`loadLegalProgress`, `saveAgreements`, `completeLegal`, `agreement` with its own) are provided by the app.
 */
import { assign, enqueueActions, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { serverMessageOf } from '../../src/shared/api-error.ts';
import { AGREEMENT_KEYS, type AgreementKey, type AgreementState } from '../../src/shared/legal.ts';
import { messages } from '../../src/shared/messages.ts';
import { agreementMachine } from '../agreement/agreement.machine.ts';
import { agreementChildId } from './agreements.ids.ts';
import { allSigned, byKey, incompleteError, isWalletValid, nextUnsigned, saveError, unsignedSubmissions, walletFieldValue } from './agreements.rules.ts';
import type {
  AgreementsContext,
  AgreementsEvent,
  AgreementsOutput,
  AgreementsParentEvent,
  CompleteLegalInput,
  CompleteLegalOutput,
  LoadLegalProgressOutput,
  SaveAgreementsInput,
} from './agreements.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

export const agreementsMachine = setup({
  types: {} as {
    context: AgreementsContext;
    events: AgreementsEvent;
    output: AgreementsOutput;
    tags: 'loading' | 'readOnly' | 'proceeding';
  },
  actors: {
    loadLegalProgress: fromPromise<LoadLegalProgressOutput, void>(async () => {
      throw new Error('loadLegalProgress is provided by the app');
    }),
    /** The final save: the address with the agreements (POST /api/legal/save-progress {agreements, walletAddress}). */
    saveAgreements: fromPromise<LoadLegalProgressOutput, SaveAgreementsInput>(async () => {
      throw new Error('saveAgreements is provided by the app');
    }),
    completeLegal: fromPromise<CompleteLegalOutput, CompleteLegalInput>(async () => {
      throw new Error('completeLegal is provided by the app');
    }),
    agreement: agreementMachine,
  },
  guards: {
    isStepCompleted: (_, params: { answer: LoadLegalProgressOutput }) => params.answer.status === 'COMPLETED' && !!params.answer.completedAt,
    canProceed: ({ context }) => allSigned(context.agreements) && isWalletValid(context.walletAddress),
  },
  actions: {
    adoptLoaded: assign((_, params: { answer: LoadLegalProgressOutput; review: boolean }) => {
      const agreements = byKey(params.answer.agreements);
      return {
        status: params.answer.status,
        completedAt: params.answer.completedAt,
        configurations: params.answer.configurations,
        agreements,
        walletAddress: params.answer.walletAddress ?? '',
        openKey: params.review ? null : nextUnsigned(agreements, null),
        error: null,
      };
    }),
    keepNotice: assign((_, params: { message: string }) => ({ notice: params.message })),
    clearNotice: assign({ notice: null }),
    stopAgreements: enqueueActions(({ enqueue }) => {
      for (const key of AGREEMENT_KEYS) enqueue.stopChild(agreementChildId(key));
    }),
    /** One chart per agreement, in page order, each opened on its configuration and stored state. */
    spawnAgreements: enqueueActions(({ context, enqueue }) => {
      const { configurations, agreements } = context;
      if (!configurations || !agreements) return;
      for (const key of AGREEMENT_KEYS) {
        enqueue.spawnChild('agreement', { id: agreementChildId(key), input: { key, configuration: configurations[key], state: agreements[key] } });
      }
    }),
    /** A signing the server stored: counted, and the next agreement still to sign opens. */
    adoptSigned: assign(({ context }, params: { key: AgreementKey; state: AgreementState }) => {
      if (!context.agreements) return {};
      const agreements = { ...context.agreements, [params.key]: params.state };
      return { agreements, openKey: context.openKey === params.key ? nextUnsigned(agreements, params.key) : context.openKey };
    }),
    toggleOpen: assign(({ context }, params: { key: AgreementKey }) => ({ openKey: context.openKey === params.key ? null : params.key })),
    changeWallet: assign((_, params: { value: string }) => ({ walletAddress: walletFieldValue(params.value) })),
    clearError: assign({ error: null }),
    noteIncomplete: assign(({ context }) => ({ error: incompleteError(context.agreements, context.walletAddress) })),
    noteSaveFailed: assign((_, params: { error: unknown }) => ({ error: saveError(params.error) })),
    noteCompletionFailed: assign((_, params: { error: unknown }) => ({
      error: { message: messages.legal.saveAgreementsFailed, detail: serverMessageOf(params.error) },
    })),
    keepCompletion: assign((_, params: { answer: CompleteLegalOutput }) => ({
      status: params.answer.status,
      completedAt: params.answer.completedAt,
      walletAddress: params.answer.walletAddress,
    })),
    returnToCurrentStep: sendParent({ type: 'process.route.request', path: '/' } satisfies AgreementsParentEvent),
  },
}).createMachine({
  id: 'agreements',
  description: 'The agreements page: the seven legal agreements and the wallet address; Proceed to Payment completes the legal step.',
  meta: {
    descriptions: {
      guards: {
        isStepCompleted: 'The legal step is already completed: the page is the read-only review.',
        canProceed: 'All seven agreements are signed and the wallet address is valid.',
      },
      actions: {
        adoptLoaded: "Takes the investor's legal progress: the agreements' configurations and stored state, and the wallet address; opens the first agreement to sign.",
        keepNotice: 'Shows why the page was loaded again.',
        clearNotice: 'Clears the notice shown.',
        stopAgreements: "Stops the seven agreements' charts.",
        spawnAgreements: 'Starts one chart per agreement, in page order, each on its configuration and stored state.',
        adoptSigned: 'Counts a signing the server stored and opens the next agreement still to sign.',
        toggleOpen: "Opens or closes an agreement's accordion panel.",
        changeWallet: 'Takes the wallet address typed.',
        clearError: 'Clears the error shown.',
        noteIncomplete: 'Says what is missing before proceeding: unsigned agreements or a wallet address.',
        noteSaveFailed: 'Shows why the agreements and address could not be saved.',
        noteCompletionFailed: "Says the agreements could not be saved, with the server's words.",
        keepCompletion: 'Takes the completed legal step and the wallet address it was completed with.',
        returnToCurrentStep: "Asks the process to go back to the investor's current step (RETURN TO CURRENT STEP).",
      },
      actors: {
        loadLegalProgress: "Fetches the investor's legal progress: the seven agreements, their stored state and the wallet address.",
        saveAgreements: 'The final save: the wallet address with the agreements.',
        completeLegal: 'Completes the legal step on the server.',
        agreement: "One agreement's chart (machines/agreement).",
      },
    },
  } satisfies MachineMeta,
  context: { status: 'PENDING', completedAt: null, configurations: null, agreements: null, walletAddress: '', openKey: null, error: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      description: "Fetching the investor's legal progress.",
      tags: ['loading'],
      invoke: {
        id: 'loadLegalProgress',
        src: 'loadLegalProgress',
        onDone: [
          {
            guard: { type: 'isStepCompleted', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready.reviewing',
            actions: [{ type: 'adoptLoaded', params: ({ event }) => ({ answer: event.output, review: true }) }, 'spawnAgreements'],
          },
          { target: 'ready.signing', actions: [{ type: 'adoptLoaded', params: ({ event }) => ({ answer: event.output, review: false }) }, 'spawnAgreements'] },
        ],
        onError: { target: 'failed' },
      },
    },
    /** 'Error loading legal agreements' with 'Refresh Page'. */
    failed: {
      description: "'Error loading legal agreements' with 'Refresh Page'.",
      on: { 'agreements.retry': 'loading' },
    },
    ready: {
      description: 'The agreements are on screen, one chart each, in an accordion.',
      initial: 'signing',
      // Loaded again: the agreements start afresh from the new answer.
      exit: 'stopAgreements',
      on: { 'agreements.agreement.toggle': { actions: { type: 'toggleOpen', params: ({ event }) => ({ key: event.key }) } } },
      states: {
        reviewing: {
          description: "The legal step is completed: 'Review your completed legal agreements', read-only.",
          tags: ['readOnly'],
          on: { 'agreements.returnToCurrentStep': { actions: 'returnToCurrentStep' } },
        },
        signing: {
          description: 'The investor signs the agreements and enters the wallet address.',
          initial: 'idle',
          on: {
            'agreements.agreement.signed': {
              actions: [{ type: 'adoptSigned', params: ({ event }) => ({ key: event.key, state: event.state }) }, 'clearError', 'clearNotice'],
            },
            'agreements.agreement.stale': { description: "An agreement's account was stale: the page loads the server's account again and says why.", target: '#agreements.loading', actions: { type: 'keepNotice', params: ({ event }) => ({ message: event.message }) } },
            'agreements.wallet.change': { actions: [{ type: 'changeWallet', params: ({ event }) => ({ value: event.value }) }, 'clearError', 'clearNotice'] },
          },
          states: {
            idle: {
              description: 'The investor works through the agreements; Proceed to Payment checks that all is done.',
              on: { 'agreements.proceed': [{ guard: 'canProceed', target: 'saving' }, { actions: 'noteIncomplete' }] },
            },
            saving: {
              description: 'Saving the wallet address with the agreements; the address holds still until the answer.',
              tags: ['proceeding'],
              entry: 'clearError',
              // The address sent is the address completed with: it holds still until the answer.
              on: { 'agreements.wallet.change': {} },
              invoke: {
                id: 'saveAgreements',
                src: 'saveAgreements',
                input: ({ context }) => ({ agreements: unsignedSubmissions(context.agreements!), walletAddress: context.walletAddress.trim() }),
                onDone: 'completing',
                onError: { target: 'idle', actions: { type: 'noteSaveFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            completing: {
              description: 'Completing the legal step on the server.',
              tags: ['proceeding'],
              on: { 'agreements.wallet.change': {} },
              invoke: {
                id: 'completeLegal',
                src: 'completeLegal',
                input: ({ context }) => ({ agreements: unsignedSubmissions(context.agreements!) }),
                onDone: { target: '#agreements.done', actions: { type: 'keepCompletion', params: ({ event }) => ({ answer: event.output }) } },
                onError: { target: 'idle', actions: { type: 'noteCompletionFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
    done: { description: 'The legal step is completed: the process moves on to payment.', type: 'final' },
  },
  output: ({ context }) => ({ completed: true, completedAt: context.completedAt ?? '', walletAddress: context.walletAddress }),
});

/** A running agreements chart, as views and the process chart hold it. */
export type AgreementsActorRef = ActorRefFrom<typeof agreementsMachine>;
