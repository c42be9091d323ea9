/**
 * One legal agreement on the agreements page (spec section 4 "Agreements"): unchecked -> accepted (every required
 * box ticked) -> signed (a signature on the pad and 'Complete Agreement' pressed, then stored by the server). Its
 * signature pad is its child for its whole life, opened locked on the stored PNG when the agreement loads signed;
 * the pad reports each PNG it makes (`agreement.signature.ready`) and each time it loses it (`agreement.signature.clear`,
 * which resets signature, signed and signedAt). 'Complete Agreement' with a box missing or no signature says so in
 * the spec's words; otherwise the agreement is saved (`saveAgreement`, the page's save call for this agreement
 * alone; the ticked boxes of an unsigned one are also kept as a draft once ticking pauses), and once the server says it is signed the pad locks on the stored PNG, the page hears
 * `agreements.agreement.signed`, and nothing changes it again.
 * Effects (`saveAgreement`, `signaturePad` with its renderer) are provided by the app (effects/legal-effects.ts).
 */
import { assign, fromPromise, sendParent, sendTo, setup, type ActorRefFrom } from 'xstate';
import { isApiError } from '../../src/shared/api-error.ts';
import { AGREEMENT_NAMES } from '../../src/shared/legal.ts';
import { messages } from '../../src/shared/messages.ts';
import { failureText } from '../kyc-step/kyc-step.rules.ts';
import { signaturePadMachine } from '../signature-pad/signature-pad.machine.ts';
import { DRAFT_SETTLE_MS, areRequiredTicked, checkboxesOnLoad, submissionOf } from './agreement.rules.ts';
import type {
  AgreementContext,
  AgreementEvent,
  AgreementInput,
  AgreementParentEvent,
  SaveAgreementInput,
  SaveAgreementOutput,
} from './agreement.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

/** A tick of a known box: the draft waits for ticking to pause, then is sent. */
const draftAgain = {
  guard: { type: 'isKnownCheckbox' as const, params: ({ event }: { event: { id: string } }) => ({ id: event.id }) },
  target: 'waiting' as const,
};

export const agreementMachine = setup({
  types: {} as {
    context: AgreementContext;
    events: AgreementEvent;
    input: AgreementInput;
    tags: 'saving' | 'signed';
    children: { signaturePad: 'signaturePad'; saveAgreement: 'saveAgreement'; saveDraft: 'saveDraft' };
  },
  actors: {
    saveAgreement: fromPromise<SaveAgreementOutput, SaveAgreementInput>(async () => {
      throw new Error('saveAgreement is provided by the app');
    }),
    /** The same call for a draft (`signed: false`, no image): the ticked boxes only. */
    saveDraft: fromPromise<SaveAgreementOutput, SaveAgreementInput>(async () => {
      throw new Error('saveDraft is provided by the app');
    }),
    signaturePad: signaturePadMachine,
  },
  guards: {
    isSigned: ({ context }) => context.signed,
    isKnownCheckbox: ({ context }, params: { id: string }) => Object.hasOwn(context.checkboxes, params.id),
    areRequiredTicked: ({ context }) => areRequiredTicked(context.configuration, context.checkboxes),
    hasSignature: ({ context }) => context.signature !== '',
    isSignedInAnswer: ({ context }, params: { answer: SaveAgreementOutput }) => params.answer.agreements[context.name].signed,
    /** 409: the server's account of this agreement is not the page's (signed elsewhere, or a replaced document). */
    isConflict: (_, params: { error: unknown }) => isApiError(params.error) && params.error.status === 409,
  },
  actions: {
    setCheckbox: assign(({ context }, params: { id: string; checked: boolean }) => ({ checkboxes: { ...context.checkboxes, [params.id]: params.checked } })),
    keepSignature: assign((_, params: { png: string }) => ({ signature: params.png })),
    /** Spec: clearing the signature resets signature, signed and signedAt. */
    clearSignature: assign({ signature: '', signed: false, signedAt: null }),
    clearError: assign({ error: null }),
    noteCheckboxesMissing: assign({ error: messages.legal.checkboxesRequired }),
    noteSignatureMissing: assign({ error: messages.legal.signatureRequired }),
    /** The server's refusal in its words (e.g. a blank pad, a signature of the wrong size), else the spec's sentence. */
    noteSaveFailed: assign((_, params: { error: unknown }) => ({ error: failureText(params.error, messages.legal.saveSignatureFailed) })),
    adoptSigned: assign(({ context }, params: { answer: SaveAgreementOutput }) => {
      const stored = params.answer.agreements[context.name];
      return {
        checkboxes: checkboxesOnLoad(context.configuration, stored),
        signature: stored.signature || context.signature,
        signed: true,
        signedAt: stored.signedAt,
        error: null,
      };
    }),
    lockPad: sendTo('signaturePad', ({ context }) => ({ type: 'signaturePad.lock' as const, signature: context.signature })),
    reportStale: sendParent(({ context }, params: { error: unknown }): AgreementParentEvent => ({
      type: 'agreements.agreement.stale',
      key: context.key,
      message: failureText(params.error, messages.legal.saveSignatureFailed),
    })),
    reportSigned: sendParent(({ context }): AgreementParentEvent => ({
      type: 'agreements.agreement.signed',
      key: context.key,
      state: { ...submissionOf(context), signedAt: context.signedAt },
    })),
  },
  delays: { DRAFT_SETTLE: DRAFT_SETTLE_MS },
}).createMachine({
  id: 'agreement',
  description: 'One legal agreement on the agreements page: unchecked, accepted once every required box is ticked, signed once the signature is stored by the server.',
  meta: {
    descriptions: {
      guards: {
        isSigned: 'The agreement was already signed when the page loaded.',
        isKnownCheckbox: "The box ticked is one of this agreement's boxes.",
        areRequiredTicked: 'Every required box of the agreement is ticked.',
        hasSignature: 'The investor has drawn a signature on the pad.',
        isSignedInAnswer: "The server's answer shows this agreement signed.",
        isConflict: "The server's account of this agreement is not the page's (signed elsewhere, or a replaced document): 409.",
      },
      actions: {
        setCheckbox: 'Ticks or unticks one box.',
        keepSignature: 'Keeps the signature the investor drew (a PNG).',
        clearSignature: 'The signature was cleared: signature, signed and signed-at are reset.',
        clearError: 'Clears the error shown.',
        noteCheckboxesMissing: "Says, in the spec's words, that the required boxes must be ticked first.",
        noteSignatureMissing: "Says, in the spec's words, that a signature is needed first.",
        noteSaveFailed: "Shows why the signing was not saved: the server's words, else the spec's sentence.",
        adoptSigned: 'Takes the signed agreement as the server stored it (boxes, signature, signed-at).',
        lockPad: 'Locks the signature pad on the stored signature.',
        reportStale: "Tells the agreements page this agreement is stale, so it loads the server's account again.",
        reportSigned: 'Tells the agreements page this agreement is signed.',
      },
      actors: {
        saveAgreement: 'Saves the signing of this agreement alone: its boxes, signature and the document version shown.',
        saveDraft: 'Saves the ticked boxes of the unsigned agreement as a draft (no signature), so a reload keeps them.',
        signaturePad: "The agreement's signature pad, for its whole life.",
      },
      delays: {
        DRAFT_SETTLE: 'How long ticking must pause before the draft of the boxes is sent (DRAFT_SETTLE_MS).',
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({
    key: input.key,
    name: AGREEMENT_NAMES[input.key],
    configuration: input.configuration,
    checkboxes: checkboxesOnLoad(input.configuration, input.state),
    // A stored signature counts only on a signed agreement: an unsigned one is signed afresh on the pad.
    signature: input.state.signed ? input.state.signature : '',
    signed: input.state.signed,
    signedAt: input.state.signed ? input.state.signedAt : null,
    error: null,
  }),
  invoke: { id: 'signaturePad', src: 'signaturePad', input: ({ context }) => ({ storedSignature: context.signed ? context.signature : null }) },
  initial: 'open',
  states: {
    /** Not signed yet: the form (boxes, signature, Complete Agreement) and, beside it, the draft of the ticked boxes. */
    open: {
      description: 'Not signed yet: the form (boxes, signature, Complete Agreement) and, beside it, the draft of the ticked boxes.',
      type: 'parallel',
      on: {
        'agreement.signature.ready': { actions: [{ type: 'keepSignature', params: ({ event }) => ({ png: event.png }) }, 'clearError'] },
        'agreement.signature.clear': { actions: 'clearSignature' },
      },
      states: {
        form: {
          description: 'The boxes, the signature and the Complete Agreement button.',
          initial: 'deciding',
          on: {
            'agreement.checkbox.set': {
              guard: { type: 'isKnownCheckbox', params: ({ event }) => ({ id: event.id }) },
              target: '.deciding',
              actions: [{ type: 'setCheckbox', params: ({ event }) => ({ id: event.id, checked: event.checked }) }, 'clearError'],
            },
          },
          states: {
            /**
             * Opening, and after each tick: a signed agreement locks (only at the start: `signed` is only ever set here by
             * the load), else accepted or not by its required boxes. (Deciding here rather than in a transient root state:
             * path coverage sees a transient state only when a transition enters it, never as the initial one.)
             */
            deciding: {
              description: 'On opening and after each tick: signed, accepted or not by the required boxes.',
              always: [{ guard: 'isSigned', target: '#agreement.signed' }, { guard: 'areRequiredTicked', target: 'accepted' }, { target: 'unchecked' }],
            },
            unchecked: {
              description: 'A required box is not ticked: Complete Agreement says so.',
              on: { 'agreement.complete': { actions: 'noteCheckboxesMissing' } },
            },
            accepted: {
              description: 'Every required box is ticked: Complete Agreement signs, once there is a signature.',
              on: { 'agreement.complete': [{ guard: 'hasSignature', target: 'saving' }, { actions: 'noteSignatureMissing' }] },
            },
            saving: {
              description: 'The server is storing the signing; the boxes hold still meanwhile.',
              tags: ['saving'],
              entry: 'clearError',
              // The boxes hold still while the server signs what was sent.
              on: { 'agreement.checkbox.set': {} },
              invoke: {
                id: 'saveAgreement',
                src: 'saveAgreement',
                // The version shown is named: a signing is never bound to a document the investor did not see.
                input: ({ context }) => ({ name: context.name, submission: { ...submissionOf(context), signed: true, sha256: context.configuration.sha256 } }),
                onDone: [
                  {
                    guard: { type: 'isSignedInAnswer', params: ({ event }) => ({ answer: event.output }) },
                    target: '#agreement.signed',
                    actions: [{ type: 'adoptSigned', params: ({ event }) => ({ answer: event.output }) }, 'lockPad', 'reportSigned'],
                  },
                  // An answer that does not show it signed: not signed, whatever the status said.
                  { description: 'An answer that does not show it signed: not signed, whatever the status said.', target: 'accepted', actions: { type: 'noteSaveFailed', params: { error: null } } },
                ],
                onError: [
                  // The page loads the server's account again (and says why): this agreement as it now stands.
                  {
                    description: "The page loads the server's account again and says why.",
                    guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                    target: 'accepted',
                    actions: [{ type: 'noteSaveFailed', params: ({ event }) => ({ error: event.error }) }, { type: 'reportStale', params: ({ event }) => ({ error: event.error }) }],
                  },
                  { target: 'accepted', actions: { type: 'noteSaveFailed', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
          },
        },
        /**
         * The ticked boxes of an unsigned agreement are saved as a draft once ticking pauses, so a reload keeps them
         * (the server keeps the boxes, never the image). Its answer changes nothing here and its failure is silent:
         * signing sends the boxes again anyway. It stops when the agreement is signed.
         */
        draft: {
          description: 'The ticked boxes, saved as a draft once ticking pauses.',
          initial: 'idle',
          // Each tick starts the wait again (within the region: a transition of the whole region would take the form's).
          // While signing the form ignores a tick, so a draft then only sends the boxes as they are.
          states: {
            idle: {
              description: 'No draft to send.',
              on: { 'agreement.checkbox.set': draftAgain },
            },
            waiting: {
              description: 'A box was ticked: waiting for ticking to pause before the draft is sent.',
              after: { DRAFT_SETTLE: 'sending' },
              on: { 'agreement.checkbox.set': { ...draftAgain, reenter: true } },
            },
            sending: {
              description: 'Saving the draft of the ticked boxes; its answer and failure change nothing here.',
              on: { 'agreement.checkbox.set': draftAgain },
              invoke: {
                id: 'saveDraft',
                src: 'saveDraft',
                input: ({ context }) => ({ name: context.name, submission: { ...submissionOf(context), signature: '', signed: false } }),
                onDone: 'idle',
                onError: 'idle',
              },
            },
          },
        },
      },
    },
    /** Signed: locked, the required boxes ticked, the stored signature shown. */
    signed: {
      description: 'Signed: locked, the required boxes ticked, the stored signature shown.',
      tags: ['signed'],
    },
  },
});

/** A running agreement chart, as views and the page's chart hold it. */
export type AgreementActorRef = ActorRefFrom<typeof agreementMachine>;
