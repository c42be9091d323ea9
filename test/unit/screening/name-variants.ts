/**
 * How an investor may write a listed name differently, for the accuracy test: in Cyrillic, in another word order,
 * with the middle name left out (or one added), with accents added or dropped, with a one-letter slip. The Cyrillic
 * table is for this test data only (a rough Russian-style spelling), not a transliteration standard.
 */
import { withAccents } from '../../../src/server/screening/synthetic-names.ts';

/** Longest spellings first, so "sh" is read before "s". */
const LATIN_TO_CYRILLIC: ReadonlyArray<readonly [string, string]> = [
  ['shch', 'щ'], ['sh', 'ш'], ['ch', 'ч'], ['zh', 'ж'], ['kh', 'х'], ['ts', 'ц'], ['ph', 'ф'], ['th', 'т'], ['ck', 'к'], ['qu', 'кв'],
  ['ya', 'я'], ['yu', 'ю'], ['ye', 'е'], ['a', 'а'], ['b', 'б'], ['c', 'к'], ['d', 'д'], ['e', 'е'], ['f', 'ф'], ['g', 'г'], ['h', 'х'],
  ['i', 'и'], ['j', 'й'], ['k', 'к'], ['l', 'л'], ['m', 'м'], ['n', 'н'], ['o', 'о'], ['p', 'п'], ['q', 'к'], ['r', 'р'], ['s', 'с'],
  ['t', 'т'], ['u', 'у'], ['v', 'в'], ['w', 'в'], ['x', 'кс'], ['y', 'й'], ['z', 'з'],
];

function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

function wordToCyrillic(word: string): string {
  const lower = stripAccents(word).toLowerCase();
  let out = '';
  for (let i = 0; i < lower.length; ) {
    const found = LATIN_TO_CYRILLIC.find(([latin]) => lower.startsWith(latin, i));
    if (found === undefined) {
      out += lower[i];
      i += 1;
    } else {
      // A word-initial "e" is Russian "э" (Erik -> Эрик), elsewhere "е".
      out += i === 0 && found[0] === 'e' ? 'э' : found[1];
      i += found[0].length;
    }
  }
  return out.charAt(0).toUpperCase() + out.slice(1);
}

export function toCyrillic(name: string): string {
  return name.split(' ').map(wordToCyrillic).join(' ');
}

/** Surname first, then the rest: "Ivan Sergeevich Petrov" -> "Petrov Ivan Sergeevich". */
export function reordered(name: string): string {
  const words = name.split(' ');
  return [words[words.length - 1]!, ...words.slice(0, -1)].join(' ');
}

/** Three words: the middle one left out. Two words: a patronymic added between them (the list has 2 of 3). */
export function middleNameChanged(name: string): string {
  const words = name.split(' ');
  if (words.length >= 3) return [words[0]!, ...words.slice(2)].join(' ');
  return [words[0]!, 'Konstantinovich', ...words.slice(1)].join(' ');
}

/** Accents dropped when the name has some (plainly, or German-style ü -> ue), added when it has none. */
export function accentsToggled(name: string, random: () => number): string {
  if (stripAccents(name) !== name) {
    if (random() < 0.5) return stripAccents(name);
    return stripAccents(name.replace(/ü/g, 'ue').replace(/ö/g, 'oe').replace(/ä/g, 'ae'));
  }
  const words = name.split(' ');
  const last = words.length - 1;
  words[last] = withAccents(words[last]!, random);
  if (stripAccents(words[last]!) === words[last]) words[0] = withAccents(words[0]!, random);
  return words.join(' ');
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One letter replaced, inserted or deleted, anywhere in a word of 6+ letters; null when the name has none. */
export function oneLetterSlip(name: string, random: () => number): string | null {
  const words = name.split(' ');
  const long = words.flatMap((word, index) => (word.length >= 6 && /^[A-Za-z]+$/.test(word) ? [index] : []));
  if (long.length === 0) return null;
  const index = long[Math.floor(random() * long.length)]!;
  const word = words[index]!;
  const at = Math.floor(random() * word.length);
  const other = (current: string | undefined): string => {
    const letters = LETTERS.replace(current?.toLowerCase() ?? '', '');
    return letters[Math.floor(random() * letters.length)]!;
  };
  const kind = Math.floor(random() * 3);
  const slipped = kind === 0 ? word.slice(0, at) + other(word[at]) + word.slice(at + 1) : kind === 1 ? word.slice(0, at) + other(undefined) + word.slice(at) : word.slice(0, at) + word.slice(at + 1);
  // Keep the capital: "Bradolas" -> "Aradolas", not "aradolas".
  words[index] = slipped.charAt(0).toUpperCase() + slipped.slice(1);
  return words.join(' ');
}
