/**
 * Step progress and step order: loads the four status calls (in parallel, each allowed to fail), derives
 * which steps are complete, accessible and current, and decides which process page the user is on.
 */
import { assign, fromPromise, not, setup, type ActorRefFrom } from 'xstate';
import { disclosureMachine } from '../disclosure/disclosure.machine.ts';
import { kycMachine } from '../kyc/kyc.machine.ts';
import { PROCESS_STEPS, type ProcessStep } from '../../src/shared/constants.ts';
import { deriveStepProgress, pathOfStep, type StatusAnswers, type StepProgress } from '../../src/shared/rules.ts';
import { resolveProcessPath } from './process.routes.ts';
import type { ProcessContext, ProcessEvent, ProcessInput } from './process.types.ts';

function markCompleted(progress: StepProgress, step: ProcessStep): StepProgress {
  const next = PROCESS_STEPS[PROCESS_STEPS.indexOf(step) + 1];
  const updated = { ...progress, [step]: { ...progress[step], completed: true, current: false } };
  if (next) updated[next] = { ...progress[next], accessible: true, current: true };
  return updated;
}

export const processMachine = setup({
  types: {} as { context: ProcessContext; events: ProcessEvent; input: ProcessInput },
  actors: {
    /** The four status calls; a failed call answers null instead of failing the whole load. */
    loadStepProgress: fromPromise<StatusAnswers, void>(async () => {
      throw new Error('loadStepProgress is provided by the app');
    }),
    disclosure: disclosureMachine,
    kyc: kycMachine,
  },
  guards: {
    isOnDisclosurePage: ({ context }) => context.path === pathOfStep('disclosure'),
    isOnKycPage: ({ context }) => context.path === pathOfStep('kyc'),
  },
  actions: {
    applyAnswers: assign(({ context }, answers: StatusAnswers) => {
      const reported = answers.disclosure?.currentStep;
      const serverStep: ProcessStep = reported && (PROCESS_STEPS as readonly string[]).includes(reported) ? reported : 'disclosure';
      const progress = deriveStepProgress(answers, serverStep);
      return { answers, progress, serverStep, path: resolveProcessPath(context.requestedPath, progress, serverStep) };
    }),
    routeTo: assign(({ context }, params: { path: string }) => ({
      requestedPath: params.path,
      path: context.progress ? resolveProcessPath(params.path, context.progress, context.serverStep) : context.path,
    })),
    completeStep: assign(({ context }, params: { step: ProcessStep }) => {
      if (!context.progress) return {};
      const progress = markCompleted(context.progress, params.step);
      const next = PROCESS_STEPS[PROCESS_STEPS.indexOf(params.step) + 1] ?? params.step;
      return { progress, serverStep: next, path: pathOfStep(next) };
    }),
  },
}).createMachine({
  id: 'process',
  context: ({ input }) => ({ requestedPath: input.requestedPath, path: '', answers: null, progress: null, serverStep: 'disclosure' }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadStepProgress',
        src: 'loadStepProgress',
        onDone: { target: 'ready', actions: { type: 'applyAnswers', params: ({ event }) => event.output } },
        // allSettled never rejects; if the effect itself breaks, show the process with nothing complete.
        onError: {
          target: 'ready',
          actions: { type: 'applyAnswers', params: { disclosure: null, kyc: null, agreements: null, payment: null } },
        },
      },
      on: {
        'process.route.requested': { actions: assign({ requestedPath: ({ event }) => event.path }) },
      },
    },
    ready: {
      // The page of a step lives as long as the user is on it: leaving stops its machine (and its timers).
      initial: 'otherPage',
      states: {
        otherPage: {
          always: [
            { guard: 'isOnDisclosurePage', target: 'disclosurePage' },
            { guard: 'isOnKycPage', target: 'kycPage' },
          ],
        },
        disclosurePage: {
          always: { guard: not('isOnDisclosurePage'), target: 'otherPage' },
          invoke: {
            id: 'disclosure',
            src: 'disclosure',
            input: {},
            onDone: { actions: { type: 'completeStep', params: { step: 'disclosure' } } },
          },
        },
        kycPage: {
          always: { guard: not('isOnKycPage'), target: 'otherPage' },
          invoke: {
            id: 'kyc',
            src: 'kyc',
            input: {},
            onDone: { actions: { type: 'completeStep', params: { step: 'kyc' } } },
          },
        },
      },
      on: {
        'process.route.requested': { actions: { type: 'routeTo', params: ({ event }) => ({ path: event.path }) } },
        'process.step.completed': { actions: { type: 'completeStep', params: ({ event }) => ({ step: event.step }) } },
        'process.refresh': { target: 'loading' },
      },
    },
  },
});

/** A running process chart, as views and parent charts hold it. */
export type ProcessActorRef = ActorRefFrom<typeof processMachine>;
