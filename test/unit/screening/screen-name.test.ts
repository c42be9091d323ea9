/** What a screening finds and says, on a small made-up list: one behaviour per case the matcher must handle. */
import { describe, expect, it } from 'vitest';
import { buildScreeningIndex, SCREENING_ENGINE_VERSION, SCREENING_HIT_THRESHOLD, screenName } from '../../../src/server/screening/screening-index.ts';
import type { ScreeningEntry, ScreeningQuery } from '../../../src/server/screening/screening-types.ts';

const entry = (ref: string, names: string[], birthDates: string[] = []): ScreeningEntry => ({ ref, names, birthDates, kind: 'sanction', programme: null, countries: [] });

const index = buildScreeningIndex([
  entry('P1', ['PETROV, Ivan Sergeyevich'], ['1970-03-02']),
  entry('P2', ['Hans Muellerdemo'], ['1965']),
  entry('P3', ['Ivan Kovalenkodemo']),
  entry('P4', ['Borislav Demoinventov', 'Борислав Демоинвентов'], ['1968-11-05', '1969']),
  entry('P5', ['Olga Fictivna Sampleton']),
  entry('C1', ['Demoinvest Trading LLC']),
  entry('M1', ['Madeupia']),
]);

const screen = (names: string[], dateOfBirth: string | null = null) => screenName(index, { names, dateOfBirth } satisfies ScreeningQuery);
const refs = (names: string[], dateOfBirth: string | null = null) => screen(names, dateOfBirth).map((hit) => hit.ref);

describe('screenName', () => {
  it('finds a name written in Cyrillic, and says what it reads', () => {
    const [hit] = screen(['Петров Иван']);
    expect(hit).toMatchObject({ ref: 'P1', entryName: 'PETROV, Ivan Sergeyevich', queryName: 'Петров Иван', birthDate: 'unknown' });
    expect(hit!.reasons).toEqual([
      'Every name in "Петров Иван" matches "PETROV, Ivan Sergeyevich" (middle name missing, in another word order)',
      'Written in another script: "Петров Иван" reads "Petrov Ivan"',
    ]);
  });

  it('finds a Latin name against the list\'s Cyrillic alias as well', () => {
    const [hit] = screenName(buildScreeningIndex([entry('R1', ['Борислав Демоинвентов'])]), { names: ['Borislav Demoinventov'], dateOfBirth: null });
    expect(hit!.ref).toBe('R1');
    expect(hit!.reasons).toContain('The list writes it in another script: "Борислав Демоинвентов" reads "Borislav Demoinventov"');
  });

  it('ignores word order, and a middle name the query leaves out', () => {
    const [hit] = screen(['Ivan Petrov']);
    expect(hit).toMatchObject({ ref: 'P1', reasons: ['Every name in "Ivan Petrov" matches "PETROV, Ivan Sergeyevich" (middle name missing)'] });
    expect(hit!.score).toBeGreaterThanOrEqual(0.95);
    expect(hit!.score).toBeLessThan(1);
    expect(refs(['Sampleton Olga'])).toEqual(['P5']);
  });

  it('finds a list name that has two of the query\'s three words', () => {
    expect(refs(['Hans Friedrich Muellerdemo'])).toEqual(['P2']);
  });

  it('reads Müller, Muller and Mueller as one name', () => {
    for (const name of ['Hans Müllerdemo', 'Hans Mullerdemo', 'Hans Muellerdemo', 'HANS MÜLLERDEMO']) expect(refs([name]), name).toEqual(['P2']);
    expect(screen(['Hans Müllerdemo'])[0]!.reasons).toContain('Accents ignored: "Hans Müllerdemo" read as "Hans Mullerdemo"');
  });

  it('finds a one-letter slip in a long word and says the words are spelled almost the same', () => {
    const [hit] = screen(['Ivan Kovalentodemo']);
    expect(hit!.ref).toBe('P3');
    expect(hit!.reasons).toContain('"Kovalentodemo" and "Kovalenkodemo" are spelled almost the same');
    expect(refs(['Ivan Kovalenkdemo'])).toEqual(['P3']);
  });

  it('never hits on one shared word: a common first name alone, or a first name with another surname', () => {
    expect(screen(['Ivan'])).toEqual([]);
    expect(screen(['Ivan Sidorovdemo'])).toEqual([]);
    expect(screen(['Olga Kuznetsovademo'])).toEqual([]);
    expect(screen(['Petrov'])).toEqual([]);
    // A surname derived from the first name is another name, not a spelling of it.
    expect(screen(['Ivan Ivanov'])).toEqual([]);
  });

  it('a patronymic or surname that differs costs the match', () => {
    expect(screen(['Ivan Andreevich Petrov'])).toEqual([]);
  });

  it('matches a one-word name only to a one-word list name', () => {
    expect(refs(['Madeupia'])).toEqual(['M1']);
    expect(screen(['Madeupia Holdings Ivan'])).toEqual([]);
  });

  it('ignores legal forms: "Demoinvest Trading Ltd" is "Demoinvest Trading LLC"', () => {
    expect(screen(['Demoinvest Trading Ltd'])[0]).toMatchObject({ ref: 'C1', score: 1 });
    expect(refs(['OOO Demoinvest Trading'])).toEqual(['C1']);
  });

  it('a matching date of birth raises the score and says so', () => {
    const without = screen(['Ivan Petrov'])[0]!;
    const withDate = screen(['Ivan Petrov'], '1970-03-02')[0]!;
    expect(withDate.score).toBeGreaterThan(without.score);
    expect(withDate).toMatchObject({ birthDate: 'matches' });
    expect(withDate.reasons).toContain('Date of birth 1970-03-02 matches');
    expect(screen(['Hans Muellerdemo'], '1965-04-04')[0]).toMatchObject({ birthDate: 'matches', reasons: expect.arrayContaining(['Year of birth 1965 matches']) });
  });

  it('a differing date of birth lowers the score; an exact name still shows, with the reason', () => {
    const [hit] = screen(['Borislav Demoinventov'], '1955-01-01');
    expect(hit).toMatchObject({ ref: 'P4', birthDate: 'differs', score: 0.9 });
    expect(hit!.reasons).toContain('Date of birth differs (list: 1968-11-05, 1969)');
    // Same year, other day: a slip in the list as likely as another person.
    expect(screen(['Borislav Demoinventov'], '1968-12-01')[0]!.score).toBe(0.95);
    // A weaker name match with another year of birth drops below the threshold.
    expect(screen(['Ivan Petrov'], '1981-01-01')).toEqual([]);
  });

  it('without a date on either side the date says nothing', () => {
    expect(screen(['Ivan Kovalenkodemo'], '1970-01-01')[0]).toMatchObject({ birthDate: 'unknown', score: 1 });
    expect(screen(['Borislav Demoinventov'], null)[0]).toMatchObject({ birthDate: 'unknown', score: 1 });
    expect(screen(['Borislav Demoinventov'], 'not a date')[0]).toMatchObject({ birthDate: 'unknown' });
  });

  it('screens every name of the query, keeps the best hit per entry, highest score first', () => {
    const hits = screen(['Ivan Petrov', 'Borislav Demoinventov', 'Борислав Демоинвентов', 'Ivan Sergeyevich Petrov']);
    expect(hits.map((hit) => [hit.ref, hit.score, hit.queryName])).toEqual([
      ['P1', 1, 'Ivan Sergeyevich Petrov'],
      ['P4', 1, 'Borislav Demoinventov'],
    ]);
  });

  it('takes another threshold, and gives scores in 0..1 rounded to 3 decimals', () => {
    expect(screenName(index, { names: ['Ivan Petrov'], dateOfBirth: '1981-01-01' }, 0.8).map((hit) => hit.score)).toEqual([0.871]);
    expect(SCREENING_HIT_THRESHOLD).toBe(0.88);
    expect(SCREENING_ENGINE_VERSION).toMatch(/^tokens-jw-dm\/\d+/);
  });

  it('answers an empty query, an empty list and empty names with nothing', () => {
    expect(screen([])).toEqual([]);
    expect(screen(['', '  ', '---'])).toEqual([]);
    expect(screenName(buildScreeningIndex([]), { names: ['Ivan Petrov'], dateOfBirth: null })).toEqual([]);
  });
});
