/**
 * Paths of one section's reading clock: it runs, beats once a second, and pauses and resumes with the tab.
 * Each path is replayed on a real actor under a parent that counts the beats, with fake timers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { readingTimerMachine } from '../../machines/reading-timer/reading-timer.machine.ts';
import { DISCLOSURE } from '../../src/shared/constants.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

const TICK = 'xstate.after.READING_TICK.readingTimer.running';
const events: AnyEventObject[] = [{ type: 'readingTimer.pause' }, { type: 'readingTimer.resume' }, { type: TICK }];
/** Generation runs the chart without a parent: the beat to the parent is a no-op there (replays use a real parent). */
const chart = readingTimerMachine.provide({ actions: { reportSecond: () => undefined } });

describe('reading-timer statechart paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const result = coverMachine(chart, { name: 'readingTimer', events, input: { sectionId: 's1' }, pathKind: 'simple' });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('beats once a second while running and never while paused, on every path', async () => {
    const beats = (sent: AnyEventObject[]) => sent.filter((e) => e.type === 'disclosure.reading.tick').length;
    await replayPaths(result.paths, {
      input: { sectionId: 's1' },
      // The timer beats to its parent (the disclosure page); the stand-in parent counts the beats.
      parent: true,
      setup: () => ({ machine: readingTimerMachine, fakes: { expected: 0, running: true } }),
      // The beat is the timer's own delay: a tick is one second of fake time, not an event.
      deliver: (event, { actor, fakes }) => {
        if (event.type === TICK) {
          vi.advanceTimersByTime(DISCLOSURE.readingTickMs);
          if (fakes.running) fakes.expected++;
          return true;
        }
        actor.send(event as never);
        fakes.running = event.type === 'readingTimer.resume';
        // A paused clock stays silent however long the tab is hidden.
        vi.advanceTimersByTime(fakes.running ? 0 : 10 * DISCLOSURE.readingTickMs);
        return true;
      },
      checkStep: ({ sentToParent, fakes }) => expect(beats(sentToParent)).toBe(fakes.expected),
      // Wherever a path ends, the next second beats exactly when the clock runs.
      beforeStop: ({ sentToParent, fakes }) => {
        vi.advanceTimersByTime(DISCLOSURE.readingTickMs);
        expect(beats(sentToParent)).toBe(fakes.expected + (fakes.running ? 1 : 0));
      },
    });
  });
});
