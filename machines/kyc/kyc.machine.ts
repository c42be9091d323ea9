/**
 * The KYC page (spec section 2 "KYC page", section 4 "KYC wizard"): loads the server's status; a completed
 * verification is the read-only summary, otherwise the wizard's five sub-steps as states, identity -> biometric ->
 * address -> aml -> review, starting where the completed steps say. Each step's work is a child chart that finishes
 * with the server's new status (identity, camera, address, aml); the page moves on at once with the step's success
 * line above the next step (one press of the step's Continue saves and advances), waits one second after the AML
 * save, and on 'Proceed to Legal Agreements' completes the verification and finishes
 * when the server sends the investor on to the agreements. Looking at an earlier step keeps the active one as it is.
 * Effects (`loadKycStatus`, `completeKyc`, the children's effects) are provided by the app.
 */
import { assign, fromPromise, sendParent, sendTo, setup, type ActorRefFrom } from 'xstate';
import { TIMINGS } from '../../src/shared/constants.ts';
import type { KycCompleteResponse, KycStepNumber, KycStatusResponse } from '../../src/shared/kyc.ts';
import { messages } from '../../src/shared/messages.ts';
import { cameraMachine } from '../camera/camera.machine.ts';
import type { StepSavedOutput } from '../kyc-step/kyc-step.actors.ts';
import { failureText } from '../kyc-step/kyc-step.rules.ts';
import { kycAddressMachine } from './kyc-address.machine.ts';
import { kycAmlMachine } from './kyc-aml.machine.ts';
import { kycIdentityMachine } from './kyc-identity.machine.ts';
import { isAuthError, isKycComplete, isResubmitting, startStepOf } from './kyc.rules.ts';
import type { KycContext, KycEvent, KycOutput, KycParentEvent } from './kyc.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

/**
 * 'kyc.step.view' while `active` is the wizard's step: an earlier step is shown read-only (plus `alsoDo`, e.g. the
 * camera turned off), anything else shows the active step again. The state says which step is active, so the
 * transitions carry it as a param rather than the context keeping a copy.
 */
const viewEarlierStep = (active: KycStepNumber, ...alsoDo: 'turnCameraOff'[]) => [
  { guard: { type: 'isEarlierStep' as const, params: { active } }, actions: ['viewStep' as const, ...alsoDo] },
  { actions: 'showActiveStep' as const },
];

/**
 * During a resubmission (issue 15) a finished step leads to the next step the reviewer asked for, or to the review,
 * rather than to the step after it: the wizard chooses again from the saved status.
 */
const resubmitNext = {
  guard: { type: 'isResubmitting' as const, params: ({ event }: { event: { output: StepSavedOutput } }) => ({ status: event.output.status }) },
  target: '#kyc.wizard.choosing',
  actions: [
    { type: 'keepStatus' as const, params: ({ event }: { event: { output: StepSavedOutput } }) => ({ status: event.output.status }) },
    { type: 'showNotice' as const, params: { notice: null } },
  ],
};

/**
 * A step's chart, invoked while its step is active: when it finishes, the page keeps the server's status and moves on
 * to `target` with the step's success line above what comes next.
 */
const stepChart = <Id extends 'camera' | 'kycAddress' | 'kycAml', Target extends string>(id: Id, target: Target, notice: string) => ({
  id,
  src: id,
  onDone: [
    ...(id === 'kycAml' ? [] : [resubmitNext]),
    {
      target,
      actions: [
        { type: 'keepStatus' as const, params: ({ event }: { event: { output: StepSavedOutput } }) => ({ status: event.output.status }) },
        { type: 'showNotice' as const, params: { notice } },
      ],
    },
  ],
});

export const kycMachine = setup({
  types: {} as {
    context: KycContext;
    events: KycEvent;
    output: KycOutput;
    tags: 'loading' | 'readOnly' | 'advancing' | 'completing';
    children: { kycIdentity: 'kycIdentity'; camera: 'camera'; kycAddress: 'kycAddress'; kycAml: 'kycAml'; loadKycStatus: 'loadKycStatus'; completeKyc: 'completeKyc' };
  },
  actors: {
    loadKycStatus: fromPromise<KycStatusResponse, void>(async () => {
      throw new Error('loadKycStatus is provided by the app');
    }),
    completeKyc: fromPromise<KycCompleteResponse, void>(async () => {
      throw new Error('completeKyc is provided by the app');
    }),
    kycIdentity: kycIdentityMachine,
    camera: cameraMachine,
    kycAddress: kycAddressMachine,
    kycAml: kycAmlMachine,
  },
  guards: {
    isAuthMissing: (_, params: { error: unknown }) => isAuthError(params.error),
    isKycComplete: (_, params: { status: KycStatusResponse }) => isKycComplete(params.status),
    isResubmitting: (_, params: { status: KycStatusResponse }) => isResubmitting(params.status),
    isStartStep: ({ context }, params: { step: KycStepNumber }) => context.status !== null && startStepOf(context.status) === params.step,
    /** Only steps before the active one have something to show. */
    isEarlierStep: ({ event }, params: { active: KycStepNumber }) => event.type === 'kyc.step.view' && event.step < params.active,
    isNextStepAgreements: (_, params: { answer: KycCompleteResponse }) => params.answer.nextStep === 'agreements',
  },
  actions: {
    keepStatus: assign((_, params: { status: KycStatusResponse }) => ({ status: params.status })),
    showNotice: assign((_, params: { notice: string | null }) => ({ notice: params.notice })),
    viewStep: assign(({ event }) => (event.type === 'kyc.step.view' ? { viewedStep: event.step } : {})),
    showActiveStep: assign({ viewedStep: null }),
    clearError: assign({ error: null }),
    keepCompletion: assign(({ context }, params: { answer: KycCompleteResponse }) => ({
      status: context.status ? { ...context.status, status: params.answer.status, completedAt: params.answer.completedAt } : null,
    })),
    noteUnexpectedStep: assign((_, params: { answer: KycCompleteResponse }) => ({ error: messages.kyc.unexpectedNextStep(params.answer.nextStep) })),
    noteCompletionFailed: assign((_, params: { error: unknown }) => ({ error: failureText(params.error, messages.kyc.completeFailed) })),
    /** Looking at an earlier step turns the camera off (Start Camera turns it on again on return). */
    turnCameraOff: sendTo('camera', { type: 'camera.cancel' }),
    returnToCurrentStep: sendParent({ type: 'process.route.request', path: '/' } satisfies KycParentEvent),
  },
  delays: { KYC_ADVANCE: TIMINGS.kycAdvanceDelayMs },
}).createMachine({
  id: 'kyc',
  description: "The KYC page: the read-only summary of a completed verification, or the wizard's five steps (identity, biometric, address, AML, review).",
  meta: {
    descriptions: {
      guards: {
        isAuthMissing: 'The server does not know the investor (401): they must sign in.',
        isKycComplete: "The investor's KYC verification is already completed: the page is the read-only summary.",
        isResubmitting: 'The investor is redoing steps a reviewer asked for: a finished step leads to the next one asked for, or the review.',
        isStartStep: 'The wizard starts at this step: step 5 or 4 completed gives 5, then 4, then 3, then 2, else 1.',
        isEarlierStep: 'The investor asks to look at a step before the active one.',
        isNextStepAgreements: 'The server sends the investor on to the agreements.',
      },
      actions: {
        keepStatus: "Keeps the investor's KYC status the server answered.",
        showNotice: "Shows the finished step's success line above the next step (or clears it).",
        viewStep: 'Shows an earlier step, read-only.',
        showActiveStep: 'Shows the active step again.',
        clearError: 'Clears the error shown.',
        keepCompletion: 'Takes the completed verification (its status and completion time).',
        noteUnexpectedStep: 'Says the server sent the investor to an unexpected step.',
        noteCompletionFailed: "Shows why the verification could not be completed (the server's words, else the spec's).",
        turnCameraOff: 'Turns the camera off while an earlier step is looked at (Start Camera turns it on again).',
        returnToCurrentStep: 'Sends the investor back to their current step (RETURN TO CURRENT STEP).',
      },
      actors: {
        loadKycStatus: "Fetches the investor's KYC status: the completed steps, files and answers.",
        completeKyc: 'Completes the KYC verification on the server.',
        kycIdentity: 'Step 1: the identity document (machines/kyc/kyc-identity).',
        camera: 'Step 2: the selfie camera (machines/camera).',
        kycAddress: 'Step 3: the proof of address (machines/kyc/kyc-address).',
        kycAml: 'Step 4: the AML screening (machines/kyc/kyc-aml).',
      },
      delays: {
        KYC_ADVANCE: 'The one-second pause after the AML save before the review (TIMINGS.kycAdvanceDelayMs).',
      },
    },
  } satisfies MachineMeta,
  context: { status: null, viewedStep: null, notice: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: "Fetching the investor's KYC status.",
      tags: ['loading'],
      invoke: {
        id: 'loadKycStatus',
        src: 'loadKycStatus',
        onDone: [
          {
            guard: { type: 'isKycComplete', params: ({ event }) => ({ status: event.output }) },
            target: 'summary',
            actions: { type: 'keepStatus', params: ({ event }) => ({ status: event.output }) },
          },
          { target: 'wizard', actions: { type: 'keepStatus', params: ({ event }) => ({ status: event.output }) } },
        ],
        onError: [{ guard: { type: 'isAuthMissing', params: ({ event }) => ({ error: event.error }) }, target: 'authRequired' }, { target: 'failed' }],
      },
    },
    failed: {
      description: 'The KYC status could not be loaded: the failure is shown with a retry.',
      on: { 'kyc.retry': 'loading' },
    },
    authRequired: { description: 'The investor is not signed in: the page asks them to sign in.' },
    /** 'Review Your Completed KYC Verification': the files (each with its download) and the AML answers. */
    summary: {
      description: "'Review Your Completed KYC Verification': the files (each with its download) and the AML answers.",
      tags: ['readOnly'],
      on: { 'kyc.returnToCurrentStep': { actions: 'returnToCurrentStep' } },
    },
    wizard: {
      description: "The KYC wizard's five steps, starting where the completed steps say.",
      initial: 'choosing',
      on: { 'kyc.step.return': { actions: 'showActiveStep' } },
      states: {
        /** Spec: step 5 or 4 completed gives 5, then 4, then 3, then 2, else 1. */
        choosing: {
          description: 'Which step comes next, from the completed steps.',
          always: [
            { guard: { type: 'isStartStep', params: { step: 5 } }, target: 'review' },
            { guard: { type: 'isStartStep', params: { step: 4 } }, target: 'aml' },
            { guard: { type: 'isStartStep', params: { step: 3 } }, target: 'address' },
            { guard: { type: 'isStartStep', params: { step: 2 } }, target: 'biometric' },
            { target: 'identity' },
          ],
        },
        identity: {
          description: 'Step 1: the investor uploads an identity document.',
          invoke: {
            id: 'kycIdentity',
            src: 'kycIdentity',
            onDone: [resubmitNext, { target: 'biometric', actions: { type: 'keepStatus', params: ({ event }) => ({ status: event.output.status }) } }],
          },
          // Nothing comes before step 1: asking to view a step here shows this one.
          on: { 'kyc.step.view': { actions: 'showActiveStep' } },
        },
        /** The selfie chart finishes once the selfie is stored and step 2 saved: one Continue, then the address step. */
        biometric: {
          description: 'Step 2: the investor takes a selfie with the camera.',
          on: { 'kyc.step.view': viewEarlierStep(2, 'turnCameraOff') },
          invoke: stepChart('camera', 'address', messages.kyc.selfieUploaded),
        },
        address: {
          description: 'Step 3: the investor uploads a utility bill and a bank statement.',
          invoke: stepChart('kycAddress', 'aml', messages.kyc.addressUploaded),
          on: { 'kyc.step.view': viewEarlierStep(3) },
        },
        aml: {
          description: 'Step 4: the investor answers the AML screening.',
          initial: 'form',
          on: { 'kyc.step.view': viewEarlierStep(4) },
          states: {
            form: {
              description: 'The AML form is filled in and saved.',
              invoke: stepChart('kycAml', 'saved', messages.kyc.amlSaved),
            },
            /** Spec: advancing happens after a 1 second delay. */
            saved: {
              description: 'The AML answers are saved: the review follows after one second.',
              tags: ['advancing'],
              after: { KYC_ADVANCE: { target: '#kyc.wizard.review', actions: { type: 'showNotice', params: { notice: null } } } },
            },
          },
        },
        review: {
          description: 'Step 5: the investor reviews the steps and proceeds to the legal agreements.',
          initial: 'idle',
          on: { 'kyc.step.view': viewEarlierStep(5) },
          states: {
            idle: {
              description: "Waiting for 'Proceed to Legal Agreements'.",
              on: { 'kyc.review.proceed': 'completing' },
            },
            completing: {
              description: 'Completing the verification on the server.',
              tags: ['completing'],
              entry: 'clearError',
              invoke: {
                id: 'completeKyc',
                src: 'completeKyc',
                onDone: [
                  {
                    guard: { type: 'isNextStepAgreements', params: ({ event }) => ({ answer: event.output }) },
                    target: '#kyc.done',
                    actions: { type: 'keepCompletion', params: ({ event }) => ({ answer: event.output }) },
                  },
                  { description: 'The server sent the investor somewhere other than the agreements: said so, nothing moves.', target: 'idle', actions: { type: 'noteUnexpectedStep', params: ({ event }) => ({ answer: event.output }) } },
                ],
                onError: { target: 'idle', actions: { type: 'noteCompletionFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
    done: { description: 'The verification is complete: the process moves on to the agreements.', type: 'final' },
  },
  output: ({ context }) => ({ completed: true, status: context.status?.status ?? 'UNDER_REVIEW', completedAt: context.status?.completedAt ?? '' }),
});

/** A running kyc chart, as views and parent charts hold it. */
export type KycActorRef = ActorRefFrom<typeof kycMachine>;
