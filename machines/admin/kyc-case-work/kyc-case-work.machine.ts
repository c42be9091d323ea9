/**
 * The team's work on one KYC case (issue 29), beside the decision: who holds the case (take it, let it go, give it to
 * another reviewer, each "as I saw it": a refusal shows the server's words and reads the case again to show who holds
 * it now) and the internal notes (a draft checked with the server's schema before it is sent; its request id is made
 * when it is first sent and kept until the note is written, so a retry never writes it twice). Compliance works; an
 * auditor reads. Invoked by the case chart while the case is shown. Effects: assign, addNote, loadCase (provided by
 * src/client/admin/kyc/kyc-review-effects.ts).
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { noteProblem } from '../../../src/shared/admin/kyc-review.ts';
import { holderErrorText, noteErrorText } from './kyc-case-work.rules.ts';
import type { AddNoteInput, AssignInput, KycAssignmentResponse, KycCase, KycCaseNote, KycCaseWorkContext, KycCaseWorkEvent, KycCaseWorkInput } from './kyc-case-work.types.ts';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';
import { requestIdFor } from '../../../src/shared/request-id.ts';

export const kycCaseWorkMachine = setup({
  types: {} as { context: KycCaseWorkContext; events: KycCaseWorkEvent; input: KycCaseWorkInput; tags: 'changingHolder' | 'addingNote' },
  actors: {
    assign: fromPromise<KycAssignmentResponse, AssignInput>(async () => {
      throw new Error('assign is provided by the back-office');
    }),
    addNote: fromPromise<{ note: KycCaseNote }, AddNoteInput>(async () => {
      throw new Error('addNote is provided by the back-office');
    }),
    loadCase: fromPromise<KycCase, { userId: string }>(async () => {
      throw new Error('loadCase is provided by the back-office');
    }),
  },
  guards: {
    canWork: ({ context }) => context.canWork,
    holdsIt: ({ context }) => context.canWork && context.assignee?.staffId === context.staffId,
    canGive: ({ context }) => context.canWork && context.giveTo !== '' && context.giveTo !== context.assignee?.staffId,
    isNoteValid: ({ context }) => context.canWork && noteProblem(context.draft) === null,
  },
  actions: {
    pendTake: assign(({ context }) => ({ pendingAssignee: context.staffId, holderError: null })),
    pendRelease: assign({ pendingAssignee: null, holderError: null }),
    pendGive: assign(({ context }) => ({ pendingAssignee: context.giveTo, holderError: null })),
    chooseGiveTo: assign(({ event }) => (event.type === 'work.giveTo.choose' ? { giveTo: event.staffId } : {})),
    keepAssignee: assign((_, params: { answer: KycAssignmentResponse }) => ({ assignee: params.answer.assignee, giveTo: '' })),
    keepCaseWork: assign((_, params: { kase: KycCase }) => ({ assignee: params.kase.assignee, notes: params.kase.notes })),
    noteHolderError: assign((_, params: { error: unknown }) => ({ holderError: holderErrorText(params.error) })),
    setDraft: assign(({ event }) => (event.type === 'work.note.draft' ? { draft: event.value, noteError: null } : {})),
    noteDraftProblem: assign(({ context }) => ({ noteError: context.canWork ? noteProblem(context.draft) : null })),
    ensureRequestId: assign(({ context }) =>
      context.requestId ? { noteError: null } : { requestId: requestIdFor(context.requestSeed, context.made + 1), made: context.made + 1, noteError: null },
    ),
    keepNote: assign(({ context }, params: { note: KycCaseNote }) => ({
      notes: context.notes.some((n) => n.id === params.note.id) ? context.notes : [...context.notes, params.note],
      draft: '',
      requestId: null,
    })),
    noteNoteError: assign((_, params: { error: unknown }) => ({ noteError: noteErrorText(params.error) })),
  },
}).createMachine({
  id: 'kycCaseWork',
  description: "The team's work on one KYC case: who holds it, and the internal notes.",
  meta: {
    descriptions: {
      guards: {
        canWork: 'The staff member works on cases (compliance; an auditor only reads).',
        holdsIt: 'The staff member holds the case.',
        canGive: 'A reviewer other than the holder is chosen to give the case to.',
        isNoteValid: "The note passes the server's schema (not empty, not too long).",
      },
      actions: {
        pendTake: 'Asks for the case to be held by the staff member.',
        pendRelease: 'Asks for the case to be held by nobody.',
        pendGive: 'Asks for the case to be held by the chosen reviewer.',
        chooseGiveTo: 'Takes the reviewer chosen to give the case to.',
        keepAssignee: 'Shows who holds the case now, as the server answered.',
        keepCaseWork: 'Shows who holds the case and its notes, as read again.',
        noteHolderError: "Shows why the holder could not be changed (the server's words: who holds it now).",
        setDraft: 'Takes the note being typed.',
        noteDraftProblem: 'Shows why the note cannot be sent yet.',
        ensureRequestId: 'Gives the note a request id the first time it is sent (kept for a retry).',
        keepNote: 'Adds the written note to the list and empties the draft.',
        noteNoteError: "Shows why the note could not be saved (the server's words).",
      },
      actors: {
        assign: 'Asks the server to change who holds the case, as the reviewer saw it.',
        addNote: 'Sends the internal note to the server.',
        loadCase: 'Reads the case again, to show who holds it now.',
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({ ...input, pendingAssignee: null, giveTo: '', holderError: null, draft: '', requestId: null, made: 0, noteError: null }),
  type: 'parallel',
  states: {
    holder: {
      description: 'Who holds the case.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Shows who holds the case; compliance may take it, let it go or give it to another reviewer.',
          on: {
            'work.take': { guard: 'canWork', target: 'changing', actions: 'pendTake' },
            'work.release': { guard: 'holdsIt', target: 'changing', actions: 'pendRelease' },
            'work.giveTo.choose': { actions: 'chooseGiveTo' },
            'work.give': { guard: 'canGive', target: 'changing', actions: 'pendGive' },
          },
        },
        changing: {
          description: 'Asking the server to change who holds the case.',
          tags: ['changingHolder'],
          invoke: {
            id: 'assign',
            src: 'assign',
            input: ({ context }) => ({ userId: context.userId, payload: { assignTo: context.pendingAssignee, expectedAssignee: context.assignee?.staffId ?? null } }),
            onDone: { target: 'idle', actions: { type: 'keepAssignee', params: ({ event }) => ({ answer: event.output }) } },
            onError: { target: 'reading', actions: { type: 'noteHolderError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        reading: {
          description: 'Refused (someone else changed it first): reading the case again to show who holds it now.',
          tags: ['changingHolder'],
          invoke: {
            id: 'loadCase',
            src: 'loadCase',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: 'idle', actions: { type: 'keepCaseWork', params: ({ event }) => ({ kase: event.output }) } },
            onError: { target: 'idle' },
          },
        },
      },
    },
    notes: {
      description: 'The internal notes, and the one being written.',
      initial: 'writing',
      states: {
        writing: {
          description: 'The notes so far; compliance may write one.',
          on: {
            'work.note.draft': { actions: 'setDraft' },
            'work.note.add': [{ guard: 'isNoteValid', target: 'adding' }, { actions: 'noteDraftProblem' }],
          },
        },
        adding: {
          description: 'Sending the note (with the request id it keeps until it is written).',
          tags: ['addingNote'],
          entry: 'ensureRequestId',
          invoke: {
            id: 'addNote',
            src: 'addNote',
            input: ({ context }) => ({ userId: context.userId, payload: { body: context.draft, requestId: context.requestId! } }),
            onDone: { target: 'writing', actions: { type: 'keepNote', params: ({ event }) => ({ note: event.output.note }) } },
            onError: { target: 'writing', actions: { type: 'noteNoteError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type KycCaseWorkActorRef = ActorRefFrom<typeof kycCaseWorkMachine>;
