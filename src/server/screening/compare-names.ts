/**
 * How alike two names are, word by word: Jaro-Winkler (@skyra/jaro-winkler) for spelling, Double Metaphone
 * (double-metaphone) for sound. Word order is ignored (lists write "PETROV Ivan"), a word only one side has costs
 * little when it sits between matched words (a middle name left out) and more at either end (rather another
 * surname), a word each side has but that differs costs a lot, and one shared word alone is never a match (a
 * common first name says nothing). The score is a length-weighted mean of the matched words' likeness, with the
 * words only one side has counted in at a fraction of their length.
 */
import { jaroWinkler } from '@skyra/jaro-winkler';
import { doubleMetaphone } from 'double-metaphone';
import { normalizeName, type NormalizedName } from './normalize-name.ts';

export type ComparableName = NormalizedName & { sounds: ReadonlyArray<readonly [string, string]> };

export type WordSimilarity = { similarity: number; how: 'same' | 'spelling' | 'sound' };

export type TokenPair = WordSimilarity & { queryIndex: number; entryIndex: number };

export type NameComparison = {
  /** 0..1 before the date of birth is considered. */
  score: number;
  /** The matched words, in the query's order. */
  pairs: TokenPair[];
  /** Indexes of the words that found no partner on each side. */
  queryUnmatched: number[];
  entryUnmatched: number[];
  /** The matched words come in another order on the two sides. */
  reordered: boolean;
};

/** Two words at least this alike count as the same word (a one-letter slip in a word of 6+ letters scores about 0.9 or more). */
export const WORD_MATCH_SIMILARITY = 0.87;
/** Sounding alike (a shared Double Metaphone code) nudges spelling similarity up ("Luca", "Luka"), never makes a match alone. */
const SOUND_BONUS = 0.03;
/**
 * A word only one side has lowers the score by its length times this share, as if it were a matched word of that
 * length with this much less likeness. Between matched words it is a middle name left out: almost free. At either
 * end of the query it is rather the investor's surname that the list lacks: costly. At either end of the list name it
 * is more the list knows (another given name, a patronymic after "PETROV Ivan"): in between.
 */
const MISSING_MIDDLE_WORD_WEIGHT = 0.03;
const MISSING_QUERY_EDGE_WORD_WEIGHT = 0.2;
const MISSING_LIST_EDGE_WORD_WEIGHT = 0.1;
/** Per word each side has without a partner on the other (another surname, another patronymic). */
const CONFLICTING_WORD_FACTOR = 0.8;

export function toComparableName(name: string): ComparableName {
  const normalized = normalizeName(name);
  return { ...normalized, sounds: normalized.tokens.map((token) => doubleMetaphone(token)) };
}

function soundsAlike(a: readonly [string, string], b: readonly [string, string]): boolean {
  // Codes of one letter are too coarse to mean anything ("A", "N").
  if (a[0].length < 2 || b[0].length < 2) return false;
  return a[0] === b[0] || a[0] === b[1] || a[1] === b[0];
}

function reversed(word: string): string {
  return [...word].reverse().join('');
}

/** A word ready for comparison: itself, backwards, and its Double Metaphone codes. */
export type ComparableWord = { word: string; backwards: string; sound: readonly [string, string] };

export function toComparableWord(word: string, sound: readonly [string, string] = doubleMetaphone(word)): ComparableWord {
  return { word, backwards: reversed(word), sound };
}

/** Below WORD_MATCH_SIMILARITY the exact figure does not matter: such words are simply not alike. */
const NOT_ALIKE: WordSimilarity = { similarity: 0, how: 'spelling' };

function readingsLikeness(forwards: number, backwards: number): number {
  return 0.75 * ((forwards + backwards) / 2) + 0.25 * Math.max(forwards, backwards);
}

/**
 * Exact at and above WORD_MATCH_SIMILARITY; below it, 0 may stand for any value (the computation stops early).
 * "Ivan" in "Ivanov", "Nikolai" and "Nikolaevich": a word that is the start of a longer one by 2+ letters, or 3+
 * letters shorter or longer, is another name (a surname or patronymic made from it) though the two read alike;
 * spellings of one name differ by a letter or two (Müller, Mueller; Sergeevich, Sergeyevich).
 */
export function compareWords(a: ComparableWord, b: ComparableWord): WordSimilarity {
  if (a.word === b.word) return { similarity: 1, how: 'same' };
  const [shorter, longer] = a.word.length <= b.word.length ? [a.word, b.word] : [b.word, a.word];
  const difference = longer.length - shorter.length;
  if (difference >= 3 || (difference === 2 && longer.startsWith(shorter))) return NOT_ALIKE;
  // Jaro-Winkler rewards a shared start; read backwards too, so a shared end counts as much. Two different names
  // that only start alike ("Goran", "Gordra") drop. A quarter leans to the better reading: Jaro-Winkler may pair a
  // slipped letter with the same letter nearby ("Aradolas", "Bradolas") and spoil one reading, rarely both.
  const forwards = jaroWinkler(a.word, b.word);
  // Even a perfect backwards reading could not reach a match: most blocked pairs stop here.
  if (readingsLikeness(forwards, 1) + SOUND_BONUS < WORD_MATCH_SIMILARITY) return NOT_ALIKE;
  const similarity = readingsLikeness(forwards, jaroWinkler(a.backwards, b.backwards));
  if (soundsAlike(a.sound, b.sound)) return { similarity: Math.min(1, similarity + SOUND_BONUS), how: 'sound' };
  return { similarity, how: 'spelling' };
}

/** A word with matched words on both sides of it in its own name: a middle name. */
function isBetween(index: number, taken: readonly boolean[]): boolean {
  return taken.slice(0, index).includes(true) && taken.slice(index + 1).includes(true);
}

/**
 * null when the names share too little to be the same: fewer than two matched words, unless a side has only one.
 * `similarity` gives the likeness of query word i and entry word j (the index passes the ones it already computed).
 */
export function compareNames(queryTokens: readonly string[], entryTokens: readonly string[], similarity: (i: number, j: number) => WordSimilarity): NameComparison | null {
  const m = queryTokens.length;
  const n = entryTokens.length;
  if (m === 0 || n === 0) return null;
  const candidates: TokenPair[] = [];
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      const likeness = similarity(i, j);
      if (likeness.similarity >= WORD_MATCH_SIMILARITY) candidates.push({ ...likeness, queryIndex: i, entryIndex: j });
    }
  }
  // Greedy one-to-one assignment, best pairs first: names are a handful of words, so this is as good as optimal.
  candidates.sort((x, y) => y.similarity - x.similarity);
  const queryTaken = new Array<boolean>(m).fill(false);
  const entryTaken = new Array<boolean>(n).fill(false);
  const pairs: TokenPair[] = [];
  for (const pair of candidates) {
    if (queryTaken[pair.queryIndex] || entryTaken[pair.entryIndex]) continue;
    queryTaken[pair.queryIndex] = true;
    entryTaken[pair.entryIndex] = true;
    pairs.push(pair);
  }
  const matched = pairs.length;
  const shorterSide = Math.min(m, n);
  const longerSide = Math.max(m, n);
  if (matched < Math.min(2, longerSide)) return null;

  let weighted = 0;
  let weights = 0;
  for (const pair of pairs) {
    // Long words carry more identity than short ones ("Li" vs "Papadopoulos").
    const weight = Math.max(queryTokens[pair.queryIndex]!.length, entryTokens[pair.entryIndex]!.length);
    weighted += weight * pair.similarity;
    weights += weight;
  }
  const queryUnmatched = queryTaken.flatMap((taken, index) => (taken ? [] : [index]));
  const entryUnmatched = entryTaken.flatMap((taken, index) => (taken ? [] : [index]));
  const conflicts = shorterSide - matched;
  // With a conflict no word is "left out": every unmatched word counts as at an edge.
  for (const index of queryUnmatched) {
    const share = conflicts === 0 && isBetween(index, queryTaken) ? MISSING_MIDDLE_WORD_WEIGHT : MISSING_QUERY_EDGE_WORD_WEIGHT;
    weights += share * queryTokens[index]!.length;
  }
  for (const index of entryUnmatched) {
    const share = conflicts === 0 && isBetween(index, entryTaken) ? MISSING_MIDDLE_WORD_WEIGHT : MISSING_LIST_EDGE_WORD_WEIGHT;
    weights += share * entryTokens[index]!.length;
  }
  const score = (weighted / weights) * CONFLICTING_WORD_FACTOR ** conflicts;
  pairs.sort((x, y) => x.queryIndex - y.queryIndex);
  const reordered = pairs.some((pair, index) => index > 0 && pair.entryIndex < pairs[index - 1]!.entryIndex);
  return { score, pairs, queryUnmatched, entryUnmatched, reordered };
}

/** Two names compared on their own, outside an index (the index uses compareNames with its cached word likeness). */
export function compareComparableNames(query: ComparableName, entry: ComparableName): NameComparison | null {
  const queryWords = query.tokens.map((token, i) => toComparableWord(token, query.sounds[i]));
  const entryWords = entry.tokens.map((token, j) => toComparableWord(token, entry.sounds[j]));
  return compareNames(query.tokens, entry.tokens, (i, j) => compareWords(queryWords[i]!, entryWords[j]!));
}
