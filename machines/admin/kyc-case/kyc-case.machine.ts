/**
 * One KYC case in the back-office (issue 15): loads the case; shows it with two regions side by side, the decision
 * (compliance only: the form is checked with the server's schema before it is sent; a sent decision reloads the case,
 * a refusal shows the server's words) and the documents shown inline, one beside the other to compare an ID with the
 * selfie (each its bytes as an object URL, released when another is opened, it is closed or the case is left; an image
 * zoomed and turned as the reviewer asks, issue 29). Effects: loadCase, decide, loadDocument (provided by
 * src/client/admin/kyc/kyc-review-effects.ts); releaseDocument has the app revoke the object URL (revokeDocumentUrl).
 * While the case is shown it runs the case work chart (who holds the case, internal notes) as its child `work`, and
 * the reviewer aids (screening hits, risk score: issue 30) as its child `checks`.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { EMPTY_FORM, PLAIN_VIEW, type DecideInput, type DocumentPane, type KycCase, type KycCaseContext, type KycCaseEvent, type KycCaseInput, type KycDecisionResponse, type LoadDocumentInput, type OpenDocument } from './kyc-case.types.ts';
import { decisionNotice, decisionPayload, formProblem, hasApprovedThisRound, isNotFound, rotated, zoomed } from './kyc-case.rules.ts';
import { errorText } from '../../../src/shared/error-text.ts';
import { kycCaseWorkMachine } from '../kyc-case-work/kyc-case-work.machine.ts';
import { kycCaseChecksMachine } from '../kyc-case-checks/kyc-case-checks.machine.ts';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';

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
    /** Who holds the case and the internal notes (issue 29): a chart of its own, its effects provided with this one's. */
    caseWork: kycCaseWorkMachine,
    /** The reviewer aids (issue 30): screening hits and risk score, a chart of its own, its effects provided with this one's. */
    caseChecks: kycCaseChecksMachine,
  },
  guards: {
    // The first approver of a four-eyes round cannot approve again (the server refuses it too).
    canDecide: ({ context }) =>
      context.canDecide && context.kase?.kyc.status === 'UNDER_REVIEW' && !(context.form.decision === 'APPROVED' && hasApprovedThisRound(context.kase, context.staffId)),
    isFormValid: ({ context }) => formProblem(context.form, context.kase?.kyc.reviewRound ?? 1) === null,
    isNotFound: (_, params: { error: unknown }) => isNotFound(params.error),
    isPane: ({ event }, params: { pane: DocumentPane }) => (event.type === 'case.view.zoom' || event.type === 'case.view.rotate') && event.pane === params.pane,
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
    chooseDocument: assign(({ context, event }) =>
      event.type === 'case.document.open' ? { documentId: event.documentId, documentError: null, views: { ...context.views, main: PLAIN_VIEW } } : {},
    ),
    keepDocument: assign((_, params: { document: OpenDocument }) => ({ document: params.document })),
    noteDocumentError: assign((_, params: { error: unknown }) => ({ documentError: errorText(params.error, 'The document could not be loaded.') })),
    releaseDocument: assign({ document: null }),
    /** The browser lets go of the open document's object URL (null: none open): provided by the app (kycCaseActions). */
    revokeDocumentUrl: (_, params: { url: string | null }) => {
      throw new Error(`revokeDocumentUrl is provided by the app (${params.url})`);
    },
    forgetDocument: assign({ documentId: null, documentError: null }),
    chooseBeside: assign(({ context, event }) => (event.type === 'case.beside.open' ? { besideId: event.documentId, besideError: null, views: { ...context.views, beside: PLAIN_VIEW } } : {})),
    keepBeside: assign((_, params: { document: OpenDocument }) => ({ beside: params.document })),
    noteBesideError: assign((_, params: { error: unknown }) => ({ besideError: errorText(params.error, 'The document could not be loaded.') })),
    releaseBeside: assign({ beside: null }),
    forgetBeside: assign({ besideId: null, besideError: null }),
    zoomView: assign(({ context, event }) => {
      if (event.type !== 'case.view.zoom') return {};
      const view = context.views[event.pane];
      return { views: { ...context.views, [event.pane]: { ...view, zoom: zoomed(view.zoom, event.by) } } };
    }),
    rotateView: assign(({ context, event }) => {
      if (event.type !== 'case.view.rotate') return {};
      const view = context.views[event.pane];
      return { views: { ...context.views, [event.pane]: { ...view, rotation: rotated(view.rotation) } } };
    }),
  },
}).createMachine({
  id: 'kycCase',
  description: "One investor's KYC case in the back-office: the case, the compliance decision form, and one document shown inline.",
  meta: {
    descriptions: {
      guards: {
        canDecide: "The staff member may decide (compliance, not an auditor), the case is still under review, and it is not an approval by this round's first approver.",
        isFormValid: "The decision form passes the server's schema for this review round (checked before anything is sent).",
        isNotFound: 'The server knows no KYC case for this investor.',
        isPane: 'The zoom or rotation asked for is of this pane’s document.',
      },
      actions: {
        keepCase: 'Shows the case as the server answered it.',
        noteLoadError: 'Shows why the case could not be loaded.',
        noteNotFound: 'Marks the case as not found.',
        setDecision: 'Takes the decision chosen in the form (approve, reject, or ask for steps to be redone).',
        setReason: 'Takes the reason typed in the form.',
        setMessage: 'Takes the message to the investor typed in the form.',
        setStep: 'Ticks or unticks a KYC step the investor must redo.',
        noteFormProblem: 'Shows what is missing or wrong in the decision form.',
        clearDecisionMessages: "Clears the decision's error and notice.",
        noteDecided: 'Confirms the decision that was saved and empties the form.',
        noteDecisionError: "Shows why the decision could not be saved (the server's words).",
        chooseDocument: "Remembers which of the case's documents was opened.",
        keepDocument: 'Holds the opened document, ready to show inline.',
        noteDocumentError: 'Shows why the document could not be loaded.',
        releaseDocument: 'Lets go of the document shown.',
        revokeDocumentUrl: "Has the browser let go of the shown document's bytes (its object URL).",
        forgetDocument: 'Forgets which document was opened.',
        chooseBeside: 'Remembers which document to show beside the main one, looked at plainly.',
        keepBeside: 'Holds the document shown beside, ready to show inline.',
        noteBesideError: 'Shows why the document beside could not be loaded.',
        releaseBeside: 'Lets go of the document shown beside.',
        forgetBeside: 'Forgets which document was shown beside.',
        zoomView: 'Zooms the shown image in or out by one step.',
        rotateView: 'Turns the shown image a quarter turn clockwise.',
      },
      actors: {
        loadCase: "Fetches the investor's KYC case: steps, answers, documents, history.",
        decide: 'Sends the compliance decision on the case to the server.',
        loadDocument: "Fetches one of the case's documents to show inline (the main one, or the one beside it).",
        caseWork: "The team's work on the case beside the decision: who holds it, and the internal notes.",
        caseChecks: "The reviewer aids beside the decision: the screening hits and the risk score, and the reviewer's word on a hit.",
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({
    userId: input.userId,
    staffId: input.staffId,
    requestSeed: input.requestSeed,
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
    besideId: null,
    beside: null,
    besideError: null,
    views: { main: PLAIN_VIEW, beside: PLAIN_VIEW },
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the case.',
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
    failed: { description: 'The case could not be loaded: the failure is shown with Try again.', on: { 'case.retry': 'loading' } },
    notFound: { description: 'There is no KYC case for this investor.' },
    ready: {
      description: 'The case is on screen: the decision and the document side by side, the team’s work on it and the reviewer aids.',
      type: 'parallel',
      invoke: [
        {
          id: 'work',
          src: 'caseWork',
          input: ({ context }) => ({
            userId: context.userId,
            staffId: context.staffId,
            canWork: context.canDecide,
            assignee: context.kase?.assignee ?? null,
            notes: context.kase?.notes ?? [],
            reviewers: context.kase?.reviewers ?? [],
            requestSeed: context.requestSeed,
          }),
        },
        {
          id: 'checks',
          src: 'caseChecks',
          // `ready` is entered with the case kept (keepCase), so it has its checks.
          input: ({ context }) => ({ userId: context.userId, canDecide: context.canDecide, checks: context.kase!.checks }),
        },
      ],
      exit: [
        { type: 'revokeDocumentUrl', params: ({ context }) => ({ url: context.document?.url ?? null }) },
        'releaseDocument',
        { type: 'revokeDocumentUrl', params: ({ context }) => ({ url: context.beside?.url ?? null }) },
        'releaseBeside',
      ],
      states: {
        decision: {
          description: 'The compliance decision on the case.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The decision form is filled in (compliance only; an auditor only reads).',
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
              description: "Checking the form by the server's rules before anything is sent.",
              always: [{ guard: 'isFormValid', target: 'deciding' }, { target: 'editing', actions: 'noteFormProblem' }],
            },
            deciding: {
              description: 'Sending the decision to the server.',
              tags: ['deciding'],
              entry: 'clearDecisionMessages',
              invoke: {
                id: 'decide',
                src: 'decide',
                input: ({ context }) => ({ userId: context.userId, payload: decisionPayload(context.form, context.kase?.kyc.reviewRound ?? 1)! }),
                onDone: { target: 'refreshing', actions: { type: 'noteDecided', params: ({ event }) => ({ answer: event.output }) } },
                // A refusal (409: decided meanwhile, same reviewer) is shown, and the case read again to show why.
                onError: { description: 'A refusal (decided meanwhile, or the same reviewer twice) is shown and the case read again to show why.', target: 'refreshing', actions: { type: 'noteDecisionError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            refreshing: {
              description: 'Reading the case again after the decision (or a refusal, to show why).',
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
          description: "One of the case's documents, shown inline.",
          initial: 'closed',
          on: { 'case.document.open': { target: '.loading', actions: [{ type: 'revokeDocumentUrl', params: ({ context }) => ({ url: context.document?.url ?? null }) }, 'releaseDocument', 'chooseDocument'] } },
          states: {
            closed: { description: 'No document is shown.' },
            loading: {
              description: 'Fetching the chosen document.',
              invoke: {
                id: 'loadDocument',
                src: 'loadDocument',
                input: ({ context }) => ({ userId: context.userId, documentId: context.documentId! }),
                onDone: { target: 'open', actions: { type: 'keepDocument', params: ({ event }) => ({ document: event.output }) } },
                onError: { target: 'failed', actions: { type: 'noteDocumentError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            open: {
              description: 'The document is shown inline; an image can be zoomed and turned.',
              on: {
                'case.document.close': { target: 'closed', actions: [{ type: 'revokeDocumentUrl', params: ({ context }) => ({ url: context.document?.url ?? null }) }, 'releaseDocument', 'forgetDocument'] },
                'case.view.zoom': { guard: { type: 'isPane', params: { pane: 'main' } }, actions: 'zoomView' },
                'case.view.rotate': { guard: { type: 'isPane', params: { pane: 'main' } }, actions: 'rotateView' },
              },
            },
            failed: { description: 'The document could not be loaded: the failure is shown until closed.', on: { 'case.document.close': { target: 'closed', actions: 'forgetDocument' } } },
          },
        },
        beside: {
          description: 'A second document shown beside the main one (an ID beside the selfie).',
          initial: 'closed',
          on: { 'case.beside.open': { target: '.loading', actions: [{ type: 'revokeDocumentUrl', params: ({ context }) => ({ url: context.beside?.url ?? null }) }, 'releaseBeside', 'chooseBeside'] } },
          states: {
            closed: { description: 'Nothing is shown beside the main document.' },
            loading: {
              description: 'Fetching the document to show beside.',
              invoke: {
                id: 'loadBeside',
                src: 'loadDocument',
                input: ({ context }) => ({ userId: context.userId, documentId: context.besideId! }),
                onDone: { target: 'open', actions: { type: 'keepBeside', params: ({ event }) => ({ document: event.output }) } },
                onError: { target: 'failed', actions: { type: 'noteBesideError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            open: {
              description: 'The document is shown beside the main one; an image can be zoomed and turned.',
              on: {
                'case.beside.close': { target: 'closed', actions: [{ type: 'revokeDocumentUrl', params: ({ context }) => ({ url: context.beside?.url ?? null }) }, 'releaseBeside', 'forgetBeside'] },
                'case.view.zoom': { guard: { type: 'isPane', params: { pane: 'beside' } }, actions: 'zoomView' },
                'case.view.rotate': { guard: { type: 'isPane', params: { pane: 'beside' } }, actions: 'rotateView' },
              },
            },
            failed: { description: 'The document beside could not be loaded: the failure is shown until closed.', on: { 'case.beside.close': { target: 'closed', actions: 'forgetBeside' } } },
          },
        },
      },
    },
  },
});

export type KycCaseActorRef = ActorRefFrom<typeof kycCaseMachine>;
