export type ReadingTimerInput = { sectionId: string };
export type ReadingTimerContext = { sectionId: string };
export type ReadingTimerEvent = { type: 'reading.pause' } | { type: 'reading.resume' };
/** What the timer tells its parent, once a second while it runs. */
export type ReadingTickEvent = { type: 'reading.tick'; sectionId: string };
