/**
 * From MRZ characters to fields (no OCR): corrections only where the position's type is known, century of dates,
 * names, and the merge of several reads where a check digit settles an O/0 only when exactly one reading fits.
 */
import { describe, expect, it } from 'vitest';
import { mergeReadings } from '../../../src/server/checks/mrz/merge-readings.ts';
import { correctByPosition, interpretMrz } from '../../../src/server/checks/mrz/mrz-text.ts';
import { mrzCheckDigit, SPECIMEN_PEOPLE, specimenFields, specimenMrzLines } from '../../../src/server/checks/mrz/specimen-id.ts';

const person = SPECIMEN_PEOPLE[0];
if (!person) throw new Error('no specimen person');

describe('MRZ text', () => {
  it('computes ICAO 9303 check digits (the 9303 part 3 example)', () => {
    expect(mrzCheckDigit('L898902C3')).toBe('6');
    expect(mrzCheckDigit('740812')).toBe('2');
    expect(mrzCheckDigit('ZE184226B<<<<<')).toBe('1');
  });

  it('interprets the specimen lines as the specimen fields, all check digits valid', () => {
    for (const format of ['TD1', 'TD3'] as const) {
      const { fields, checkDigits } = interpretMrz(format, specimenMrzLines(person, format), '2025-01-01');
      expect(fields).toMatchObject(specimenFields(person));
      expect(checkDigits.length).toBeGreaterThanOrEqual(4);
      expect(checkDigits.every((c) => c.valid)).toBe(true);
    }
  });

  it('fixes letters in digit positions and digits in letter positions, not in alphanumeric ones', () => {
    const lines = specimenMrzLines(person, 'TD3');
    const [line1 = '', line2 = ''] = lines;
    // Birth date 860314 read as 86O3I4; the name's O read as 0; the document number's 0 read as O stays O.
    const misread = [line1.replace('VARNHOLT', 'VARNH0LT'), line2.replace('8603142', '86O3I42').replace('T22K0X', 'T22KOX')];
    const fixed = correctByPosition('TD3', misread);
    expect(fixed[0]).toBe(line1);
    expect(fixed[1]).toBe(line2.replace('T22K0X', 'T22KOX'));
  });

  it('gives the century from today: a birth date is not in the future', () => {
    const lines = specimenMrzLines({ ...person, dateOfBirth: '2024-06-01', expiryDate: '2034-06-01' }, 'TD3');
    expect(interpretMrz('TD3', lines, '2025-01-01').fields.dateOfBirth).toBe('2024-06-01');
    expect(interpretMrz('TD3', lines, '2024-05-31').fields.dateOfBirth).toBe('1924-06-01');
  });

  it('leaves a field with an unread position null, and fails its check digit', () => {
    const [line1 = '', line2 = ''] = specimenMrzLines(person, 'TD3');
    const { fields, checkDigits } = interpretMrz('TD3', [line1, `${line2.slice(0, 15)}?${line2.slice(16)}`], '2025-01-01');
    expect(fields.dateOfBirth).toBeNull();
    expect(checkDigits.find((c) => c.name === 'Birth date check digit')?.valid).toBe(false);
  });

  it('merges reads: the majority per position, and O/0 settled by the check digit when only one reading fits', () => {
    const good = specimenMrzLines(person, 'TD3');
    const [line1 = '', line2 = ''] = good;
    const misread = [line1, line2.replace('T22K0X', 'T22KOX')];
    const merged = mergeReadings('TD3', [misread, misread]);
    expect(merged.lines).toEqual(good);
    expect(merged.notes).toHaveLength(1);
    expect(merged.notes[0]).toContain("taken as '0'");
    const unread = [line1, `${line2.slice(0, 20)}?${line2.slice(21)}`];
    expect(mergeReadings('TD3', [unread, good]).lines).toEqual(good);
  });

  it('does not make a wrong check digit valid: the birth date digit stays wrong', () => {
    const broken = specimenMrzLines(person, 'TD3', { breakBirthDateCheckDigit: true });
    const merged = mergeReadings('TD3', [broken, broken]);
    expect(merged.lines).toEqual(broken);
    expect(merged.notes).toEqual([]);
    const { checkDigits } = interpretMrz('TD3', merged.lines, '2025-01-01');
    expect(checkDigits.find((c) => c.name === 'Birth date check digit')?.valid).toBe(false);
  });
});
