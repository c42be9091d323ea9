/**
 * Text the standard PDF fonts can set. The typesetter's Times (pdf-lib StandardFonts) encodes WinAnsi only, and
 * pdf-lib throws on any other character, so what investors typed (names in any script, a user agent) goes through
 * `toWinAnsi` first: it keeps what WinAnsi has, transliterates what it reasonably can (Latin letters with marks it
 * lacks, Cyrillic, Greek, typographic spaces and dashes), drops invisible format characters (bidi controls,
 * zero-width characters) and controls, and puts "?" for the rest. It never throws; `exact` says whether the text was
 * kept as it was, so a caller can also record the exact characters.
 */

/** The Unicode characters of the WinAnsi (Windows-1252) encoding, besides printable ASCII and U+00A0-U+00FF. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

export function isWinAnsi(codePoint: number): boolean {
  return (
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0xff) ||
    WIN_ANSI_EXTRA.includes(String.fromCodePoint(codePoint))
  );
}

/** Letters NFKD does not take apart, and punctuation with a plain equivalent. */
const SPECIAL: Record<string, string> = {
  Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', ĸ: 'k', Ŋ: 'N', ŋ: 'n', Ŧ: 'T', ŧ: 't', ẞ: 'SS',
  Ə: 'E', ə: 'e', Ɛ: 'E', ɛ: 'e', Ɔ: 'O', ɔ: 'o', Ʒ: 'Z', ʒ: 'z', Þ: 'Th', ȷ: 'j', ſ: 's',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2015': '-', '\u2212': '-', '\u2032': "'", '\u2033': '"',
  '\u2039': '‹', '\u203a': '›', '\u02bc': "'", '\u02b9': "'", '\u2044': '/', '\u2215': '/',
};

/** ISO 9-like, readable rather than reversible (e.g. Иванов -> Ivanov, Жанна -> Zhanna). */
const CYRILLIC: Record<string, string> = {
  А: 'A', Б: 'B', В: 'V', Г: 'G', Д: 'D', Е: 'E', Ё: 'Yo', Ж: 'Zh', З: 'Z', И: 'I', Й: 'Y', К: 'K', Л: 'L', М: 'M',
  Н: 'N', О: 'O', П: 'P', Р: 'R', С: 'S', Т: 'T', У: 'U', Ф: 'F', Х: 'Kh', Ц: 'Ts', Ч: 'Ch', Ш: 'Sh', Щ: 'Shch',
  Ъ: '', Ы: 'Y', Ь: '', Э: 'E', Ю: 'Yu', Я: 'Ya', Є: 'Ye', І: 'I', Ї: 'Yi', Ґ: 'G', Ў: 'U', Ј: 'J', Љ: 'Lj',
  Њ: 'Nj', Ћ: 'C', Ђ: 'Dj', Џ: 'Dz', Ѕ: 'Dz',
};

const GREEK: Record<string, string> = {
  Α: 'A', Β: 'V', Γ: 'G', Δ: 'D', Ε: 'E', Ζ: 'Z', Η: 'I', Θ: 'Th', Ι: 'I', Κ: 'K', Λ: 'L', Μ: 'M', Ν: 'N',
  Ξ: 'X', Ο: 'O', Π: 'P', Ρ: 'R', Σ: 'S', Τ: 'T', Υ: 'Y', Φ: 'F', Χ: 'Ch', Ψ: 'Ps', Ω: 'O', ς: 's',
};

function lowerTable(table: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { ...table };
  for (const [upper, latin] of Object.entries(table)) {
    const lower = upper.toLowerCase();
    if (lower !== upper && !(lower in out)) out[lower] = latin.toLowerCase();
  }
  return out;
}

const TRANSLITERATION: Record<string, string> = { ...SPECIAL, ...lowerTable(CYRILLIC), ...lowerTable(GREEK) };

/** Lone surrogates (half of a pair, invalid on their own) become U+FFFD. */
const wellFormed = (text: string): string =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

const allWinAnsi = (text: string): boolean => [...text].every((c) => isWinAnsi(c.codePointAt(0) as number));

export type WinAnsiText = { text: string; exact: boolean };

export function toWinAnsi(input: string): WinAnsiText {
  let out = '';
  let exact = true;
  // Lone surrogates become U+FFFD here instead of breaking the loop below.
  const text = wellFormed(input).normalize('NFC');
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number;
    if (isWinAnsi(codePoint)) {
      out += char;
      continue;
    }
    exact = false;
    // Tabs, line breaks and other separators read as a space; other controls and format characters are dropped.
    if (/[\t\n\v\f\r\u0085\u2028\u2029]/u.test(char) || /\p{Zs}/u.test(char)) {
      out += ' ';
      continue;
    }
    if (/[\p{Cc}\p{Cf}\p{Mn}\p{Me}]/u.test(char)) continue;
    const mapped = TRANSLITERATION[char] ?? TRANSLITERATION[char.normalize('NFD').replace(/\p{M}/gu, '')];
    if (mapped !== undefined) {
      out += mapped;
      continue;
    }
    // Compatibility forms and marks: ﬁ -> fi, Ａ -> A, ș -> s, ǅ -> Dž (then ž is WinAnsi).
    const decomposed = char.normalize('NFKD').replace(/\p{M}/gu, '');
    const recomposed = char.normalize('NFKC');
    if (recomposed !== char && allWinAnsi(recomposed)) out += recomposed;
    else if (decomposed && allWinAnsi(decomposed)) out += decomposed;
    else out += '?';
  }
  return { text: out, exact };
}

/** The code points of a text, for the record of what was replaced: "U+0418 U+0432 ...". */
export const codePoints = (text: string): string =>
  [...wellFormed(text)].map((c) => `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
