/**
 * One open disclosure section's reading clock (spec section 4 "Disclosure sections": reading time accrues each
 * second while a section is open and not completed). The disclosure machine spawns one per open section that is
 * still being read and stops it when the section completes or closes; while the tab is hidden it pauses.
 * It only beats: the parent owns the seconds, so a correction from the server never races a second count here.
 */
import { sendParent, setup, type ActorRefFrom } from 'xstate';
import { DISCLOSURE } from '../../src/shared/constants.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';
import type { ReadingTickEvent, ReadingTimerContext, ReadingTimerEvent, ReadingTimerInput } from './reading-timer.types.ts';

export const readingTimerMachine = setup({
  types: {} as { context: ReadingTimerContext; events: ReadingTimerEvent; input: ReadingTimerInput },
  actions: {
    reportSecond: sendParent(({ context }): ReadingTickEvent => ({ type: 'disclosure.reading.tick', sectionId: context.sectionId })),
  },
  delays: { READING_TICK: DISCLOSURE.readingTickMs },
}).createMachine({
  id: 'readingTimer',
  description: 'The reading clock of one open disclosure section: beats once a second while the section is on screen.',
  meta: {
    descriptions: {
      actions: { reportSecond: 'Tells the disclosure chart that one more second of this section was read.' },
      delays: { READING_TICK: 'One second of reading (DISCLOSURE.readingTickMs).' },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({ sectionId: input.sectionId }),
  // A timer spawned in a hidden tab is paused by its parent right away.
  initial: 'running',
  states: {
    running: {
      description: 'The section is open and visible: a second is reported every tick.',
      after: { READING_TICK: { target: 'running', reenter: true, actions: 'reportSecond' } },
      on: { 'readingTimer.pause': 'paused' },
    },
    paused: {
      description: 'The tab is hidden: no second is counted until it is visible again.',
      on: { 'readingTimer.resume': 'running' },
    },
  },
});

/** A running readingTimer chart, as views and parent charts hold it. */
export type ReadingTimerActorRef = ActorRefFrom<typeof readingTimerMachine>;
