export type ReadingTimerInput = { sectionId: string };
export type ReadingTimerContext = { sectionId: string };
export type ReadingTimerEvent = { type: 'readingTimer.pause' } | { type: 'readingTimer.resume' };
/** What the timer tells its parent, once a second while it runs. */
export type ReadingTickEvent = { type: 'disclosure.reading.tick'; sectionId: string };
