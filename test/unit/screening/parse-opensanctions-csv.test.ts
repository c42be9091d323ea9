/** OpenSanctions "simple CSV" (targets.simple.csv) read into screening entries, on made-up fixtures. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseOpenSanctionsCsv } from '../../../src/server/screening/parse-opensanctions-csv.ts';
import { ScreeningListRefusal } from '../../../src/server/screening/read-screening-list.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseOpenSanctionsCsv', () => {
  const list = parseOpenSanctionsCsv(fixture('opensanctions-sample.csv'));
  const byRef = (ref: string) => list.entries.find((entry) => entry.ref === ref)!;

  it('reads one entry per row with an id and a name, the newest last_seen as the publication time', () => {
    expect(list.format).toBe('opensanctions-csv');
    expect(list.publishedAt).toBe('2026-03-12T08:00:00');
    expect(list.entries.map((entry) => entry.ref)).toEqual(['NK-demo-0001', 'NK-demo-0002', 'NK-demo-0003', 'NK-demo-0004', 'NK-demo-0005']);
  });

  it('splits multi-valued cells on ";": aliases after the name, birth dates, countries', () => {
    expect(byRef('NK-demo-0001')).toEqual({
      ref: 'NK-demo-0001',
      names: ['Viktor Testovich Sanctionov', 'Виктор Тестович Санкционов', 'SANCTIONOV Viktor'],
      birthDates: ['1970-03-02'],
      kind: 'sanction',
      programme: 'EU Council Regulation 2099/1 - Made-up sanctions programme',
      countries: ['ru'],
      subject: 'person',
    });
    expect(byRef('NK-demo-0004').birthDates).toEqual(['1981', '1982']);
    expect(byRef('NK-demo-0005').birthDates).toEqual(['1990-05']);
    expect(byRef('NK-demo-0003')).toMatchObject({ names: ['Fictivia Holdings Ltd', 'Fictivia Holdings', 'ООО Фиктивия'], countries: ['cy', 'ru'], subject: 'entity' });
  });

  it('tells sanctions, PEPs (dataset says PEP) and others apart; "Peppers" is not a PEP', () => {
    expect(byRef('NK-demo-0001').kind).toBe('sanction');
    expect(byRef('NK-demo-0002')).toMatchObject({ kind: 'pep', programme: 'Demo PEPs, Politically Exposed Persons (made up)' });
    expect(byRef('NK-demo-0004')).toMatchObject({ kind: 'other', programme: 'Demo Watchlist' });
    expect(byRef('NK-demo-0005').kind).toBe('other');
  });

  it('reads the topics column when there is one; a sanctioned PEP is a sanction', () => {
    const topics = parseOpenSanctionsCsv(fixture('opensanctions-topics.csv'));
    expect(topics.entries.map((entry) => [entry.ref, entry.kind])).toEqual([
      ['t-1', 'pep'],
      ['t-2', 'sanction'],
      ['t-3', 'other'],
    ]);
    expect(topics.publishedAt).toBe('2026-02-03');
  });

  it('cuts a long sanctions text to a short programme label', () => {
    const csv = `id,name,sanctions\nx-1,Long Programmeperson,${'A'.repeat(500)}\n`;
    const programme = parseOpenSanctionsCsv(csv).entries[0]!.programme!;
    expect(programme.length).toBe(160);
    expect(programme.endsWith('…')).toBe(true);
  });

  it('refuses a CSV without an id or a name column, naming the missing column', () => {
    expect(() => parseOpenSanctionsCsv('schema,name,aliases\nPerson,Someone Madeup,\n')).toThrow(ScreeningListRefusal);
    expect(() => parseOpenSanctionsCsv('schema,name,aliases\nPerson,Someone Madeup,\n')).toThrow('The CSV has no "id" column');
    expect(() => parseOpenSanctionsCsv('id,schema,caption\n1,Person,Someone Madeup\n')).toThrow('The CSV has no "name" column');
  });

  it('refuses a CSV it cannot read (an unclosed quote) and an empty one', () => {
    expect(() => parseOpenSanctionsCsv('id,name\n1,"Unclosed Madeup\n')).toThrow(/could not be read/);
    expect(() => parseOpenSanctionsCsv('')).toThrow(ScreeningListRefusal);
    expect(() => parseOpenSanctionsCsv('\n\n')).toThrow(/empty/);
  });
});
