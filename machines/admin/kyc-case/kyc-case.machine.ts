/**
 * One KYC case in the back-office (issue 15): loads the case; shows it with two regions side by side, the decision
 * (compliance only: the form is checked with the server's schema before it is sent; a sent decision reloads the case,
 * a refusal shows the server's words) and the document shown inline (its bytes as an object URL, released when
 * another is opened, it is closed or the case is left). Effects: loadCase, decide, loadDocument (provided by
 * src/client/admin/kyc/kyc-review-effects.ts); releaseDocument has the app revoke the object URL (revokeDocumentUrl).
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { EMPTY_FORM, type DecideInput, type KycCase, type KycCaseContext, type KycCaseEvent, type KycCaseInput, type KycDecisionResponse, type LoadDocumentInput, type OpenDocument } from './kyc-case.types.ts';
import { decisionNotice, decisionPayload, errorText, formProblem, isNotFound } from './kyc-case.rules.ts';

export const kycCaseMachine = setup({
  types: {} as { context: KycCaseContext; events: KycCaseEvent; input: KycCaseInput; tags: 'loading' | 'deciding' },
  actors: {
    loadCase: fromPromise<KycCase, { userId: string }>(async () => {
      throw new Error('loadCase is provided by the back-office');
    }),
    decide: fromPromise<KycDecisionResponse, DecideInput>(async () => {
      throw new Error('decide is provided by the back-office');
    }),
    loadDocument: fromPromise<OpenDocument, LoadDocumentInput>(async () => {
      throw new Error('loadDocument is provided by the back-office');
    }),
  },
  guards: {
    canDecide: ({ context }) => context.canDecide && context.kase?.kyc.status === 'UNDER_REVIEW',
    isFormValid: ({ context }) => formProblem(context.form, context.kase?.kyc.reviewRound ?? 1) === null,
    isNotFound: (_, params: { error: unknown }) => isNotFound(params.error),
  },
  actions: {
    keepCase: assign((_, params: { kase: KycCase }) => ({ kase: params.kase, error: null, notFound: false })),
    noteLoadError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error, 'The case could not be loaded.') })),
    noteNotFound: assign({ notFound: true, error: null }),
    setDecision: assign(({ context, event }) => (event.type === 'case.form.decision' ? { form: { ...context.form, decision: event.decision }, decisionError: null } : {})),
    setReason: assign(({ context, event }) => (event.type === 'case.form.reason' ? { form: { ...context.form, reason: event.value } } : {})),
    setMessage: assign(({ context, event }) => (event.type === 'case.form.message' ? { form: { ...context.form, message: event.value } } : {})),
    setStep: assign(({ context, event }) => {
      if (event.type !== 'case.form.step') return {};
      const others = context.form.steps.filter((s) => s !== event.step);
      return { form: { ...context.form, steps: event.checked ? [...others, event.step] : others } };
    }),
    noteFormProblem: assign(({ context }) => ({ decisionError: formProblem(context.form, context.kase?.kyc.reviewRound ?? 1) })),
    clearDecisionMessages: assign({ decisionError: null, notice: null }),
    noteDecided: assign((_, params: { answer: KycDecisionResponse }) => ({ notice: decisionNotice(params.answer), form: EMPTY_FORM })),
    noteDecisionError: assign((_, params: { error: unknown }) => ({ decisionError: errorText(params.error, 'The decision could not be saved.') })),
    chooseDocument: assign(({ event }) => (event.type === 'case.document.open' ? { documentId: event.documentId, documentError: null } : {})),
    keepDocument: assign((_, params: { document: OpenDocument }) => ({ document: params.document })),
    noteDocumentError: assign((_, params: { error: unknown }) => ({ documentError: errorText(params.error, 'The document could not be loaded.') })),
    releaseDocument: assign({ document: null }),
    /** The browser lets go of the open document's object URL (null: none open): provided by the app (kycCaseActions). */
    revokeDocumentUrl: (_, params: { url: string | null }) => {
      throw new Error(`revokeDocumentUrl is provided by the app (${params.url})`);
    },
    forgetDocument: assign({ documentId: null, documentError: null }),
  },
}).createMachine({
  id: 'kycCase',
  context: ({ input }) => ({
    userId: input.userId,
    canDecide: input.canDecide,
    kase: null,
    error: null,
    notFound: false,
    form: EMPTY_FORM,
    decisionError: null,
    notice: null,
    documentId: null,
    document: null,
    documentError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadCase',
        src: 'loadCase',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: { type: 'keepCase', params: ({ event }) => ({ kase: event.output }) } },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound', actions: 'noteNotFound' },
          { target: 'failed', actions: { type: 'noteLoadError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: { on: { 'case.retry': 'loading' } },
    notFound: {},
    ready: {
      type: 'parallel',
      exit: [{ type: 'revokeDocumentUrl', params: ({ context }) => ({ url: context.document?.url ?? null }) }, 'releaseDocument'],
      states: {
        decision: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'case.form.decision': { actions: 'setDecision' },
                'case.form.reason': { actions: 'setReason' },
                'case.form.message': { actions: 'setMessage' },
                'case.form.step': { actions: 'setStep' },
                'case.decide': [
                  { guard: 'canDecide', target: 'checking' },
                  // An auditor, or a case no longer under review: nothing is sent.
                ],
              },
            },
            checking: {
              always: [{ guard: 'isFormValid', target: 'deciding' }, { target: 'editing', actions: 'noteFormProblem' }],
            },
            deciding: {
              tags: ['deciding'],
              entry: 'clearDecisionMessages',
              invoke: {
                id: 'decide',
                src: 'decide',
                input: ({ context }) => ({ userId: context.userId, payload: decisionPayload(context.form, context.kase?.kyc.reviewRound ?? 1)! }),
                onDone: { target: 'refreshing', actions: { type: 'noteDecided', params: ({ event }) => ({ answer: event.output }) } },
                // A refusal (409: decided meanwhile, same reviewer) is shown, and the case read again to show why.
                onError: { target: 'refreshing', actions: { type: 'noteDecisionError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            refreshing: {
              invoke: {
                id: 'reloadCase',
                src: 'loadCase',
                input: ({ context }) => ({ userId: context.userId }),
                onDone: { target: 'editing', actions: { type: 'keepCase', params: ({ event }) => ({ kase: event.output }) } },
                onError: { target: 'editing', actions: { type: 'noteDecisionError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        document: {
          initial: 'closed',
          on: { 'case.document.open': { target: '.loading', actions: [{ type: 'revokeDocumentUrl', params: ({ context }) => ({ url: context.document?.url ?? null }) }, 'releaseDocument', 'chooseDocument'] } },
          states: {
            closed: {},
            loading: {
              invoke: {
                id: 'loadDocument',
                src: 'loadDocument',
                input: ({ context }) => ({ userId: context.userId, documentId: context.documentId! }),
                onDone: { target: 'open', actions: { type: 'keepDocument', params: ({ event }) => ({ document: event.output }) } },
                onError: { target: 'failed', actions: { type: 'noteDocumentError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            open: { on: { 'case.document.close': { target: 'closed', actions: [{ type: 'revokeDocumentUrl', params: ({ context }) => ({ url: context.document?.url ?? null }) }, 'releaseDocument', 'forgetDocument'] } } },
            failed: { on: { 'case.document.close': { target: 'closed', actions: 'forgetDocument' } } },
          },
        },
      },
    },
  },
});

export type KycCaseActorRef = ActorRefFrom<typeof kycCaseMachine>;
