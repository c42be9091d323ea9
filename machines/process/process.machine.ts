/**
 * Step progress and step order: loads the status calls (PROCESS_STEP_STATUS, in parallel, each allowed to fail),
 * derives which steps are complete, accessible and current, and decides which process page the user is on. A step
 * whose page is a chart of its own (PAGE_CHARTS) has a state in `ready` that runs that chart while its page is shown.
 */
import { assign, fromPromise, not, setup, type ActorRefFrom } from 'xstate';
import { deriveStepProgress, NO_STATUS_ANSWERS, type StepProgress, type StatusAnswers } from '../../src/shared/process.ts';
import { PROCESS_STEPS, pathOfStep, type ProcessStep } from '../../src/shared/process-steps.ts';
import { PAGE_CHARTS, PAGE_STEPS, pathOfPage, type PageStep } from './process.pages.ts';
import { resolveProcessPath } from './process.routes.ts';
import type { ProcessContext, ProcessEvent, ProcessInput } from './process.types.ts';

function markCompleted(progress: StepProgress, step: ProcessStep): StepProgress {
  const next = PROCESS_STEPS[PROCESS_STEPS.indexOf(step) + 1];
  const updated = { ...progress, [step]: { ...progress[step], completed: true, current: false } };
  if (next) updated[next] = { ...progress[next], accessible: true, current: true };
  return updated;
}

/** The state of `ready` in which a step's page is shown: 'disclosurePage', 'kycPage'. */
const pageStateOf = (step: PageStep) => `${step}Page` as const;

/** The state of a page chart: it runs while its page is shown and, when it finishes, completes its step. */
const pageState = (step: PageStep) => ({
  always: { guard: not({ type: 'isOnPage', params: { step } }), target: 'otherPage' },
  invoke: { id: step, src: step, input: {}, onDone: { actions: { type: 'completeStep' as const, params: { step } } } },
});

/** One such state per entry of PAGE_CHARTS; the cast keeps their names in the machine's type (fromEntries drops them). */
const pageStates = Object.fromEntries(PAGE_STEPS.map((step) => [pageStateOf(step), pageState(step)])) as Record<
  ReturnType<typeof pageStateOf>,
  ReturnType<typeof pageState>
>;

export const processMachine = setup({
  types: {} as { context: ProcessContext; events: ProcessEvent; input: ProcessInput },
  actors: {
    /** The status calls; a failed call answers null instead of failing the whole load. */
    loadStepProgress: fromPromise<StatusAnswers, void>(async () => {
      throw new Error('loadStepProgress is provided by the app');
    }),
    ...PAGE_CHARTS,
  },
  guards: {
    isOnPage: ({ context }, params: { step: PageStep }) => context.path === pathOfPage(params.step),
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
    completeStep: assign(({ context }, params: { step: ProcessStep | 'downloads' }) => {
      // The downloads page is no step (its chart never finishes).
      if (!context.progress || params.step === 'downloads') return {};
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
        onError: { target: 'ready', actions: { type: 'applyAnswers', params: NO_STATUS_ANSWERS } },
      },
      on: {
        'process.route.request': { actions: assign({ requestedPath: ({ event }) => event.path }) },
      },
    },
    ready: {
      // The page of a step lives as long as the user is on it: leaving stops its machine (and its timers).
      initial: 'otherPage',
      states: {
        otherPage: { always: PAGE_STEPS.map((step) => ({ guard: { type: 'isOnPage', params: { step } }, target: pageStateOf(step) })) },
        ...pageStates,
      },
      on: {
        'process.route.request': { actions: { type: 'routeTo', params: ({ event }) => ({ path: event.path }) } },
        'process.step.complete': { actions: { type: 'completeStep', params: ({ event }) => ({ step: event.step }) } },
        'process.refresh': { target: 'loading' },
      },
    },
  },
});

/** A running process chart, as views and parent charts hold it. */
export type ProcessActorRef = ActorRefFrom<typeof processMachine>;
