/**
 * Accuracy on a made-up list of 50,000 entries: 200 listed names written five other ways must all be found at the
 * threshold, and 1,000 made-up names that are on no list (same common first names, other surnames) must all stay
 * below it. The table is printed so a run shows the figures, not only a pass.
 */
import { describe, expect, it } from 'vitest';
import { buildScreeningIndex, SCREENING_HIT_THRESHOLD, screenName } from '../../../src/server/screening/screening-index.ts';
import { COMMON_FIRST_NAMES, generateListedEntries, generateUnlistedNames, seededRandom } from '../../../src/server/screening/synthetic-names.ts';
import { accentsToggled, middleNameChanged, oneLetterSlip, reordered, toCyrillic } from './name-variants.ts';

const LIST_SIZE = 50_000;
const SEEDED = 200;
const UNLISTED = 1_000;

const entries = generateListedEntries(LIST_SIZE, 1);
const index = buildScreeningIndex(entries);
const random = seededRandom(7);
const persons = entries.filter((entry) => entry.subject === 'person' && entry.names[0]!.split(' ').some((word) => word.length >= 6 && /^[A-Za-z]+$/.test(word)));
const picked = new Set<number>();
while (picked.size < SEEDED) picked.add(Math.floor(random() * persons.length));
const seeded = [...picked].map((at) => persons[at]!);

const VARIANTS: Record<string, (name: string) => string | null> = {
  'Cyrillic': toCyrillic,
  'reordered': reordered,
  'middle name dropped/added': middleNameChanged,
  'accents added/removed': (name) => accentsToggled(name, random),
  'one-letter slip (word 6+)': (name) => oneLetterSlip(name, random),
};

type Row = { kind: string; found: number; total: number; lowest: number; missed: string[] };

function measureVariants(): Row[] {
  return Object.entries(VARIANTS).map(([kind, vary]) => {
    const row: Row = { kind, found: 0, total: 0, lowest: 1, missed: [] };
    for (const listed of seeded) {
      const variant = vary(listed.names[0]!);
      if (variant === null) continue;
      expect(variant, 'a variant differs from the listed name').not.toBe(listed.names[0]);
      row.total++;
      const hit = screenName(index, { names: [variant], dateOfBirth: null }).find((candidate) => candidate.ref === listed.ref);
      row.lowest = Math.min(row.lowest, hit?.score ?? 0);
      if (hit === undefined) row.missed.push(`${variant} (listed: ${listed.names[0]})`);
      else row.found++;
    }
    return row;
  });
}

describe(`screening accuracy on ${LIST_SIZE.toLocaleString('en-GB')} made-up entries (threshold ${SCREENING_HIT_THRESHOLD})`, () => {
  it('finds every seeded listed name however it is written, and no non-listed name', () => {
    const rows = measureVariants();
    const unlisted = generateUnlistedNames(UNLISTED, 2);
    const falsePositives = unlisted.flatMap((name) => screenName(index, { names: [name], dateOfBirth: null }).map((hit) => `${name} ~ ${hit.entryName} (${hit.score})`));
    const bestUnlisted = Math.max(...unlisted.map((name) => screenName(index, { names: [name], dateOfBirth: null }, 0)[0]?.score ?? 0));

    console.log(
      [
        `Screening accuracy: ${LIST_SIZE} entries, threshold ${SCREENING_HIT_THRESHOLD}`,
        ...rows.map((row) => `  ${row.kind.padEnd(28)} found ${row.found}/${row.total}  lowest score ${row.lowest.toFixed(3)}`),
        `  ${'non-listed names'.padEnd(28)} false positives ${falsePositives.length}/${UNLISTED}  highest score ${bestUnlisted.toFixed(3)}`,
      ].join('\n'),
    );

    for (const row of rows) {
      expect(row.total, row.kind).toBeGreaterThanOrEqual(SEEDED * 0.9);
      expect(row.missed, row.kind).toEqual([]);
    }
    expect(falsePositives).toEqual([]);
  });

  it('the non-listed names are a real test: they share first names with the listed ones', () => {
    const unlisted = generateUnlistedNames(UNLISTED, 2);
    const listedWords = new Set(entries.flatMap((entry) => entry.names[0]!.toLowerCase().split(' ')));
    const sharing = unlisted.filter((name) => listedWords.has(name.split(' ')[0]!.toLowerCase()));
    expect(sharing.length).toBe(UNLISTED);
    expect(new Set(unlisted.map((name) => name.split(' ')[0])).size).toBeGreaterThan(COMMON_FIRST_NAMES.length * 0.9);
    // And no non-listed name is on the list as written.
    const listedNames = new Set(entries.flatMap((entry) => entry.names));
    expect(unlisted.filter((name) => listedNames.has(name))).toEqual([]);
  });
});
