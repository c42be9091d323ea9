/** The made-up demo list the seed loads: its shape, the two people the demo and e2e register as, and no stray hits. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScreeningList } from '../../../src/server/screening/read-screening-list.ts';
import { buildScreeningIndex, screenName } from '../../../src/server/screening/screening-index.ts';

const list = parseScreeningList(readFileSync(new URL('../../../src/server/seed/screening-demo-list.csv', import.meta.url), 'utf8'));
const index = buildScreeningIndex(list.entries);

describe('the demo screening list', () => {
  it('is an OpenSanctions simple CSV of 25 made-up people and 3 made-up companies, sanctions and PEPs', () => {
    expect(list.format).toBe('opensanctions-csv');
    expect(list.entries.filter((entry) => entry.subject === 'person')).toHaveLength(25);
    expect(list.entries.filter((entry) => entry.subject === 'entity')).toHaveLength(3);
    expect(list.entries.filter((entry) => entry.kind === 'pep').length).toBeGreaterThanOrEqual(10);
    expect(list.entries.filter((entry) => entry.kind === 'sanction').length).toBeGreaterThanOrEqual(10);
    expect(new Set(list.entries.map((entry) => entry.ref)).size).toBe(list.entries.length);
  });

  it('lists Viktor Testovich Sanctionov (sanctions, born 1970-03-02) and Maria Demo Politica (PEP, born 1965-07-14)', () => {
    const [viktor] = screenName(index, { names: ['Viktor Testovich Sanctionov'], dateOfBirth: '1970-03-02' });
    expect(viktor).toMatchObject({ ref: 'demo-s-0001', score: 1, birthDate: 'matches' });
    expect(list.entries.find((entry) => entry.ref === viktor!.ref)).toMatchObject({ kind: 'sanction', birthDates: ['1970-03-02'] });
    const [maria] = screenName(index, { names: ['Maria Demo Politica'], dateOfBirth: '1965-07-14' });
    expect(maria).toMatchObject({ ref: 'demo-p-0001', score: 1, birthDate: 'matches' });
    expect(list.entries.find((entry) => entry.ref === maria!.ref)).toMatchObject({ kind: 'pep', birthDates: ['1965-07-14'] });
  });

  it('finds them written otherwise too: Cyrillic, surname first, middle name left out', () => {
    for (const name of ['Виктор Санкционов', 'SANCTIONOV Viktor', 'Viktor Sanctionov', 'Maria Politica', 'Мария Политика']) {
      expect(screenName(index, { names: [name], dateOfBirth: null }).map((hit) => hit.ref), name).toHaveLength(1);
    }
  });

  it('every Cyrillic or Greek alias reads as its entry\'s Latin name (the demo shows transliteration at work)', () => {
    const latinOnly = buildScreeningIndex(list.entries.map((entry) => ({ ...entry, names: [entry.names[0]!] })));
    const aliases = list.entries.flatMap((entry) => entry.names.slice(1).filter((name) => /[^\u0000-\u024f]/.test(name)).map((alias) => ({ ref: entry.ref, alias })));
    expect(aliases.length).toBeGreaterThanOrEqual(10);
    for (const { ref, alias } of aliases) expect(screenName(latinOnly, { names: [alias], dateOfBirth: null }).map((hit) => hit.ref), alias).toEqual([ref]);
  });

  it('the names other tests register with are on it nowhere', () => {
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Mary Somerville', 'Alice Approved', 'Dan Diligence', 'Carla Compliance', 'Bruno Bigticket', 'Maria Garcia', 'Viktor Petrov']) {
      expect(screenName(index, { names: [name], dateOfBirth: '1970-03-02' }), name).toEqual([]);
    }
  });
});
