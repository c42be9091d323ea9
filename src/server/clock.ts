/** The source of "now", injected so tests can move time (token expiry) without sleeping. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
