/**
 * Paths of one section's reading clock: it runs, beats once a second, and pauses and resumes with the tab.
 * Each path is replayed on a real actor under a parent that counts the beats, with fake timers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup, type AnyEventObject } from 'xstate';
import { readingTimerMachine } from '../../machines/reading-timer/reading-timer.machine.ts';
import { DISCLOSURE } from '../../src/shared/constants.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';

const TICK = 'xstate.after.READING_TICK.readingTimer.running';
const events: AnyEventObject[] = [{ type: 'reading.pause' }, { type: 'reading.resume' }, { type: TICK }];
/** Generation runs the chart without a parent: the beat to the parent is a no-op there (replays use a real parent). */
const chart = readingTimerMachine.provide({ actions: { reportSecond: () => undefined } });

/** A parent holding one timer; `beats` counts the seconds it reported. */
function withParent() {
  let beats = 0;
  const parent = setup({ actors: { readingTimer: readingTimerMachine } }).createMachine({
    invoke: { id: 'timer', src: 'readingTimer', input: { sectionId: 's1' } },
    on: { 'reading.tick': { actions: () => beats++ } },
  });
  const root = createActor(parent).start();
  return { timer: root.getSnapshot().children.timer!, beats: () => beats, stop: () => root.stop() };
}

describe('reading-timer statechart paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const result = coverMachine(chart, { name: 'readingTimer', events, input: { sectionId: 's1' }, pathKind: 'simple' });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('beats once a second while running and never while paused, on every path', () => {
    for (const path of result.paths) {
      const t = withParent();
      let expected = 0;
      let running = true;
      for (const step of path.steps) {
        const type = step.event.type;
        if (type === TICK) {
          vi.advanceTimersByTime(DISCLOSURE.readingTickMs);
          if (running) expected++;
        } else if (type === 'reading.pause' || type === 'reading.resume') {
          t.timer.send(step.event as never);
          running = type === 'reading.resume';
          // A paused clock stays silent however long the tab is hidden.
          vi.advanceTimersByTime(running ? 0 : 10 * DISCLOSURE.readingTickMs);
        }
        expect(t.beats()).toBe(expected);
      }
      // Wherever a path ends, the next second beats exactly when the clock runs.
      vi.advanceTimersByTime(DISCLOSURE.readingTickMs);
      expect(t.beats()).toBe(expected + (running ? 1 : 0));
      t.stop();
    }
  });
});
