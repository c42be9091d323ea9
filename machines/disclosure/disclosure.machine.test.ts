/**
 * The disclosure page's statechart with fake effects and fake timers: reading order, the one-second reading clock
 * (paused while the tab is hidden), completion by time and scroll, saving (on open, on completion, every 10 s),
 * adopting the server's account, proceeding, review mode, and the load failures.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, type AnyEventObject } from 'xstate';
import { ApiError } from '../../src/shared/api-error.ts';
import { DISCLOSURE } from '../../src/shared/constants.ts';
import type { DisclosureProgressResponse, DisclosureSection, SectionProgress } from '../../src/shared/disclosure.ts';
import { messages } from '../../src/shared/messages.ts';
import { disclosureMachine } from './disclosure.machine.ts';
import { selectAllComplete, selectCompletionError, selectPhase, selectSections } from './disclosure.selectors.ts';
import type { DisclosureData, ProgressMap, SaveProgressInput } from './disclosure.types.ts';

const SECTIONS: DisclosureSection[] = [
  { id: 's1', title: 'Offering Summary', order: 1, minReadingTime: 3 / 60, hasPDF: true },
  { id: 's2', title: 'Risk Factors', order: 2, minReadingTime: 2 / 60, hasPDF: true },
];

const response = (map: ProgressMap = {}, over: Partial<DisclosureProgressResponse> = {}): DisclosureProgressResponse => ({
  currentStep: 'disclosure',
  disclosuresCompleted: false,
  disclosureProgress: map,
  disclosureCompletedAt: null,
  isReadingMode: false,
  ...over,
});

type Fakes = {
  load?: () => Promise<DisclosureData>;
  save?: (input: SaveProgressInput) => Promise<DisclosureProgressResponse>;
  complete?: (input: SaveProgressInput) => Promise<DisclosureProgressResponse>;
};

/** The server as an echo: it credits whatever is claimed (the server's own rules are tested in test/api). */
const echo = async ({ sectionProgress }: SaveProgressInput) => response(sectionProgress);

function start({ load = async () => ({ sections: SECTIONS, progress: response() }), save = echo, complete = echo }: Fakes = {}) {
  const saved: SaveProgressInput[] = [];
  const completed: SaveProgressInput[] = [];
  const toParent: AnyEventObject[] = [];
  const disclosure = disclosureMachine.provide({
    actors: {
      loadDisclosure: fromPromise(load),
      saveProgress: fromPromise<DisclosureProgressResponse, SaveProgressInput>(({ input }) => {
        saved.push(structuredClone(input));
        return save(input);
      }),
      completeDisclosure: fromPromise<DisclosureProgressResponse, SaveProgressInput>(({ input }) => {
        completed.push(structuredClone(input));
        return complete(input);
      }),
      watchVisibility: fromCallback(() => () => undefined),
    },
  });
  // A stand-in parent: records what the page asks of the process.
  const parent = setup({ actors: { disclosure } }).createMachine({
    invoke: { id: 'disclosure', src: 'disclosure', input: {}, onDone: { target: '.done' } },
    initial: 'open',
    states: { open: {}, done: {} },
    on: {
      'process.route.request': { actions: ({ event }) => toParent.push(event) },
    },
  });
  const root = createActor(parent).start();
  const actor = () => root.getSnapshot().children.disclosure as ReturnType<typeof createActor<typeof disclosure>>;
  const snap = () => actor().getSnapshot();
  const progressOf = (id: string): SectionProgress => snap().context.progress[id]!;
  const send = (event: AnyEventObject) => actor().send(event as never);
  return { root, actor, snap, progressOf, send, saved, completed, toParent };
}

const settle = () => vi.advanceTimersByTimeAsync(0);
const seconds = (n: number) => vi.advanceTimersByTimeAsync(n * DISCLOSURE.readingTickMs);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('disclosure statechart', () => {
  it('loads the sections with the first unlocked, and refuses to open a locked one', async () => {
    const t = start();
    expect(selectPhase(t.snap())).toBe('loading');
    await settle();
    expect(selectPhase(t.snap())).toBe('reading');
    expect(selectSections(t.snap()).map((s) => s.badge)).toEqual(['pending', 'locked']);
    t.send({ type: 'disclosure.section.toggle', sectionId: 's2' });
    expect(t.snap().context.openIds).toEqual([]);
  });

  it('opens a section, saves the opening at once, and counts a second per tick while open', async () => {
    const t = start();
    await settle();
    t.send({ type: 'disclosure.section.toggle', sectionId: 's1' });
    await settle();
    expect(t.saved[0]?.sectionProgress.s1).toMatchObject({ opened: true, timeSpent: 0 });
    expect(selectSections(t.snap())[0]?.badge).toBe('inProgress');
    await seconds(2);
    expect(t.progressOf('s1').timeSpent).toBe(2);
    // Closing stops the clock (and saves).
    t.send({ type: 'disclosure.section.toggle', sectionId: 's1' });
    await seconds(5);
    expect(t.progressOf('s1').timeSpent).toBe(2);
    expect(t.saved.at(-1)?.sectionProgress.s1?.timeSpent).toBe(2);
  });

  it('pauses the reading clock while the tab is hidden, and saves when it is hidden', async () => {
    const t = start();
    await settle();
    t.send({ type: 'disclosure.section.toggle', sectionId: 's1' });
    await seconds(1);
    const savesBefore = t.saved.length;
    t.send({ type: 'disclosure.visibility.change', hidden: true });
    await seconds(5);
    expect(t.progressOf('s1').timeSpent).toBe(1);
    expect(t.saved.length).toBe(savesBefore + 1);
    t.send({ type: 'disclosure.visibility.change', hidden: false });
    await seconds(1);
    expect(t.progressOf('s1').timeSpent).toBe(2);
  });

  it('completes a section with its time and the scroll, saves it, stops its clock and unlocks the next', async () => {
    const t = start();
    await settle();
    t.send({ type: 'disclosure.section.toggle', sectionId: 's1' });
    await seconds(3);
    expect(t.progressOf('s1').completed).toBe(false); // time met, not scrolled
    t.send({ type: 'disclosure.section.end.visible', sectionId: 's1' });
    await settle();
    expect(t.progressOf('s1')).toMatchObject({ completed: true, scrolled: true, timeSpent: 3 });
    expect(t.saved.at(-1)?.sectionProgress.s1).toMatchObject({ completed: true });
    expect(t.snap().context.timerIds).toEqual([]);
    await seconds(4);
    expect(t.progressOf('s1').timeSpent).toBe(3);
    expect(selectSections(t.snap()).map((s) => s.badge)).toEqual(['complete', 'pending']);
  });

  it('saves an open section every 10 seconds while something changed, and not when nothing did', async () => {
    const t = start();
    await settle();
    t.send({ type: 'disclosure.section.toggle', sectionId: 's1' });
    await settle();
    const afterOpen = t.saved.length;
    await vi.advanceTimersByTimeAsync(DISCLOSURE.progressSaveMs);
    expect(t.saved.length).toBe(afterOpen + 1);
    // Completed and closed: nothing changes any more, so nothing more is sent.
    t.send({ type: 'disclosure.section.end.visible', sectionId: 's1' });
    t.send({ type: 'disclosure.section.toggle', sectionId: 's1' });
    await settle();
    const settled = t.saved.length;
    await vi.advanceTimersByTimeAsync(3 * DISCLOSURE.progressSaveMs);
    expect(t.saved.length).toBe(settled);
  });

  it("adopts the server's credit: time it did not credit is taken back, a completion it refused is undone", async () => {
    const t = start({ save: async ({ sectionProgress }) => response({ ...sectionProgress, s1: { ...sectionProgress.s1!, timeSpent: 1, completed: false } }) });
    await settle();
    t.send({ type: 'disclosure.section.toggle', sectionId: 's1' });
    await seconds(3);
    t.send({ type: 'disclosure.section.end.visible', sectionId: 's1' });
    await settle();
    expect(t.progressOf('s1')).toMatchObject({ timeSpent: 1, completed: false, scrolled: true });
    // Reading goes on from the server's figure.
    expect(t.snap().context.timerIds).toEqual(['s1']);
    expect(selectSections(t.snap())[1]?.badge).toBe('locked');
  });

  it('keeps unsaved reading after a failed save and says so; the next save sends it', async () => {
    let fail = true;
    const t = start({ save: async (input) => (fail ? Promise.reject(new ApiError(messages.general.network, 0, null)) : echo(input)) });
    await settle();
    t.send({ type: 'disclosure.section.toggle', sectionId: 's1' });
    await seconds(2);
    expect(t.snap().context.saveFailed).toBe(true);
    expect(t.progressOf('s1').timeSpent).toBe(2);
    fail = false;
    await vi.advanceTimersByTimeAsync(DISCLOSURE.progressSaveMs);
    expect(t.snap().context.saveFailed).toBe(false);
    expect(t.saved.at(-1)?.sectionProgress.s1?.timeSpent).toBeGreaterThanOrEqual(2);
  });

  it('reloads the server account when a save is refused (409), keeping what is still open, and reads on', async () => {
    let loads = 0;
    const serverView = { s1: { unlocked: true, opened: true, timeSpent: 1, scrolled: false, completed: false } };
    const t = start({
      load: async () => ({ sections: SECTIONS, progress: response(++loads === 1 ? {} : serverView) }),
      save: async ({ sectionProgress }) =>
        sectionProgress.s1?.timeSpent && sectionProgress.s1.timeSpent >= 2
          ? Promise.reject(new ApiError(messages.disclosure.sectionLocked, 409, { error: messages.disclosure.sectionLocked }))
          : echo({ sectionProgress }),
    });
    await settle();
    t.send({ type: 'disclosure.section.toggle', sectionId: 's1' });
    await seconds(2);
    t.send({ type: 'disclosure.visibility.change', hidden: true });
    t.send({ type: 'disclosure.visibility.change', hidden: false });
    await settle();
    expect(loads).toBe(2);
    expect(selectPhase(t.snap())).toBe('reading');
    expect(t.progressOf('s1').timeSpent).toBe(1);
    expect(t.snap().context.openIds).toEqual(['s1']);
    expect(t.snap().context.timerIds).toEqual(['s1']);
    await seconds(1);
    expect(t.progressOf('s1').timeSpent).toBe(2);
  });

  it('closes a section the server answers is still locked', async () => {
    const t = start({
      save: async ({ sectionProgress }) =>
        response({ ...sectionProgress, s1: { ...sectionProgress.s1!, completed: false }, s2: { unlocked: false, opened: false, timeSpent: 0, scrolled: false, completed: false } }),
    });
    await settle();
    t.send({ type: 'disclosure.section.toggle', sectionId: 's1' });
    await seconds(3);
    t.send({ type: 'disclosure.section.end.visible', sectionId: 's1' });
    t.send({ type: 'disclosure.section.toggle', sectionId: 's2' });
    // Opening the next section closed the one before.
    expect(t.snap().context.openIds).toEqual(['s2']);
    await settle();
    expect(t.snap().context.openIds).toEqual([]);
    expect(t.snap().context.timerIds).toEqual([]);
    expect(t.progressOf('s2')).toMatchObject({ unlocked: false, opened: false });
  });

  it('keeps one section open while reading (the next closes the one before), several in review mode', async () => {
    const reading = start();
    await settle();
    reading.send({ type: 'disclosure.section.toggle', sectionId: 's1' });
    await seconds(3);
    reading.send({ type: 'disclosure.section.end.visible', sectionId: 's1' });
    await settle();
    reading.send({ type: 'disclosure.section.toggle', sectionId: 's2' });
    expect(reading.snap().context.openIds).toEqual(['s2']);
    expect(reading.snap().context.timerIds).toEqual(['s2']);
    const review = start({ load: async () => ({ sections: SECTIONS, progress: response({}, { disclosuresCompleted: true, disclosureCompletedAt: '2026-11-20T10:00:00.000Z', currentStep: 'kyc' }) }) });
    await settle();
    review.send({ type: 'disclosure.section.toggle', sectionId: 's1' });
    review.send({ type: 'disclosure.section.toggle', sectionId: 's2' });
    expect(review.snap().context.openIds).toEqual(['s1', 's2']);
  });

  async function readAll(t: ReturnType<typeof start>) {
    await settle();
    for (const id of ['s1', 's2']) {
      t.send({ type: 'disclosure.section.toggle', sectionId: id });
      await seconds(3);
      t.send({ type: 'disclosure.section.end.visible', sectionId: id });
      await settle();
    }
  }

  it('proceeds only when every section is complete, with the whole progress, and then finishes', async () => {
    const t = start({ complete: async (input) => response(input.sectionProgress, { currentStep: 'kyc', disclosuresCompleted: true }) });
    await settle();
    t.send({ type: 'disclosure.proceed' });
    expect(t.completed).toEqual([]);
    await readAll(t);
    expect(selectAllComplete(t.snap())).toBe(true);
    t.send({ type: 'disclosure.proceed' });
    await settle();
    expect(t.completed[0]?.sectionProgress).toMatchObject({ s1: { completed: true }, s2: { completed: true } });
    expect(t.root.getSnapshot().value).toBe('done');
  });

  it("shows 'Failed to save completion. Please try again.' with the server's reason, then re-syncs", async () => {
    const t = start({ complete: async () => Promise.reject(new ApiError(messages.disclosure.incomplete, 409, { error: messages.disclosure.incomplete })) });
    await readAll(t);
    const saves = t.saved.length;
    t.send({ type: 'disclosure.proceed' });
    await settle();
    expect(selectCompletionError(t.snap())).toEqual({ message: messages.disclosure.saveCompletionFailed, detail: messages.disclosure.incomplete });
    expect(t.saved.length).toBe(saves + 1);
    expect(selectPhase(t.snap())).toBe('reading');
  });

  it('reviews a completed step: every section opens, no clock runs, nothing is saved, and it can return', async () => {
    const done = { unlocked: true, opened: true, timeSpent: 60, scrolled: true, completed: true };
    const t = start({
      load: async () => ({
        sections: SECTIONS,
        progress: response({ s1: done }, { currentStep: 'kyc', disclosuresCompleted: true, disclosureCompletedAt: '2026-11-20T10:00:00.000Z', isReadingMode: true }),
      }),
    });
    await settle();
    expect(selectPhase(t.snap())).toBe('reviewing');
    expect(selectSections(t.snap()).map((s) => s.badge)).toEqual(['completed', 'available']);
    t.send({ type: 'disclosure.section.toggle', sectionId: 's2' });
    await seconds(15);
    expect(t.snap().context.openIds).toEqual(['s2']);
    expect(t.progressOf('s2').timeSpent).toBe(0);
    expect(t.saved).toEqual([]);
    expect(t.toParent).toEqual([]);
    t.send({ type: 'disclosure.returnToCurrentStep' });
    expect(t.toParent).toEqual([{ type: 'process.route.request', path: '/' }]);
  });

  it("sends an investor whose server step is elsewhere to that step (spec: redirect unless reviewing)", async () => {
    const t = start({ load: async () => ({ sections: SECTIONS, progress: response({}, { currentStep: 'kyc' }) }) });
    await settle();
    expect(t.toParent).toEqual([{ type: 'process.route.request', path: '/process/kyc' }]);
  });

  it('shows the load failure with a retry, Authentication Required without a token, and the empty state', async () => {
    let attempt = 0;
    const failing = start({ load: async () => (++attempt === 1 ? Promise.reject(new ApiError('HTTP 500', 500, null)) : { sections: SECTIONS, progress: response() }) });
    await settle();
    expect(selectPhase(failing.snap())).toBe('failed');
    failing.send({ type: 'disclosure.retry' });
    await settle();
    expect(selectPhase(failing.snap())).toBe('reading');

    const noToken = start({ load: async () => Promise.reject(new ApiError(messages.session.noToken, 401, null)) });
    await settle();
    expect(selectPhase(noToken.snap())).toBe('authRequired');

    const empty = start({ load: async () => ({ sections: [], progress: response() }) });
    await settle();
    expect(selectPhase(empty.snap())).toBe('empty');
  });
});
