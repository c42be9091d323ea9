/**
 * Paths of the disclosure page with two sections of 1 s each. Reading seconds arrive as the timers' beats,
 * saves and loads as their actors' answers; exploration stops past 1 s of reading (more seconds change nothing
 * the chart decides on). Every generated path is replayed on a real actor with fake effects, and after each
 * step the page's invariants are checked: a locked section is never open (not even after the server takes a
 * completion back), while reading at most one section is open (the next closes the one before), only open unfinished
 * sections have a clock, and Proceed starts only with every section complete.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { disclosureMachine } from '../../machines/disclosure/disclosure.machine.ts';
import { sectionsToTime } from '../../machines/disclosure/disclosure.rules.ts';
import type { DisclosureData, SaveProgressInput } from '../../machines/disclosure/disclosure.types.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import { allSectionsComplete, type DisclosureProgressResponse, type DisclosureSection } from '../../src/shared/disclosure.ts';
import { messages } from '../../src/shared/messages.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof disclosureMachine>;

const SECTIONS: DisclosureSection[] = [
  { id: 's1', title: 'Offering Summary', order: 1, minReadingTime: 1 / 60, hasPDF: true },
  { id: 's2', title: 'Risk Factors', order: 2, minReadingTime: 1 / 60, hasPDF: true },
];
const progress = (over: Partial<DisclosureProgressResponse> = {}): DisclosureProgressResponse => ({
  currentStep: 'disclosure',
  disclosuresCompleted: false,
  disclosureProgress: {},
  disclosureCompletedAt: null,
  isReadingMode: false,
  ...over,
});
const FRESH: DisclosureData = { sections: SECTIONS, progress: progress() };
const REVIEW: DisclosureData = { sections: SECTIONS, progress: progress({ currentStep: 'kyc', disclosuresCompleted: true, disclosureCompletedAt: '2026-11-20T10:00:00.000Z', isReadingMode: true }) };
const EMPTY: DisclosureData = { sections: [], progress: progress() };
/** The server's answer to a save: nothing credited (the reconciling of a real answer is tested beside the machine). */
const SERVER_NOTHING = progress();

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadDisclosure', output: FRESH },
  { type: 'xstate.done.actor.loadDisclosure', output: REVIEW },
  { type: 'xstate.done.actor.loadDisclosure', output: EMPTY },
  { type: 'xstate.error.actor.loadDisclosure', error: new ApiError('HTTP 500', 500, null) },
  { type: 'xstate.error.actor.loadDisclosure', error: new ApiError(messages.session.noToken, 401, null) },
  { type: 'disclosure.retry' },
  { type: 'disclosure.section.toggle', sectionId: 's1' },
  { type: 'disclosure.section.toggle', sectionId: 's2' },
  { type: 'disclosure.reading.tick', sectionId: 's1' },
  { type: 'disclosure.reading.tick', sectionId: 's2' },
  { type: 'disclosure.section.end.visible', sectionId: 's1' },
  { type: 'disclosure.section.end.visible', sectionId: 's2' },
  { type: 'disclosure.visibility.change', hidden: true },
  { type: 'disclosure.visibility.change', hidden: false },
  { type: 'xstate.after.PROGRESS_SAVE.disclosure.ready.reading.saving.idle' },
  { type: 'xstate.done.actor.saveProgress', output: SERVER_NOTHING },
  { type: 'xstate.error.actor.saveProgress', error: new ApiError(messages.general.network, 0, null) },
  { type: 'xstate.error.actor.saveProgress', error: new ApiError(messages.disclosure.sectionLocked, 409, null) },
  { type: 'disclosure.proceed' },
  { type: 'xstate.done.actor.completeDisclosure', output: progress({ currentStep: 'kyc', disclosuresCompleted: true }) },
  { type: 'xstate.error.actor.completeDisclosure', error: new ApiError(messages.disclosure.incomplete, 409, null) },
  { type: 'disclosure.returnToCurrentStep' },
  { type: 'disclosure.save' },
];

/**
 * Not explored further (their transitions are the same from the snapshots that are): more reading than the
 * minimum, a failed save or completion, two sections open at once (review mode), and a hidden tab with something unsaved.
 */
const stopWhen = (s: Snapshot) => {
  const c = s.context;
  return Object.values(c.progress).some((p) => p.timeSpent > 1) || c.saveFailed || c.completionError !== null || c.openIds.length > 1 || (c.hidden && c.unsaved);
};

/** Generation runs the chart without a parent: what it would ask of the process is a no-op there. */
const chart = disclosureMachine.provide({ actions: { returnToCurrentStep: () => undefined, followServerStep: () => undefined } });

function invariants(s: Snapshot, event: AnyEventObject) {
  const { progress: map, openIds, timerIds } = s.context;
  if (s.hasTag('readOnly')) {
    expect(timerIds).toEqual([]);
    return;
  }
  for (const id of openIds) expect(map[id]?.unlocked, `open ${id} is unlocked`).toBe(true);
  // One section open at a time while reading: opening the next closes the one before.
  expect(openIds.length).toBeLessThanOrEqual(1);
  if (event.type === 'disclosure.section.toggle' && openIds.includes(event.sectionId)) expect(openIds).toEqual([event.sectionId]);
  if (s.matches({ ready: 'reading' })) expect([...timerIds].sort()).toEqual(sectionsToTime(openIds, map).sort());
  // Proceeding starts only with every section complete (a save answered meanwhile may still undo one).
  if (event.type === 'disclosure.proceed' && s.hasTag('completing')) expect(allSectionsComplete(s.context.sections, map)).toBe(true);
}

describe('disclosure statechart paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const result = coverMachine(chart, { name: 'disclosure', events, input: {}, stopWhen, limit: 200_000 });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the page invariants on every path, replayed on a real actor', async () => {
    const ended = await replayPaths(result.paths, {
      input: {},
      // The chart asks the process (its parent) to go elsewhere; the stand-in parent records it.
      parent: true,
      setup: () => ({
        machine: disclosureMachine.provide({
          actors: {
            // Effects never settle by themselves: each answer is the path's own event (timers' beats included).
            loadDisclosure: fromPromise<DisclosureData, void>(() => new Promise(() => {})),
            saveProgress: fromPromise<DisclosureProgressResponse, SaveProgressInput>(() => new Promise(() => {})),
            completeDisclosure: fromPromise<DisclosureProgressResponse, SaveProgressInput>(() => new Promise(() => {})),
            watchVisibility: fromCallback(() => () => undefined),
          },
        }),
      }),
      checkStep: ({ snapshot, event }) => invariants(snapshot, event),
    });
    for (const { path, sentToParent } of ended) {
      if (path.steps.some((s) => s.event.type === 'disclosure.returnToCurrentStep')) expect(sentToParent).toContainEqual({ type: 'process.route.request', path: '/' });
    }
  });
});
