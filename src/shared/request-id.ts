/**
 * Request ids made by a chart without randomness (charts read no clock and draw no random number, so their recorded
 * paths are the same on every run): the n-th id of a page is the page's seed (a uuid the page made once) with its
 * last twelve hex digits replaced by n. Unique per page and per change; the server keeps each writer's ids unique.
 */
export const requestIdFor = (seed: string, n: number): string => `${seed.slice(0, 24)}${n.toString(16).padStart(12, '0')}`;
