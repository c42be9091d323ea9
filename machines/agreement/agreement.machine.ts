/**
 * One legal agreement on the agreements page (spec section 4 "Agreements"): unchecked -> accepted (every required
 * box ticked) -> signed (a signature on the pad and 'Complete Agreement' pressed, then stored by the server). Its
 * signature pad is its child for its whole life, opened locked on the stored PNG when the agreement loads signed;
 * the pad reports each PNG it makes (`agreement.signature.ready`) and each time it loses it (`agreement.signature.clear`,
 * which resets signature, signed and signedAt). 'Complete Agreement' with a box missing or no signature says so in
 * the spec's words; otherwise the agreement is saved (`saveAgreement`, the page's save call for this agreement
 * alone), and once the server says it is signed the pad locks on the stored PNG, the page hears
 * `agreements.agreement.signed`, and nothing changes it again.
 * Effects (`saveAgreement`, `signaturePad` with its renderer) are provided by the app (effects/legal-effects.ts).
 */
import { assign, fromPromise, sendParent, sendTo, setup, type ActorRefFrom } from 'xstate';
import { isApiError } from '../../src/shared/api-error.ts';
import { AGREEMENT_NAMES } from '../../src/shared/legal.ts';
import { messages } from '../../src/shared/messages.ts';
import { failureText } from '../kyc-step/kyc-step.rules.ts';
import { signaturePadMachine } from '../signature-pad/signature-pad.machine.ts';
import { areRequiredTicked, checkboxesOnLoad, submissionOf } from './agreement.rules.ts';
import type {
  AgreementContext,
  AgreementEvent,
  AgreementInput,
  AgreementParentEvent,
  SaveAgreementInput,
  SaveAgreementOutput,
} from './agreement.types.ts';

export const agreementMachine = setup({
  types: {} as {
    context: AgreementContext;
    events: AgreementEvent;
    input: AgreementInput;
    tags: 'saving' | 'signed';
    children: { signaturePad: 'signaturePad'; saveAgreement: 'saveAgreement' };
  },
  actors: {
    saveAgreement: fromPromise<SaveAgreementOutput, SaveAgreementInput>(async () => {
      throw new Error('saveAgreement is provided by the app');
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
}).createMachine({
  id: 'agreement',
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
    open: {
      initial: 'deciding',
      on: {
        'agreement.checkbox.set': {
          guard: { type: 'isKnownCheckbox', params: ({ event }) => ({ id: event.id }) },
          target: '.deciding',
          actions: [{ type: 'setCheckbox', params: ({ event }) => ({ id: event.id, checked: event.checked }) }, 'clearError'],
        },
        'agreement.signature.ready': { actions: [{ type: 'keepSignature', params: ({ event }) => ({ png: event.png }) }, 'clearError'] },
        'agreement.signature.clear': { actions: 'clearSignature' },
      },
      states: {
        /**
         * Opening, and after each tick: a signed agreement locks (only at the start: `signed` is only ever set here by
         * the load), else accepted or not by its required boxes. (Deciding here rather than in a transient root state:
         * path coverage sees a transient state only when a transition enters it, never as the initial one.)
         */
        deciding: {
          always: [{ guard: 'isSigned', target: '#agreement.signed' }, { guard: 'areRequiredTicked', target: 'accepted' }, { target: 'unchecked' }],
        },
        unchecked: {
          on: { 'agreement.complete': { actions: 'noteCheckboxesMissing' } },
        },
        accepted: {
          on: { 'agreement.complete': [{ guard: 'hasSignature', target: 'saving' }, { actions: 'noteSignatureMissing' }] },
        },
        saving: {
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
              { target: 'accepted', actions: { type: 'noteSaveFailed', params: { error: null } } },
            ],
            onError: [
              // The page loads the server's account again (and says why): this agreement as it now stands.
              {
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
    /** Signed: locked, the required boxes ticked, the stored signature shown. */
    signed: {
      tags: ['signed'],
    },
  },
});

/** A running agreement chart, as views and the page's chart hold it. */
export type AgreementActorRef = ActorRefFrom<typeof agreementMachine>;
