/**
 * The disclosure page (spec section 2 "Disclosure page", section 4 "Disclosure sections"): load the sections and
 * the server's account of the reading, then either read them in order (one reading timer per open section, scroll
 * to the end, each completion unlocking the next and saving) or, once the step is complete, review them.
 * Progress is saved on open, close, completion, tab hidden and every 10 s; the server's answer is adopted.
 * 'Proceed to KYC Verification' calls complete; the machine then finishes and the process moves on.
 * Effects (`loadDisclosure`, `saveProgress`, `completeDisclosure`, `watchVisibility`) are provided by the app.
 */
import { assign, enqueueActions, fromCallback, fromPromise, raise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { isApiError, serverMessageOf } from '../../src/shared/api-error.ts';
import { DISCLOSURE } from '../../src/shared/constants.ts';
import { allSectionsComplete, progressOf, type DisclosureProgressResponse } from '../../src/shared/disclosure.ts';
import { messages } from '../../src/shared/messages.ts';
import { PROCESS_STEPS, pathOfStep, type ProcessStep } from '../../src/shared/process-steps.ts';
import { readingTimerMachine } from '../reading-timer/reading-timer.machine.ts';
import { canOpen, normalise, reconcile, sectionsToTime, timerId, updateSection } from './disclosure.rules.ts';
import type {
  DisclosureContext,
  DisclosureData,
  DisclosureEvent,
  DisclosureInput,
  DisclosureParentEvent,
  SaveProgressInput,
} from './disclosure.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

const asStep = (value: string): ProcessStep => ((PROCESS_STEPS as readonly string[]).includes(value) ? (value as ProcessStep) : 'disclosure');

export const disclosureMachine = setup({
  types: {} as { context: DisclosureContext; events: DisclosureEvent; input: DisclosureInput; output: { completed: true } },
  actors: {
    loadDisclosure: fromPromise<DisclosureData, void>(async () => {
      throw new Error('loadDisclosure is provided by the app');
    }),
    saveProgress: fromPromise<DisclosureProgressResponse, SaveProgressInput>(async () => {
      throw new Error('saveProgress is provided by the app');
    }),
    completeDisclosure: fromPromise<DisclosureProgressResponse, SaveProgressInput>(async () => {
      throw new Error('completeDisclosure is provided by the app');
    }),
    /** Reports the tab's visibility as 'disclosure.visibility.change'. */
    watchVisibility: fromCallback(() => {
      throw new Error('watchVisibility is provided by the app');
    }),
    readingTimer: readingTimerMachine,
  },
  guards: {
    hasNoSections: (_, params: { data: DisclosureData }) => params.data.sections.length === 0,
    isStepCompleted: ({ context }) => context.completedAt !== null,
    isAuthMissing: (_, params: { error: unknown }) => isApiError(params.error) && params.error.status === 401,
    /** 400/409: the server refused what this page claims (a section it holds locked or no longer has). */
    isClaimRefused: (_, params: { error: unknown }) => isApiError(params.error) && (params.error.status === 400 || params.error.status === 409),
    canOpenSection: ({ context }, params: { sectionId: string; review: boolean }) => canOpen(context.progress, params.sectionId, params.review),
    isSectionOpen: ({ context }, params: { sectionId: string }) => context.openIds.includes(params.sectionId),
    isTimed: ({ context }, params: { sectionId: string }) => context.timerIds.includes(params.sectionId),
    areAllSectionsComplete: ({ context }) => allSectionsComplete(context.sections, context.progress),
    hasUnsavedChanges: ({ context }) => context.unsaved,
    shouldSaveAgain: ({ context }) => context.saveAgain,
  },
  actions: {
    adoptLoaded: assign(({ context }, params: { data: DisclosureData }) => {
      const { sections, progress } = params.data;
      const map = normalise(sections, progress.disclosureProgress);
      const completedAt = progress.disclosuresCompleted ? (progress.disclosureCompletedAt ?? new Date(0).toISOString()) : null;
      return {
        sections,
        progress: map,
        serverStep: asStep(progress.currentStep),
        completedAt,
        // A reload after a refused save keeps what is still open and may be (the set may have changed meanwhile).
        openIds: context.openIds.filter((id) => sections.some((s) => s.id === id) && canOpen(map, id, completedAt !== null)),
        unsaved: false,
        saveFailed: false,
      };
    }),
    /** Spec: a user whose server step differs is redirected to it, unless reviewing. */
    followServerStep: enqueueActions(({ context, enqueue }) => {
      if (context.completedAt === null && context.serverStep !== 'disclosure') {
        enqueue.sendParent({ type: 'process.route.request', path: pathOfStep(context.serverStep) } satisfies DisclosureParentEvent);
      }
    }),
    toggleOpen: assign(({ context }, params: { sectionId: string }) => {
      const open = context.openIds.includes(params.sectionId);
      return { openIds: open ? context.openIds.filter((id) => id !== params.sectionId) : [...context.openIds, params.sectionId] };
    }),
    /** While reading, one section is open at a time: opening the next closes the one before (review mode keeps toggleOpen). */
    openAlone: assign((_, params: { sectionId: string }) => ({ openIds: [params.sectionId] })),
    markOpened: assign(({ context }, params: { sectionId: string }) => {
      if (progressOf(context.progress, params.sectionId).opened) return {};
      return { progress: updateSection(context.sections, context.progress, params.sectionId, () => ({ opened: true })), unsaved: true };
    }),
    /** One more second, or the scroll to the end; a section that completes by it is saved at once (spec: "Completing saves progress"). */
    advanceSection: enqueueActions(({ context, enqueue }, params: { sectionId: string; by: 'second' | 'scroll' }) => {
      const wasCompleted = progressOf(context.progress, params.sectionId).completed;
      const progress = updateSection(context.sections, context.progress, params.sectionId, (p) =>
        params.by === 'second' ? { timeSpent: p.timeSpent + 1 } : { scrolled: true },
      );
      enqueue.assign({ progress, unsaved: true });
      if (!wasCompleted && progressOf(progress, params.sectionId).completed) enqueue.raise({ type: 'disclosure.save' });
    }),
    /** Starts a timer for every open section still being read, and stops the rest: timers follow the progress. */
    syncTimers: enqueueActions(({ context, enqueue }) => {
      const wanted = sectionsToTime(context.openIds, context.progress);
      for (const id of context.timerIds.filter((id) => !wanted.includes(id))) enqueue.stopChild(timerId(id));
      for (const id of wanted.filter((id) => !context.timerIds.includes(id))) {
        enqueue.spawnChild('readingTimer', { id: timerId(id), input: { sectionId: id } });
        if (context.hidden) enqueue.sendTo(timerId(id), { type: 'readingTimer.pause' });
      }
      enqueue.assign({ timerIds: wanted });
    }),
    stopAllTimers: enqueueActions(({ context, enqueue }) => {
      for (const id of context.timerIds) enqueue.stopChild(timerId(id));
      enqueue.assign({ timerIds: [] });
    }),
    /** Timers pause while the tab is hidden; leaving the tab is also the last chance to save (it may be closed). */
    setVisibility: enqueueActions(({ context, enqueue }, params: { hidden: boolean }) => {
      enqueue.assign({ hidden: params.hidden });
      for (const id of context.timerIds) enqueue.sendTo(timerId(id), { type: params.hidden ? 'readingTimer.pause' : 'readingTimer.resume' });
      if (params.hidden) enqueue.raise({ type: 'disclosure.save' });
    }),
    requestSave: raise({ type: 'disclosure.save' }),
    beginSave: assign(({ context }) => ({ sent: context.progress, unsaved: false, saveAgain: false })),
    /** The server's account wins; a section it says is still locked closes (its timer follows in syncTimers). */
    adoptSaved: assign(({ context }, params: { answer: DisclosureProgressResponse }) => {
      const progress = reconcile(context.sections, context.progress, context.sent ?? context.progress, params.answer.disclosureProgress);
      return { progress, openIds: context.openIds.filter((id) => canOpen(progress, id, false)), sent: null, saveFailed: false };
    }),
    noteSaveFailed: assign({ sent: null, unsaved: true, saveFailed: true }),
    noteSaveAgain: assign({ saveAgain: true }),
    noteCompletionFailed: assign((_, params: { error: unknown }) => ({
      completionError: { message: messages.disclosure.saveCompletionFailed, detail: serverMessageOf(params.error) },
    })),
    clearCompletionError: assign({ completionError: null }),
    returnToCurrentStep: sendParent({ type: 'process.route.request', path: '/' } satisfies DisclosureParentEvent),
  },
  delays: { PROGRESS_SAVE: DISCLOSURE.progressSaveMs },
}).createMachine({
  id: 'disclosure',
  description: 'The disclosure page: the investor reads every section in order for its minimum time and to its end, or reviews them once the step is complete.',
  meta: {
    descriptions: {
      guards: {
        hasNoSections: 'The issuer has published no disclosure sections.',
        isStepCompleted: 'The investor has already completed the disclosure step: the page is the read-only review.',
        isAuthMissing: 'The server does not know the investor (401): they must sign in.',
        isClaimRefused: 'The server refused what this page claims (a section it holds locked or no longer has): 400 or 409.',
        canOpenSection: 'The section may be opened: it is unlocked (every section before it is complete).',
        isSectionOpen: 'The section is open.',
        isTimed: 'The section is open and still being read: its reading clock counts.',
        areAllSectionsComplete: 'The investor has read every section for its minimum time and scrolled to its end.',
        hasUnsavedChanges: 'Reading progress has changed since the last save.',
        shouldSaveAgain: 'Progress changed while the save was on its way: it is sent again.',
      },
      actions: {
        adoptLoaded: "Takes the sections and the server's account of the reading; keeps open the sections still open and allowed.",
        followServerStep: "Sends the investor to their current step when the server's step is not disclosure (unless reviewing).",
        toggleOpen: 'Opens or closes a section.',
        openAlone: 'Opens the section and closes the one before: one section is read at a time.',
        markOpened: 'Records that the section was opened.',
        advanceSection: 'Counts one more second of reading, or the scroll to the end; a section completed by it is saved at once.',
        syncTimers: 'Starts a reading clock for every open section still being read, and stops the rest.',
        stopAllTimers: 'Stops every reading clock.',
        setVisibility: 'Pauses the reading clocks while the tab is hidden (and saves), resumes them when it is visible.',
        requestSave: 'Asks for the reading progress to be saved now.',
        beginSave: 'Notes the progress being sent.',
        adoptSaved: "Takes the server's account of the reading; a section it says is still locked closes.",
        noteSaveFailed: 'The save failed: the progress is kept for the next save.',
        noteSaveAgain: 'Notes that progress changed while a save was on its way.',
        noteCompletionFailed: "Says, in the spec's words, that the completion could not be saved, with the server's words.",
        clearCompletionError: 'Clears the completion error shown.',
        returnToCurrentStep: 'Sends the investor back to their current step (RETURN TO CURRENT STEP).',
      },
      actors: {
        loadDisclosure: "Fetches the disclosure sections and the server's account of the investor's reading.",
        saveProgress: "Saves the investor's reading progress; answers with the server's account.",
        completeDisclosure: 'Completes the disclosure step on the server.',
        watchVisibility: 'Reports when the tab is hidden or visible again.',
        readingTimer: "One open section's reading clock (machines/reading-timer).",
      },
      delays: {
        PROGRESS_SAVE: 'Progress is saved every 10 seconds while it changes (DISCLOSURE.progressSaveMs).',
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({
    sections: [],
    progress: {},
    sent: null,
    unsaved: false,
    saveAgain: false,
    openIds: [],
    timerIds: [],
    hidden: input.hidden ?? false,
    serverStep: 'disclosure',
    completedAt: null,
    saveFailed: false,
    completionError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "Fetching the sections and the investor's reading progress.",
      tags: ['loading'],
      invoke: {
        id: 'loadDisclosure',
        src: 'loadDisclosure',
        onDone: [
          { guard: { type: 'hasNoSections', params: ({ event }) => ({ data: event.output }) }, target: 'empty' },
          { target: 'ready', actions: [{ type: 'adoptLoaded', params: ({ event }) => ({ data: event.output }) }, 'followServerStep'] },
        ],
        onError: [{ guard: { type: 'isAuthMissing', params: ({ event }) => ({ error: event.error }) }, target: 'authRequired' }, { target: 'failed' }],
      },
    },
    failed: {
      description: 'The disclosure could not be loaded: the failure is shown with a retry.',
      on: { 'disclosure.retry': 'loading' },
    },
    authRequired: { description: 'The investor is not signed in: the page asks them to sign in.' },
    empty: { description: 'The issuer has published no disclosure sections.' },
    ready: {
      description: 'The sections are on screen.',
      initial: 'choosing',
      states: {
        choosing: {
          description: 'Reading, or the review of a completed step.',
          always: [{ guard: 'isStepCompleted', target: 'reviewing' }, { target: 'reading' }],
        },
        reviewing: {
          description: 'The step is complete: the sections can be opened and read again, nothing is recorded.',
          tags: ['readOnly'],
          on: {
            'disclosure.section.toggle': { actions: { type: 'toggleOpen', params: ({ event }) => ({ sectionId: event.sectionId }) } },
            'disclosure.returnToCurrentStep': { actions: 'returnToCurrentStep' },
          },
        },
        reading: {
          description: 'The investor reads the sections in order; progress is saved as it goes.',
          type: 'parallel',
          invoke: { id: 'watchVisibility', src: 'watchVisibility' },
          // Sections still open after a reload read on.
          entry: 'syncTimers',
          exit: 'stopAllTimers',
          on: {
            'disclosure.visibility.change': { actions: { type: 'setVisibility', params: ({ event }) => ({ hidden: event.hidden }) } },
          },
          states: {
            sections: {
              description: 'Sections open and close; each open section counts its reading seconds and its scroll to the end.',
              on: {
                'disclosure.section.toggle': [
                  {
                    guard: { type: 'isSectionOpen', params: ({ event }) => ({ sectionId: event.sectionId }) },
                    actions: [{ type: 'toggleOpen', params: ({ event }) => ({ sectionId: event.sectionId }) }, 'syncTimers', 'requestSave'],
                  },
                  {
                    guard: { type: 'canOpenSection', params: ({ event }) => ({ sectionId: event.sectionId, review: false }) },
                    actions: [
                      { type: 'openAlone', params: ({ event }) => ({ sectionId: event.sectionId }) },
                      { type: 'markOpened', params: ({ event }) => ({ sectionId: event.sectionId }) },
                      'syncTimers',
                      'requestSave',
                    ],
                  },
                ],
                'disclosure.reading.tick': {
                  guard: { type: 'isTimed', params: ({ event }) => ({ sectionId: event.sectionId }) },
                  actions: [{ type: 'advanceSection', params: ({ event }) => ({ sectionId: event.sectionId, by: 'second' as const }) }, 'syncTimers'],
                },
                'disclosure.section.end.visible': {
                  guard: { type: 'isSectionOpen', params: ({ event }) => ({ sectionId: event.sectionId }) },
                  actions: [{ type: 'advanceSection', params: ({ event }) => ({ sectionId: event.sectionId, by: 'scroll' as const }) }, 'syncTimers'],
                },
              },
            },
            saving: {
              description: 'Progress is saved on open, close, completion, tab hidden and every 10 s.',
              initial: 'idle',
              states: {
                idle: {
                  description: 'Waiting for the next save.',
                  on: { 'disclosure.save': 'sending' },
                  after: { PROGRESS_SAVE: [{ guard: 'hasUnsavedChanges', target: 'sending' }, { target: 'idle', reenter: true }] },
                },
                sending: {
                  description: "Sending the reading progress; the server's answer is adopted.",
                  tags: ['saving'],
                  entry: 'beginSave',
                  on: { 'disclosure.save': { actions: 'noteSaveAgain' } },
                  invoke: {
                    id: 'saveProgress',
                    src: 'saveProgress',
                    input: ({ context }) => ({ sectionProgress: context.progress }),
                    onDone: [
                      {
                        guard: 'shouldSaveAgain',
                        target: 'sending',
                        reenter: true,
                        actions: [{ type: 'adoptSaved', params: ({ event }) => ({ answer: event.output }) }, 'syncTimers'],
                      },
                      { target: 'idle', actions: [{ type: 'adoptSaved', params: ({ event }) => ({ answer: event.output }) }, 'syncTimers'] },
                    ],
                    onError: [
                      // The page and the server disagree (e.g. the issuer replaced a document meanwhile): reload the
                      // server's account rather than repeat a refused claim.
                      { description: "The page and the server disagree (e.g. a replaced document): the server's account is loaded again rather than repeat a refused claim.", guard: { type: 'isClaimRefused', params: ({ event }) => ({ error: event.error }) }, target: '#disclosure.loading' },
                      // A network or server failure: kept for the next save (the time on screen stays).
                      { description: 'A network or server failure: the progress is kept for the next save.', target: 'idle', actions: 'noteSaveFailed' },
                    ],
                  },
                },
              },
            },
            proceeding: {
              description: "'Proceed to KYC Verification', once every section is complete.",
              initial: 'idle',
              states: {
                idle: {
                  description: 'Waiting for the investor to proceed (offered once every section is complete).',
                  on: { 'disclosure.proceed': { guard: 'areAllSectionsComplete', target: 'completing' } },
                },
                completing: {
                  description: 'Completing the disclosure step on the server.',
                  tags: ['completing'],
                  entry: 'clearCompletionError',
                  invoke: {
                    id: 'completeDisclosure',
                    src: 'completeDisclosure',
                    input: ({ context }) => ({ sectionProgress: context.progress }),
                    onDone: { target: '#disclosure.done' },
                    // Then a save brings this page in line with what the server has (e.g. a section it did not accept).
                    onError: { target: 'idle', actions: [{ type: 'noteCompletionFailed', params: ({ event }) => ({ error: event.error }) }, 'requestSave'] },
                  },
                },
              },
            },
          },
        },
      },
    },
    done: {
      description: 'The disclosure step is complete: the process moves on to KYC.',
      type: 'final',
    },
  },
  output: () => ({ completed: true }),
});

/** A running disclosure chart, as views and parent charts hold it. */
export type DisclosureActorRef = ActorRefFrom<typeof disclosureMachine>;
