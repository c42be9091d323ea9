/**
 * Step progress and step order: loads the status calls (PROCESS_STEP_STATUS, in parallel, each allowed to fail),
 * derives which steps are complete, accessible and current, and decides which process page the user is on. A page
 * that is a chart of its own (process.pages.ts) has a state in `ready` that, while its page is shown, loads that
 * chart (a lazy chunk: the first script of the login page stays without it) and then runs it.
 */
import { assign, enqueueActions, fromPromise, not, setup, type ActorRefFrom, type AnyActorLogic } from 'xstate';
import { deriveStepProgress, NO_STATUS_ANSWERS, type StepProgress, type StatusAnswers } from '../../src/shared/process.ts';
import { PROCESS_STEPS, pathOfStep, type ProcessStep } from '../../src/shared/process-steps.ts';
import { PAGE_STEPS, pathOfPage, type PageCharts, type PageStep } from './process.pages.ts';
import { resolveProcessPath } from './process.routes.ts';
import type { PageChartDoneEvent, ProcessContext, ProcessEvent, ProcessInput } from './process.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

function markCompleted(progress: StepProgress, step: ProcessStep): StepProgress {
  const next = PROCESS_STEPS[PROCESS_STEPS.indexOf(step) + 1];
  const updated = { ...progress, [step]: { ...progress[step], completed: true, current: false } };
  if (next) updated[next] = { ...progress[next], accessible: true, current: true };
  return updated;
}

/** How the states' descriptions name each page. */
const PAGE_WORDS: Record<PageStep, string> = { disclosure: 'disclosure', kyc: 'KYC', agreements: 'agreements', payment: 'payment', complete: 'investment status', downloads: 'downloads' };

/** The state of `ready` in which a page is shown: 'disclosurePage', 'kycPage'. */
const pageStateOf = (step: PageStep) => `${step}Page` as const;

/** The id of a page chart's load while it runs ('disclosureChart'); the chart itself runs as `step`. */
export const chartLoadIdOf = (step: PageStep) => `${step}Chart` as const;

/**
 * The state of a page: it loads the page's chart (a failed load waits for a retry), then runs it while the page is
 * shown; when the chart finishes it completes its step. Leaving the page stops the chart (a spawned child outlives
 * its state otherwise) or the load (an invoke: a late answer then starts nothing).
 */
const pageState = (step: PageStep) => ({
  description: `The ${PAGE_WORDS[step]} page is shown: its chart is loaded, then runs until it completes its step.`,
  always: { guard: not({ type: 'isOnPage', params: { step } }), target: 'otherPage' },
  exit: { type: 'stopPageChart' as const, params: { step } },
  initial: 'loadingChart' as const,
  states: {
    loadingChart: {
      description: `Loading the ${PAGE_WORDS[step]} page's chart (a script chunk of its own).`,
      tags: ['pageLoading'],
      invoke: {
        id: chartLoadIdOf(step),
        src: 'loadPageChart' as const,
        input: { page: step },
        onDone: { target: 'running', actions: { type: 'startPageChart' as const, params: { step } } },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: { description: `The ${PAGE_WORDS[step]} page's chart could not be loaded: the page offers a retry.`, tags: ['pageLoadFailed'], on: { 'process.page.retry': { target: 'loadingChart' } } },
    running: { description: `The ${PAGE_WORDS[step]} page's chart runs; when it finishes, its step is complete.`, on: { [`xstate.done.actor.${step}`]: { actions: { type: 'completeStep' as const, params: { step } } } } },
  },
});

/** One such state per page; the cast keeps their names in the machine's type (fromEntries drops them). */
const pageStates = Object.fromEntries(PAGE_STEPS.map((step) => [pageStateOf(step), pageState(step)])) as Record<
  ReturnType<typeof pageStateOf>,
  ReturnType<typeof pageState>
>;

export const processMachine = setup({
  types: {} as { context: ProcessContext; events: ProcessEvent | PageChartDoneEvent; input: ProcessInput },
  actors: {
    /** The status calls; a failed call answers null instead of failing the whole load. */
    loadStepProgress: fromPromise<StatusAnswers, void>(async () => {
      throw new Error('loadStepProgress is provided by the app');
    }),
    /** A page's chart with its effects provided: the app imports it (its own chunk) when the page is first shown. */
    loadPageChart: fromPromise<PageCharts[PageStep], { page: PageStep }>(async () => {
      throw new Error('loadPageChart is provided by the app');
    }),
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
      // The status page and the downloads page have nothing after them (their charts never finish).
      if (!context.progress || params.step === 'downloads' || params.step === 'complete') return {};
      const progress = markCompleted(context.progress, params.step);
      const next = PROCESS_STEPS[PROCESS_STEPS.indexOf(params.step) + 1] ?? params.step;
      return { progress, serverStep: next, path: pathOfStep(next) };
    }),
    /** Runs the loaded chart (the load's output) as the page's child: views find it as `children[step]`. */
    startPageChart: enqueueActions(({ event, enqueue }, params: { step: PageStep }) => {
      const logic = (event as unknown as { output: AnyActorLogic }).output;
      // XState's types allow a child's id only for the sources named in setup (children typed by id); this chart is
      // loaded, not named, and its id is what views look it up by (selectPageActor), so the id is passed untyped.
      const spawn = enqueue.spawnChild as unknown as (src: AnyActorLogic, options: { id: string; input: object }) => void;
      spawn(logic, { id: params.step, input: {} });
    }),
    stopPageChart: enqueueActions(({ enqueue }, params: { step: PageStep }) => enqueue.stopChild(params.step)),
  },
}).createMachine({
  id: 'process',
  description: "The investor's process: which steps are complete, accessible and current, which process page is shown, and that page's chart.",
  meta: {
    descriptions: {
      guards: {
        isOnPage: "The investor is on this step's page.",
      },
      actions: {
        applyAnswers: 'Derives from the status calls which steps are complete, accessible and current, and the page to show.',
        routeTo: 'Goes to the page asked for, or to the page the progress allows.',
        completeStep: 'Marks the step complete, opens the next one and moves on to its page.',
        startPageChart: "Runs the page's loaded chart as the page's child.",
        stopPageChart: "Stops the page's chart: the investor left the page.",
      },
      actors: {
        loadStepProgress: 'Fetches the status of every step, in parallel; a failed call counts as no answer.',
        loadPageChart: "Loads a page's chart with its effects (its own script chunk) when the page is first shown.",
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({ requestedPath: input.requestedPath, path: '', answers: null, progress: null, serverStep: 'disclosure' }),
  initial: 'loading',
  states: {
    loading: {
      description: "Fetching the status of the investor's steps.",
      tags: ['loading'],
      invoke: {
        id: 'loadStepProgress',
        src: 'loadStepProgress',
        onDone: { target: 'ready', actions: { type: 'applyAnswers', params: ({ event }) => event.output } },
        // allSettled never rejects; if the effect itself breaks, show the process with nothing complete.
        onError: { description: 'The status calls never fail together; if the effect itself breaks, the process shows with nothing complete.', target: 'ready', actions: { type: 'applyAnswers', params: NO_STATUS_ANSWERS } },
      },
      on: {
        'process.route.request': { actions: assign({ requestedPath: ({ event }) => event.path }) },
      },
    },
    ready: {
      description: "The investor's progress is known: the page of the current (or requested) step is shown.",
      // The page of a step lives as long as the user is on it: leaving stops its machine (and its timers).
      initial: 'otherPage',
      states: {
        otherPage: { description: 'No page with a chart is shown (a route being resolved): nothing runs.', always: PAGE_STEPS.map((step) => ({ guard: { type: 'isOnPage', params: { step } }, target: pageStateOf(step) })) },
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
