/** Word and name likeness: where a slip still matches, where alike-looking names do not, what a left-out word costs. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkBirthDate } from '../../../src/server/screening/birth-date-check.ts';
import { compareComparableNames, compareWords, toComparableName, toComparableWord, WORD_MATCH_SIMILARITY } from '../../../src/server/screening/compare-names.ts';
import { SCREENING_ENGINE_VERSION } from '../../../src/server/screening/screening-index.ts';

const alike = (a: string, b: string) => compareWords(toComparableWord(a), toComparableWord(b));
const score = (query: string, entry: string) => compareComparableNames(toComparableName(query), toComparableName(entry))?.score ?? null;

describe('compareWords', () => {
  it('a one-letter slip anywhere in a word of 6+ letters still matches', () => {
    const word = 'demoinvent';
    for (let at = 0; at < word.length; at++) {
      const replaced = `${word.slice(0, at)}${word[at] === 'x' ? 'y' : 'x'}${word.slice(at + 1)}`;
      const dropped = `${word.slice(0, at)}${word.slice(at + 1)}`;
      const added = `${word.slice(0, at)}q${word.slice(at)}`;
      for (const slip of [replaced, dropped, added]) expect(alike(slip, word).similarity, slip).toBeGreaterThanOrEqual(WORD_MATCH_SIMILARITY);
    }
    // Jaro-Winkler pairs the replaced "b" with the "a" two letters on; the backwards reading keeps the match.
    expect(alike('aradolas', 'bradolas').similarity).toBeGreaterThanOrEqual(WORD_MATCH_SIMILARITY);
  });

  it('names that only start alike, or that are made from one another, are not alike', () => {
    for (const [a, b] of [['goran', 'gordra'], ['ivan', 'ivanov'], ['nikolai', 'nikolaevich'], ['petr', 'petrov'], ['marco', 'martov']]) {
      expect(alike(a!, b!).similarity, `${a} ${b}`).toBeLessThan(WORD_MATCH_SIMILARITY);
    }
  });

  it('sounding alike (Double Metaphone) nudges a spelling over the line and says so', () => {
    expect(alike('luca', 'luka')).toMatchObject({ how: 'sound' });
    expect(alike('luca', 'luka').similarity).toBeGreaterThanOrEqual(WORD_MATCH_SIMILARITY);
    expect(alike('mueller', 'muller').how).toBe('sound');
    expect(alike('same', 'same')).toEqual({ similarity: 1, how: 'same' });
  });
});

describe('compareNames', () => {
  it('a middle name left out costs little, a surname the list lacks costs more, another surname fails', () => {
    const middle = score('Boris Momarak', 'Boris Nikolaevich Momarak')!;
    const listLacksSurname = score('Boris Luka Wyntonkamp', 'Boris Luka')!;
    expect(middle).toBeGreaterThan(0.95);
    expect(listLacksSurname).toBeLessThan(0.88);
    expect(score('Ivan Sergeevich Petrov', 'Ivan Sergeevich Sidorov')).toBeLessThan(0.8);
    expect(score('Ivan Petrov', 'Petrov Ivan')).toBe(1);
  });

  it('needs two matched words unless a side has only one', () => {
    expect(score('Ivan', 'Ivan Petrov')).toBeNull();
    expect(score('Ivan Petrov', 'Petrov')).toBeNull();
    expect(score('Madeupia', 'Madeupia')).toBe(1);
    expect(score('', 'Madeupia')).toBeNull();
  });
});

describe('checkBirthDate', () => {
  it('full date, month or year on the list; a differing date lowers the score, more for another year', () => {
    expect(checkBirthDate('1970-03-02', ['1970-03-02'])).toMatchObject({ outcome: 'matches', reason: 'Date of birth 1970-03-02 matches' });
    expect(checkBirthDate('1970-03-02', ['1970-03'])).toMatchObject({ outcome: 'matches', reason: 'Month of birth 1970-03 matches' });
    expect(checkBirthDate('1970-03-02', ['1969', '1970'])).toMatchObject({ outcome: 'matches', reason: 'Year of birth 1970 matches' });
    expect(checkBirthDate('1970-03-02', ['1970-03-02']).apply(0.9)).toBeCloseTo(0.95);
    expect(checkBirthDate('1970-03-02', ['1970-05-05']).apply(1)).toBeCloseTo(0.95);
    expect(checkBirthDate('1970-03-02', ['1965-01-01']).apply(1)).toBeCloseTo(0.9);
    expect(checkBirthDate('1970-03-02', ['1965-01-01']).reason).toBe('Date of birth differs (list: 1965-01-01)');
  });

  it('says nothing without a date on both sides, or with a date it cannot read', () => {
    for (const [query, list] of [[null, ['1970']], ['1970-03-02', []], ['02/03/1970', ['1970']], ['1970-03-02', ['circa 1970']]] as const) {
      const check = checkBirthDate(query, list);
      expect(check.outcome).toBe('unknown');
      expect(check.apply(0.91)).toBe(0.91);
    }
  });
});

describe('SCREENING_ENGINE_VERSION', () => {
  it('names the library versions installed (change the engine version when they change)', () => {
    for (const name of ['any-ascii', 'double-metaphone', '@skyra/jaro-winkler']) {
      const { version } = JSON.parse(readFileSync(new URL(`../../../node_modules/${name}/package.json`, import.meta.url), 'utf8')) as { version: string };
      expect(SCREENING_ENGINE_VERSION).toContain(`${name} ${version}`);
    }
  });
});
