/**
 * The MRZ comparison table (made-up people): names case-, accent- and spacing-insensitive, nationality from free
 * text, dates, expiry against today; 'unreadable' where it cannot be sure, never a false 'differs'.
 */
import { describe, expect, it } from 'vitest';
import { compareMrz, type MrzComparison } from '../../../src/server/checks/mrz/compare-mrz.ts';
import type { MrzFields } from '../../../src/server/checks/mrz/mrz-text.ts';
import { countriesOfText } from '../../../src/server/checks/mrz/nationalities.ts';

const FIELDS: MrzFields = {
  documentNumber: 'T22K0X8L4',
  surname: 'VARNHOLT MUELLER',
  givenNames: 'LIESA MARLENE',
  nationality: 'D',
  dateOfBirth: '1986-03-14',
  sex: 'F',
  expiryDate: '2031-07-30',
  issuingState: 'D',
  namesMayBeTruncated: false,
};
const REGISTRATION = { fullName: 'Liesa Marlene Varnholt-Müller', dateOfBirth: '1986-03-14', nationality: 'German' };

function row(rows: MrzComparison[], item: MrzComparison['item']): MrzComparison {
  const found = rows.find((r) => r.item === item);
  if (!found) throw new Error(`no row ${item}`);
  return found;
}

function results(rows: MrzComparison[]): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r.item, r.result]));
}

describe('compareMrz', () => {
  it('matches a registration that says the same in its own spelling', () => {
    const rows = compareMrz(FIELDS, REGISTRATION, '2025-01-01');
    expect(rows.map((r) => r.item)).toEqual(['surname', 'given names', 'date of birth', 'nationality', 'sex', 'expiry']);
    expect(results(rows)).toEqual({ surname: 'match', 'given names': 'match', 'date of birth': 'match', nationality: 'match', sex: 'unreadable', expiry: 'match' });
    expect(row(rows, 'sex')).toMatchObject({ mrz: 'F', registered: null, note: 'not asked at registration' });
    expect(row(rows, 'expiry').note).toBe('valid until 2031-07-30');
    expect(row(rows, 'nationality').mrz).toBe('D');
  });

  it('matches names whatever the case, accents, hyphens, apostrophes and word spacing', () => {
    const cases: [Partial<MrzFields>, string][] = [
      [{ surname: 'VARNHOLT MULLER' }, 'LIESA MARLENE VARNHOLT-MÜLLER'],
      [{ surname: 'VAN DER MOLLIK', givenNames: 'JORIS' }, 'Joris vanderMollik'],
      [{ surname: 'ONEIRAN', givenNames: 'SEAMUS' }, "Séamus O'Neiran"],
      [{ surname: 'ZALEWSKA', givenNames: 'LUCJA' }, 'Łucja Zalewska'],
    ];
    for (const [fields, fullName] of cases) {
      const rows = compareMrz({ ...FIELDS, ...fields }, { ...REGISTRATION, fullName }, '2025-01-01');
      expect([fullName, row(rows, 'surname').result, row(rows, 'given names').result]).toEqual([fullName, 'match', 'match']);
    }
  });

  it('accepts a shortened last name part only when the MRZ field is full', () => {
    const fields = { ...FIELDS, givenNames: 'LIESA MARL' };
    expect(row(compareMrz({ ...fields, namesMayBeTruncated: true }, REGISTRATION, '2025-01-01'), 'given names').result).toBe('match');
    expect(row(compareMrz({ ...fields, namesMayBeTruncated: false }, REGISTRATION, '2025-01-01'), 'given names').result).toBe('differs');
  });

  it('says differs for another surname, a given name not registered, another birth date or nationality', () => {
    const rows = compareMrz(FIELDS, { fullName: 'Liesa Varnholt-Kramer', dateOfBirth: '1986-03-15', nationality: 'French' }, '2025-01-01');
    expect(results(rows)).toMatchObject({ surname: 'differs', 'given names': 'differs', 'date of birth': 'differs', nationality: 'differs' });
    expect(row(rows, 'given names').note).toContain('MARLENE');
    expect(row(rows, 'date of birth')).toMatchObject({ mrz: '1986-03-14', registered: '1986-03-15' });
    expect(row(rows, 'nationality').note).toContain('FRA');
  });

  it('says unreadable when the MRZ was not read, the registration lacks the item or its text is unknown', () => {
    const none = compareMrz(null, REGISTRATION, '2025-01-01');
    expect(none.every((r) => r.result === 'unreadable' && r.mrz === null)).toBe(true);
    const rows = compareMrz(FIELDS, { fullName: REGISTRATION.fullName, dateOfBirth: null, nationality: 'Atlantean' }, '2025-01-01');
    expect(row(rows, 'date of birth')).toMatchObject({ result: 'unreadable', note: 'no date of birth at registration' });
    expect(row(rows, 'nationality').result).toBe('unreadable');
    const unknownCode = compareMrz({ ...FIELDS, nationality: 'XXA' }, REGISTRATION, '2025-01-01');
    expect(row(unknownCode, 'nationality').result).toBe('unreadable');
  });

  it('does not call a transliteration a difference (Cyrillic registration, another romanisation)', () => {
    const rows = compareMrz({ ...FIELDS, surname: 'SOKOLOVA', givenNames: 'ALEKSEI' }, { ...REGISTRATION, fullName: 'Алексей Соколова' }, '2025-01-01');
    expect(row(rows, 'surname').result).toBe('match');
    expect(row(rows, 'given names').result).toBe('unreadable');
  });

  it('says expired when the expiry date is before today, valid on the day itself', () => {
    const expired = row(compareMrz(FIELDS, REGISTRATION, '2031-07-31'), 'expiry');
    expect(expired).toMatchObject({ result: 'differs', mrz: '2031-07-30', note: 'expired on 2031-07-30' });
    expect(row(compareMrz(FIELDS, REGISTRATION, '2031-07-30'), 'expiry').result).toBe('match');
    expect(row(compareMrz({ ...FIELDS, expiryDate: null }, REGISTRATION, '2025-01-01'), 'expiry').result).toBe('unreadable');
  });

  it('reads nationality as country, demonym or code, in English or the native language, dual nationals too', () => {
    for (const text of ['German', 'Germany', 'DE', 'DEU', 'deutsch', 'Deutschland', 'German citizen', 'Swiss / German', 'Federal Republic of Germany']) {
      expect([text, row(compareMrz(FIELDS, { ...REGISTRATION, nationality: text }, '2025-01-01'), 'nationality').result]).toEqual([text, 'match']);
    }
    const cases: [string, string][] = [
      ['GBR', 'British'],
      ['GBD', 'United Kingdom'],
      ['USA', 'U.S.A.'],
      ['CHE', 'Schweizer'],
      ['NLD', 'Dutch'],
      ['AUT', 'Österreich'],
    ];
    for (const [code, text] of cases) {
      expect([code, text, row(compareMrz({ ...FIELDS, nationality: code }, { ...REGISTRATION, nationality: text }, '2025-01-01'), 'nationality').result]).toEqual([code, text, 'match']);
    }
    expect(countriesOfText('Klingon')).toBeNull();
  });
});
