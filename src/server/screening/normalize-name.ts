/**
 * One name reduced to what the matcher compares: lower-case ASCII words. Lists and investors write the same person
 * in Cyrillic, Greek or with accents, with titles and legal forms around the name; any-ascii transliterates, and the
 * words that say nothing about who it is (honorifics, name particles, company legal forms) are dropped.
 */
import anyAscii from 'any-ascii';

export type NormalizedName = {
  /** As given, trimmed. */
  original: string;
  /** The ASCII reading with the original's capitals, for the reason sentences ("Иван Петров" reads "Ivan Petrov"). */
  readable: string;
  /** Lower-case ASCII words in the written order. */
  tokens: string[];
  /** What transliteration did: nothing, only accents removed, or another script read into Latin letters. */
  change: 'none' | 'diacritics' | 'script';
};

/** A name longer than this is not a name; cut rather than let a pasted document cost the matcher. */
const MAX_NAME_CHARS = 300;
const MAX_TOKENS = 12;

/** Titles around a person's name; never part of who it is. */
const HONORIFICS = ['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'madam', 'mme', 'mlle', 'herr', 'frau', 'jr', 'snr', 'jnr'];
/** Particles written, left out, or glued on inconsistently (al-Tikriti, van der Berg, bin Salem). */
const PARTICLES = ['al', 'el', 'bin', 'ibn', 'bint', 'van', 'von', 'der', 'den', 'de', 'del', 'da', 'di', 'du', 'dos', 'das', 'la', 'le'];
/** Company legal forms: "Romashka LLC" and "OOO Romashka" are the same company. */
const LEGAL_FORMS = [
  'ltd', 'limited', 'llc', 'llp', 'lp', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'plc', 'gmbh', 'ag', 'kg',
  'sa', 'sarl', 'sas', 'srl', 'spa', 'bv', 'nv', 'oy', 'ab', 'as', 'jsc', 'pjsc', 'ojsc', 'cjsc', 'ooo', 'oao', 'zao', 'pao', 'fzco', 'fze',
];
const DROPPED = new Set([...HONORIFICS, ...PARTICLES, ...LEGAL_FORMS]);

const NON_LATIN_LETTER = /(?!\p{Script=Latin})\p{L}/u;
const ACCENTED_LATIN_LETTER = /(?=\p{Script=Latin})[^\u0000-\u007f]/u;

/** "PETROV, Ivan Sergeyevich" -> "Ivan Sergeyevich PETROV": the written order, so the patronymic sits in the middle. */
function surnameLast(text: string): string {
  const parts = text.split(',');
  if (parts.length !== 2 || parts[0]!.trim() === '' || parts[1]!.trim() === '') return text;
  return `${parts[1]} ${parts[0]}`;
}

export function normalizeName(name: string): NormalizedName {
  const original = name.trim().slice(0, MAX_NAME_CHARS);
  const readable = anyAscii(original).replace(/\s+/g, ' ').trim();
  const words = surnameLast(readable)
    .toLowerCase()
    // O'Brien, Il'ich (from the Cyrillic soft sign), Arabic ayn as a backtick: one word, not two.
    .replace(/['`]/g, '')
    // "S.A.", "S.p.A.": one legal form, not letters ("J. Smith" keeps its initial).
    .replace(/\b[a-z](?:\.[a-z])+\b\.?/g, (dotted) => dotted.replace(/\./g, ''))
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '');
  const kept = words.filter((word) => !DROPPED.has(word));
  const tokens = (kept.length > 0 ? kept : words).slice(0, MAX_TOKENS);
  const change = NON_LATIN_LETTER.test(original) ? 'script' : ACCENTED_LATIN_LETTER.test(original) ? 'diacritics' : 'none';
  return { original, readable, tokens, change };
}
