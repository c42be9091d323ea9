/**
 * From the MRZ's characters to what it says. The ICAO 9303 layouts (TD1 3x30, TD2 2x36, TD3 2x44) fix which
 * positions hold digits and which letters, so an OCR confusion (O/0, I/1, B/8, S/5...) is fixed only where the
 * position's type says which one it must be; alphanumeric positions (document number, optional data) are left as
 * read, for the check digits to judge. Check digits are verified by the `mrz` package (cheminfo's ICAO 9303 parser).
 */
import { parse } from 'mrz';

export type MrzFormat = 'TD1' | 'TD2' | 'TD3';

export type MrzFields = {
  documentNumber: string | null;
  surname: string | null;
  givenNames: string | null;
  nationality: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  sex: 'F' | 'M' | null;
  /** YYYY-MM-DD */
  expiryDate: string | null;
  issuingState: string | null;
  /** The name field is full to its last position: the names may have been cut short to fit (compare prefixes). */
  namesMayBeTruncated?: boolean;
};

export type CheckDigit = { name: string; valid: boolean };

/** One character a position may hold: A letter, N digit, X either, S sex; each may also be the filler '<'. */
type PositionType = 'A' | 'N' | 'X' | 'S';

const LAYOUTS: Record<MrzFormat, string[]> = {
  TD1: ['AAAAA' + 'X'.repeat(9) + 'N' + 'X'.repeat(15), 'N'.repeat(7) + 'S' + 'N'.repeat(7) + 'AAA' + 'X'.repeat(11) + 'N', 'A'.repeat(30)],
  TD2: ['A'.repeat(36), 'X'.repeat(9) + 'N' + 'AAA' + 'N'.repeat(7) + 'S' + 'N'.repeat(7) + 'X'.repeat(7) + 'N'],
  TD3: ['A'.repeat(44), 'X'.repeat(9) + 'N' + 'AAA' + 'N'.repeat(7) + 'S' + 'N'.repeat(7) + 'X'.repeat(14) + 'NN'],
};

export function formatOf(lineCount: number, length: number): MrzFormat | null {
  if (lineCount === 3 && length === 30) return 'TD1';
  if (lineCount === 2 && length === 36) return 'TD2';
  if (lineCount === 2 && length === 44) return 'TD3';
  return null;
}

const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', T: '7', B: '8', A: '4' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '4': 'A', '5': 'S', '6': 'G', '7': 'T', '8': 'B' };

/** Fixes letters read in digit positions and digits read in letter positions; '?' (not read) stays. */
export function correctByPosition(format: MrzFormat, lines: string[]): string[] {
  const layout = LAYOUTS[format];
  return lines.map((line, li) =>
    [...line]
      .map((ch, i) => {
        const type = layout[li]?.[i] as PositionType | undefined;
        if (ch === '<' || ch === '?' || !type) return ch;
        if (type === 'N') return TO_DIGIT[ch] ?? ch;
        if (type === 'A') return TO_LETTER[ch] ?? ch;
        if (type === 'S') return ch === 'M' || ch === 'F' || ch === 'X' ? ch : '?';
        return ch;
      })
      .join(''),
  );
}

function clean(value: string): string | null {
  if (value.includes('?')) return null;
  const text = value.replace(/<+/g, ' ').trim();
  return text === '' ? null : text;
}

/** YYMMDD to YYYY-MM-DD; the century from `today`: a birth date is not in the future, an expiry within 50 years. */
function isoDate(yymmdd: string, kind: 'birth' | 'expiry', today: string): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const thisYear = Number(today.slice(0, 4));
  let year = 2000 + yy;
  if (kind === 'birth' && `${year}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}` > today) year -= 100;
  if (kind === 'expiry' && year > thisYear + 50) year -= 100;
  const iso = `${year}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return date.getUTCDate() === day ? iso : null;
}

function names(field: string): { surname: string | null; givenNames: string | null; truncated: boolean } {
  const truncated = !field.endsWith('<');
  if (field.includes('?')) return { surname: null, givenNames: null, truncated };
  const [surname = '', ...rest] = field.replace(/<+$/, '').split('<<');
  return { surname: clean(surname), givenNames: clean(rest.join('<<')), truncated };
}

/** The fields and check digits of (corrected) MRZ lines; positions not read ('?') make their field null. */
export function interpretMrz(format: MrzFormat, lines: string[], today: string): { fields: MrzFields; checkDigits: CheckDigit[] } {
  const [l1 = '', l2 = '', l3 = ''] = lines;
  const layout =
    format === 'TD1'
      ? { state: l1.slice(2, 5), doc: l1.slice(5, 14), birth: l2.slice(0, 6), sex: l2.charAt(7), expiry: l2.slice(8, 14), nationality: l2.slice(15, 18), name: l3 }
      : { state: l1.slice(2, 5), doc: l2.slice(0, 9), birth: l2.slice(13, 19), sex: l2.charAt(20), expiry: l2.slice(21, 27), nationality: l2.slice(10, 13), name: l1.slice(5) };
  const { surname, givenNames, truncated } = names(layout.name);
  let checkDigits: CheckDigit[] = [];
  let documentNumber = clean(layout.doc)?.replace(/ /g, '<') ?? null;
  try {
    // The parser reads '?' as an invalid character, so a position not read fails its check digit.
    const result = parse(lines, { autocorrect: false });
    checkDigits = result.details.filter((d) => /check digit/i.test(d.label)).map((d) => ({ name: d.label, valid: d.valid }));
    // A TD1 document number longer than 9 characters continues in the optional field (the parser joins it).
    if (result.documentNumber && !result.documentNumber.includes('?')) documentNumber = result.documentNumber;
  } catch {
    checkDigits = [];
  }
  const sex = layout.sex === 'F' || layout.sex === 'M' ? layout.sex : null;
  return {
    fields: {
      documentNumber,
      surname,
      givenNames,
      nationality: clean(layout.nationality),
      dateOfBirth: isoDate(layout.birth, 'birth', today),
      sex,
      expiryDate: isoDate(layout.expiry, 'expiry', today),
      issuingState: clean(layout.state),
      namesMayBeTruncated: truncated,
    },
    checkDigits,
  };
}
