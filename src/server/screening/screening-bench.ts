/**
 * How fast the screening engine is on a made-up list of 50,000 entries: the time to build the index and the time per
 * screened name (half listed names, half names on no list), as percentiles. A benchmark, not a test: nothing here
 * asserts a speed. Run it from a script: `await measureScreening()`.
 */
import { buildScreeningIndex, screenName } from './screening-index.ts';
import { generateListedEntries, generateUnlistedNames, seededRandom } from './synthetic-names.ts';

const LIST_SIZE = 50_000;
const SCREENED_NAMES = 1_000;
const WARM_UP_NAMES = 100;

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

export async function measureScreening(): Promise<{ entries: number; buildMs: number; perNameMsP50: number; perNameMsP99: number; names: number }> {
  const entries = generateListedEntries(LIST_SIZE, 1);
  const buildStarted = performance.now();
  const index = buildScreeningIndex(entries);
  const buildMs = performance.now() - buildStarted;

  const random = seededRandom(3);
  const listed = Array.from({ length: SCREENED_NAMES / 2 }, () => entries[Math.floor(random() * entries.length)]!.names[0]!);
  const names = [...listed, ...generateUnlistedNames(SCREENED_NAMES / 2, 4)];
  for (const name of names.slice(0, WARM_UP_NAMES)) screenName(index, { names: [name], dateOfBirth: null });
  const times: number[] = [];
  for (const name of names) {
    const started = performance.now();
    screenName(index, { names: [name], dateOfBirth: '1970-01-01' });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { entries: entries.length, buildMs: round(buildMs), perNameMsP50: round(percentile(times, 0.5)), perNameMsP99: round(percentile(times, 0.99)), names: names.length };
}
