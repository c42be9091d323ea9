/** The EU consolidated sanctions list (FSF XML v1.1) read into screening entries, on made-up fixtures. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEuSanctionsXml } from '../../../src/server/screening/parse-eu-sanctions.ts';
import { ScreeningListRefusal } from '../../../src/server/screening/read-screening-list.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseEuSanctionsXml', () => {
  const list = parseEuSanctionsXml(fixture('eu-fsf-sample.xml'));

  it('reads the generation date and every sanctionEntity, persons and enterprises alike', () => {
    expect(list.format).toBe('eu-fsf-xml');
    expect(list.publishedAt).toBe('2026-03-14T09:30:12.345+01:00');
    expect(list.entries.map((entry) => entry.ref)).toEqual(['900101', '900202', '900303', '900404', '900505']);
    expect(list.entries.map((entry) => entry.subject)).toEqual(['person', 'person', 'entity', 'person', 'person']);
    expect(new Set(list.entries.map((entry) => entry.kind))).toEqual(new Set(['sanction']));
  });

  it('keeps every alias in its own script, builds a name from its parts when wholeName is empty, drops repeats', () => {
    expect(list.entries[0]!.names).toEqual(['Borislav Testovich Demoinvent', 'Борислав Тестович Демоинвент', 'Borislav Demoinvent']);
    expect(list.entries[3]!.names).toEqual(['Karim Placeholderi']);
  });

  it('decodes XML and numeric character references in names', () => {
    expect(list.entries[1]!.names).toContain('Ольга Фиктивна');
    expect(list.entries[2]!.names[0]).toBe('Demoinvest Trading & Shipping LLC');
  });

  it('reads full birth dates and year-only ones', () => {
    expect(list.entries[0]!.birthDates).toEqual(['1968-11-05', '1969']);
    expect(list.entries[1]!.birthDates).toEqual(['1975']);
    expect(list.entries[2]!.birthDates).toEqual([]);
  });

  it('joins the programmes of all regulations, reads citizenships without the "00" unknown', () => {
    expect(list.entries[0]!.programme).toBe('UKR');
    expect(list.entries[1]!.programme).toBe('BLR, RUS');
    expect(list.entries[4]!.programme).toBeNull();
    expect(list.entries[0]!.countries).toEqual(['RU']);
    expect(list.entries[1]!.countries).toEqual(['BY']);
  });

  it('reads a file whose elements carry a namespace prefix, each child present once', () => {
    expect(parseEuSanctionsXml(fixture('eu-fsf-prefixed.xml'))).toEqual({
      format: 'eu-fsf-xml',
      publishedAt: '2026-01-02T03:04:05Z',
      entries: [{ ref: '77', names: ['Quentin Madeupson'], birthDates: ['1980-02-29'], kind: 'sanction', programme: 'TERR', countries: ['FR'], subject: 'person' }],
    });
  });

  it('refuses a DOCTYPE (no entity is ever expanded), another root, and broken XML', () => {
    const laughs = '<?xml version="1.0"?><!DOCTYPE export [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><export><sanctionEntity logicalId="1"><nameAlias wholeName="&b;"/></sanctionEntity></export>';
    expect(() => parseEuSanctionsXml(laughs)).toThrow(ScreeningListRefusal);
    expect(() => parseEuSanctionsXml(laughs)).toThrow(/DOCTYPE/);
    expect(() => parseEuSanctionsXml('<root><sanctionEntity logicalId="1"/></root>')).toThrow(/root element is not "export"/);
    expect(() => parseEuSanctionsXml('<export><sanctionEntity logicalId="1"><nameAlias wholeName="x"></export>')).toThrow(/could not be read/);
  });

  it('skips an entity without a name or an id rather than inventing one', () => {
    const xml = '<export><sanctionEntity logicalId="5"/><sanctionEntity><nameAlias wholeName="Nobody Madeup"/></sanctionEntity></export>';
    expect(parseEuSanctionsXml(xml).entries).toEqual([]);
  });
});
