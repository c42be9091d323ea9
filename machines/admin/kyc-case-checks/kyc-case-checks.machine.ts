/**
 * The reviewer aids on one KYC case (issue 30), beside the decision: the screening hits and the risk score the server
 * computed, shown as evidence. Two regions side by side: `refresh` reads the checks again every few seconds while the
 * server still runs some (one read at a time; a failed read waits and tries again), and `hits`, where compliance gives
 * its word on one hit (true match or false positive, with a reason: checked with the server's schema before it is
 * sent; the answer is the checks as they now stand, the risk scored again; a refusal shows the server's words and
 * keeps the draft), and `edd`, where a reviewer ticks or unticks an item of the round's enhanced due diligence
 * checklist (one change at a time, sent with the round shown; the answer is the checks as they now stand; a refusal
 * shows the server's words). Every answer is newer than a read begun before it, which is then dropped. An auditor
 * reads. Invoked by the case chart while the case is shown. Effects: loadChecks, decideHit, setEddItem (provided by
 * src/client/admin/kyc/kyc-review-effects.ts).
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';
import { checkedHitDecision, decideErrorText, eddErrorText, eddItemToSend, hasEddItem, hasHit, hitDraftProblem, isPending, refreshErrorText } from './kyc-case-checks.rules.ts';
import type { DecideHitInput, KycCaseChecksContext, KycCaseChecksEvent, KycCaseChecksInput, KycChecks, LoadChecksInput, SetEddItemInput } from './kyc-case-checks.types.ts';

/** How long the page waits before reading the checks again while some are pending (and after a failed read). */
export const CHECKS_POLL_MS = 5_000;

export const kycCaseChecksMachine = setup({
  types: {} as { context: KycCaseChecksContext; events: KycCaseChecksEvent; input: KycCaseChecksInput; tags: 'loadingChecks' | 'sendingDecision' | 'sendingEdd' },
  actors: {
    loadChecks: fromPromise<KycChecks, LoadChecksInput>(async () => {
      throw new Error('loadChecks is provided by the back-office');
    }),
    decideHit: fromPromise<KycChecks, DecideHitInput>(async () => {
      throw new Error('decideHit is provided by the back-office');
    }),
    setEddItem: fromPromise<KycChecks, SetEddItemInput>(async () => {
      throw new Error('setEddItem is provided by the back-office');
    }),
  },
  guards: {
    isPending: ({ context }) => isPending(context.checks),
    canOpenHit: ({ context, event }) => context.canDecide && event.type === 'checks.hit.open' && hasHit(context.checks, event.hitId),
    isDraftValid: ({ context }) => context.canDecide && context.form !== null && hitDraftProblem(context.form) === null,
    wasAnsweredSinceLoad: ({ context }) => context.answeredSinceLoad,
    canToggleEdd: ({ context, event }) => context.canDecide && event.type === 'checks.edd.toggle' && hasEddItem(context.checks, event.item),
  },
  actions: {
    startLoad: assign({ answeredSinceLoad: false }),
    keepChecks: assign((_, params: { checks: KycChecks }) => ({ checks: params.checks, refreshError: null })),
    noteRefreshError: assign((_, params: { error: unknown }) => ({ refreshError: refreshErrorText(params.error) })),
    openHit: assign(({ event }) => (event.type === 'checks.hit.open' ? { form: { hitId: event.hitId, decision: '', reason: '' }, formError: null } : {})),
    setChoice: assign(({ context, event }) => (event.type === 'checks.hit.choose' && context.form ? { form: { ...context.form, decision: event.decision }, formError: null } : {})),
    setReason: assign(({ context, event }) => (event.type === 'checks.hit.reason' && context.form ? { form: { ...context.form, reason: event.value }, formError: null } : {})),
    noteDraftProblem: assign(({ context }) => ({ formError: context.form ? hitDraftProblem(context.form) : null })),
    pendDecision: assign(({ context }) => {
      const checked = context.form ? checkedHitDecision(context.form) : null;
      return checked?.success ? { sending: checked.output, formError: null } : {};
    }),
    keepAnswer: assign((_, params: { checks: KycChecks }) => ({ checks: params.checks, refreshError: null, answeredSinceLoad: true })),
    closeForm: assign({ form: null, formError: null, sending: null }),
    noteDecideError: assign((_, params: { error: unknown }) => ({ formError: decideErrorText(params.error), sending: null })),
    pendEddItem: assign(({ context, event }) => (event.type === 'checks.edd.toggle' ? { eddSending: eddItemToSend(context.checks, event.item, event.done), eddError: null } : {})),
    endEddChange: assign({ eddSending: null, eddError: null }),
    noteEddError: assign((_, params: { error: unknown }) => ({ eddError: eddErrorText(params.error), eddSending: null })),
  },
  delays: { CHECKS_POLL: CHECKS_POLL_MS },
}).createMachine({
  id: 'kycCaseChecks',
  description: 'The reviewer aids on a KYC case: the screening hits and the risk score, read again while pending, and the reviewer’s word on a hit.',
  meta: {
    descriptions: {
      guards: {
        isPending: 'The server still runs a check of this round (screening or risk scoring).',
        canOpenHit: 'The staff member gives their word on hits (compliance; an auditor only reads), and the hit is one of the case’s.',
        isDraftValid: "The hit's form passes the server's schema (a choice, and a reason not empty nor too long).",
        wasAnsweredSinceLoad: 'A call (a decision on a hit, an EDD item) was answered while the checks were being read: its answer is newer than this read.',
        canToggleEdd: 'The staff member ticks EDD items (compliance; an auditor only reads), and the item is on the round’s checklist.',
      },
      actions: {
        startLoad: 'Notes that no call has been answered since this read began.',
        keepChecks: 'Shows the checks as the server answered them.',
        noteRefreshError: 'Shows why the checks could not be read again (they are tried again after a pause).',
        openHit: "Opens the hit's form with an empty draft.",
        setChoice: 'Takes the choice: true match or false positive.',
        setReason: 'Takes the reason being typed.',
        noteDraftProblem: 'Shows why the decision cannot be sent yet.',
        pendDecision: 'Takes the decision as the server’s schema reads it (the reason trimmed), to send.',
        keepAnswer: 'Shows the checks a call’s answer holds (a hit decided and the risk scored again, or an EDD item ticked).',
        closeForm: "Closes the hit's form and forgets the decision sent.",
        noteDecideError: "Shows why the decision could not be saved (the server's words); the draft stays.",
        pendEddItem: 'Takes the EDD item ticked or unticked, with the review round the checklist shows, to send.',
        endEddChange: 'Forgets the EDD item change sent, now saved.',
        noteEddError: "Shows why the EDD item change could not be saved (the server's words).",
      },
      actors: {
        loadChecks: "Reads the case's checks again: what is still pending, the screening and the risk score.",
        decideHit: "Sends the reviewer's word on a screening hit; answers the checks as they now stand.",
        setEddItem: 'Ticks or unticks one item of the round’s enhanced due diligence checklist; answers the checks as they now stand.',
      },
      delays: {
        CHECKS_POLL: 'How long the page waits before reading the checks again while some are pending, or after a failed read (5 s).',
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({ ...input, form: null, formError: null, sending: null, refreshError: null, answeredSinceLoad: false, eddSending: null, eddError: null }),
  type: 'parallel',
  states: {
    refresh: {
      description: 'Keeps the checks current while the server still runs some.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing is pending: the checks stand as shown.',
          always: { guard: 'isPending', target: 'waiting', description: 'A check is pending (on arrival, or in an answer): wait, then read again.' },
        },
        waiting: {
          description: 'A check is pending (or the last read failed): waiting a few seconds before reading the checks again.',
          after: { CHECKS_POLL: 'loading' },
        },
        loading: {
          description: 'Reading the checks again.',
          tags: ['loadingChecks'],
          entry: 'startLoad',
          invoke: {
            id: 'loadChecks',
            src: 'loadChecks',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: [
              { guard: 'wasAnsweredSinceLoad', target: 'idle', description: 'A call answered meanwhile (a decision, an EDD item) holds newer checks: this answer is dropped.' },
              { target: 'idle', actions: { type: 'keepChecks', params: ({ event }) => ({ checks: event.output }) } },
            ],
            onError: { target: 'waiting', actions: { type: 'noteRefreshError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    hits: {
      description: "The screening hits, and the reviewer's word on one of them.",
      initial: 'reading',
      states: {
        reading: {
          description: "The hits are shown; compliance may open one hit's form.",
          on: { 'checks.hit.open': { guard: 'canOpenHit', target: 'editing', actions: 'openHit', description: "Compliance opens the form of one of the case's hits." } },
        },
        editing: {
          description: "One hit's form is open: true match or false positive, and the reason.",
          on: {
            'checks.hit.open': { guard: 'canOpenHit', actions: 'openHit', description: "Another hit's form replaces this one, with a new draft." },
            'checks.hit.choose': { actions: 'setChoice' },
            'checks.hit.reason': { actions: 'setReason' },
            'checks.hit.cancel': { target: 'reading', actions: 'closeForm' },
            'checks.hit.send': [
              { guard: 'isDraftValid', target: 'sending', actions: 'pendDecision', description: "The schema takes the draft: it is sent." },
              { actions: 'noteDraftProblem', description: 'The draft is not complete (or the staff member only reads): nothing is sent, the reason is shown.' },
            ],
          },
        },
        sending: {
          description: "Sending the reviewer's word on the hit.",
          tags: ['sendingDecision'],
          invoke: {
            id: 'decideHit',
            src: 'decideHit',
            input: ({ context }) => ({ userId: context.userId, ...context.sending! }),
            onDone: { target: 'reading', actions: [{ type: 'keepAnswer', params: ({ event }) => ({ checks: event.output }) }, 'closeForm'] },
            onError: { target: 'editing', actions: { type: 'noteDecideError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    edd: {
      description: "The round's enhanced due diligence checklist, and a reviewer ticking or unticking one of its items.",
      initial: 'idle',
      states: {
        idle: {
          description: 'The checklist is shown; compliance may tick or untick an item.',
          on: { 'checks.edd.toggle': { guard: 'canToggleEdd', target: 'sending', actions: 'pendEddItem', description: 'Compliance ticks or unticks an item of the checklist: it is sent.' } },
        },
        sending: {
          description: 'Sending the item ticked or unticked (one call at a time: a tick meanwhile is ignored, its box disabled).',
          tags: ['sendingEdd'],
          invoke: {
            id: 'setEddItem',
            src: 'setEddItem',
            input: ({ context }) => ({ userId: context.userId, ...context.eddSending! }),
            onDone: { target: 'idle', actions: [{ type: 'keepAnswer', params: ({ event }) => ({ checks: event.output }) }, 'endEddChange'] },
            onError: { target: 'idle', actions: { type: 'noteEddError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type KycCaseChecksActorRef = ActorRefFrom<typeof kycCaseChecksMachine>;
