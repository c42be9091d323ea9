/**
 * Screening names against a list held in memory, without comparing with every entry. The list's distinct words form
 * a vocabulary; blocking keys (Double Metaphone codes, the word's halves) lead from a query word to the few
 * vocabulary words worth comparing, Jaro-Winkler keeps those alike enough, and their postings give the list names
 * holding them. Only names that hold matches for two of the query's words (one when either side is a single word)
 * are scored: a few milliseconds against 50,000 entries.
 */
import { compareNames, compareWords, toComparableName, toComparableWord, WORD_MATCH_SIMILARITY, type ComparableWord, type WordSimilarity } from './compare-names.ts';
import { checkBirthDate } from './birth-date-check.ts';
import { hitReasons } from './hit-reasons.ts';
import { normalizeName } from './normalize-name.ts';
import type { ScreeningEntry, ScreeningHit, ScreeningQuery } from './screening-types.ts';

/**
 * A hit scores at least this. Measured on 50,000 made-up entries (test/unit/screening/screening-accuracy.test.ts
 * prints the table): the lowest of 1,000 seeded variants (Cyrillic, reordered, middle name left out or added,
 * accents, a one-letter slip) scored 0.947, and 0.904 when two changes combine (Cyrillic and a middle name); the
 * highest of 1,000 made-up non-listed names sharing first names scored 0.831 (0.851 over 6,000 on three seeds).
 * 0.88 sits between, nearer the non-listed side because a missed listed person costs more than a reviewed false
 * hit, and keeps an exact name with another year of birth (1 x 0.9) on screen with the reason.
 */
export const SCREENING_HIT_THRESHOLD = 0.88;
/** Names the approach; change it when a change to the matching would change results, so stored screenings say which engine ran. */
export const SCREENING_ENGINE_VERSION = 'tokens-jw-dm/1 (any-ascii 0.3.3, double-metaphone 2.0.1, @skyra/jaro-winkler 1.1.1)';

/**
 * Lists of numbers packed in one array: list i is values[starts[i]] .. values[starts[i + 1] - 1]. A million small
 * arrays would cost more in headers than in numbers.
 */
export type PackedLists = { readonly starts: Int32Array; readonly values: Int32Array };

export type ScreeningIndex = {
  readonly entries: readonly ScreeningEntry[];
  /** Per list name (each distinct spelling of an entry's names): its entry, which of the entry's names it is, its words. */
  readonly nameEntry: Int32Array;
  readonly nameAlias: Int32Array;
  readonly nameWords: PackedLists;
  /** The list's distinct words (with their Double Metaphone codes) and, per word, the names holding it. */
  readonly vocabulary: readonly ComparableWord[];
  readonly vocabularyIds: ReadonlyMap<string, number>;
  readonly wordNames: PackedLists;
  /** Blocking key (with the word's length) -> vocabulary words. */
  readonly keyIds: ReadonlyMap<string, number>;
  readonly keyWords: PackedLists;
  /** Reused per query so collecting candidates allocates nothing per list name (screenName is synchronous). */
  readonly scratch: { stamp: Uint32Array; mask: Uint32Array; firstWord: Int32Array; severalWords: Uint8Array; generation: number };
};

/** Query words beyond this are ignored by blocking (a bit per word in a 32-bit mask). */
const MAX_QUERY_WORDS = 31;

/**
 * Where alike words meet: the Double Metaphone codes, and the two halves of the word (first half, second half). A
 * one-letter slip (replaced, added or dropped letter) leaves one half of the listed word as it was, whichever
 * half it is in. Keys carry the listed word's length; words 3+ letters apart in length are never alike
 * (compareWords), so a query looks only at lengths within 2 of its own word's.
 */
function indexKeys(word: string, sound: readonly [string, string]): string[] {
  const length = word.length;
  const keys = soundKeys(sound).map((key) => `${key}/${length}`);
  if (length >= HALVED_LENGTH) {
    const half = Math.floor(length / 2);
    keys.push(`h${word.slice(0, half)}/${length}`, `t${word.slice(half)}/${length}`);
  }
  return keys;
}

/** The keys under which a listed word of `listedLength` letters alike to `word` is found. */
function queryKeys(word: string, sound: readonly [string, string], listedLength: number): string[] {
  const keys = soundKeys(sound).map((key) => `${key}/${listedLength}`);
  if (listedLength >= HALVED_LENGTH) {
    const half = Math.floor(listedLength / 2);
    const rest = listedLength - half;
    if (half <= word.length) keys.push(`h${word.slice(0, half)}/${listedLength}`);
    if (rest <= word.length) keys.push(`t${word.slice(word.length - rest)}/${listedLength}`);
  }
  return keys;
}

/** Shorter words are found by their sound and exact spelling only: halves of one to three letters say nothing. */
const HALVED_LENGTH = 4;

function soundKeys(sound: readonly [string, string]): string[] {
  const keys: string[] = [];
  if (sound[0].length >= 2) keys.push(`m${sound[0]}`);
  if (sound[1].length >= 2 && sound[1] !== sound[0]) keys.push(`m${sound[1]}`);
  return keys;
}

function pack(lists: readonly (readonly number[])[]): PackedLists {
  const starts = new Int32Array(lists.length + 1);
  lists.forEach((list, i) => (starts[i + 1] = starts[i]! + list.length));
  const values = new Int32Array(starts[lists.length]!);
  lists.forEach((list, i) => values.set(list, starts[i]!));
  return { starts, values };
}

function unpacked(lists: PackedLists, i: number): Int32Array {
  return lists.values.subarray(lists.starts[i]!, lists.starts[i + 1]!);
}

export function buildScreeningIndex(entries: ScreeningEntry[]): ScreeningIndex {
  const nameEntry: number[] = [];
  const nameAlias: number[] = [];
  const nameWords: number[][] = [];
  const vocabularyWords: string[] = [];
  const vocabularyIds = new Map<string, number>();
  const wordNames: number[][] = [];
  entries.forEach((entry, entryNumber) => {
    const seen = new Set<string>();
    entry.names.forEach((written, alias) => {
      const { tokens } = normalizeName(written);
      const form = tokens.join(' ');
      // The EU list repeats a name in many languages; one copy per spelling is enough.
      if (form === '' || seen.has(form)) return;
      seen.add(form);
      const nameId = nameEntry.length;
      nameEntry.push(entryNumber);
      nameAlias.push(alias);
      nameWords.push(
        tokens.map((token) => {
          let id = vocabularyIds.get(token);
          if (id === undefined) {
            id = vocabularyWords.length;
            vocabularyWords.push(token);
            vocabularyIds.set(token, id);
            wordNames.push([]);
          }
          const holders = wordNames[id]!;
          if (holders[holders.length - 1] !== nameId) holders.push(nameId);
          return id;
        }),
      );
    });
  });
  const vocabulary = vocabularyWords.map((word) => toComparableWord(word));
  const keyIds = new Map<string, number>();
  const keyWords: number[][] = [];
  vocabulary.forEach(({ word, sound }, id) => {
    for (const key of indexKeys(word, sound)) {
      const keyId = keyIds.get(key);
      if (keyId === undefined) {
        keyIds.set(key, keyWords.length);
        keyWords.push([id]);
      } else keyWords[keyId]!.push(id);
    }
  });
  const nameCount = nameEntry.length;
  return {
    entries,
    nameEntry: Int32Array.from(nameEntry),
    nameAlias: Int32Array.from(nameAlias),
    nameWords: pack(nameWords),
    vocabulary,
    vocabularyIds,
    wordNames: pack(wordNames),
    keyIds,
    keyWords: pack(keyWords),
    scratch: { stamp: new Uint32Array(nameCount), mask: new Uint32Array(nameCount), firstWord: new Int32Array(nameCount), severalWords: new Uint8Array(nameCount), generation: 0 },
  };
}

/** The vocabulary words alike enough to one query word, with their likeness. */
function similarWords(index: ScreeningIndex, word: ComparableWord): Map<number, WordSimilarity> {
  const found = new Map<number, WordSimilarity>();
  const exact = index.vocabularyIds.get(word.word);
  if (exact !== undefined) found.set(exact, { similarity: 1, how: 'same' });
  const compared = new Set<number>(found.keys());
  const length = word.word.length;
  for (let listedLength = Math.max(1, length - 2); listedLength <= length + 2; listedLength++) {
    for (const key of queryKeys(word.word, word.sound, listedLength)) {
      const keyId = index.keyIds.get(key);
      if (keyId === undefined) continue;
      for (const id of unpacked(index.keyWords, keyId)) {
        if (compared.has(id)) continue;
        compared.add(id);
        const likeness = compareWords(word, index.vocabulary[id]!);
        if (likeness.similarity >= WORD_MATCH_SIMILARITY) found.set(id, likeness);
      }
    }
  }
  return found;
}

function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/** The list names holding matches for enough of the query's words to possibly match it. */
function candidateNames(index: ScreeningIndex, matches: ReadonlyArray<Map<number, WordSimilarity>>): number[] {
  const { scratch } = index;
  if (scratch.generation >= 0xffff_fffe) {
    scratch.stamp.fill(0);
    scratch.generation = 0;
  }
  const generation = ++scratch.generation;
  const touched: number[] = [];
  matches.forEach((words, i) => {
    for (const wordId of words.keys()) {
      for (const nameId of unpacked(index.wordNames, wordId)) {
        if (scratch.stamp[nameId] !== generation) {
          scratch.stamp[nameId] = generation;
          scratch.mask[nameId] = 0;
          scratch.firstWord[nameId] = wordId;
          scratch.severalWords[nameId] = 0;
          touched.push(nameId);
        } else if (scratch.firstWord[nameId] !== wordId) scratch.severalWords[nameId] = 1;
        scratch.mask[nameId]! |= 1 << i;
      }
    }
  });
  // Two query words matched through one and the same list word ("Nikolai Nikolai") are still one matched word.
  // A one-word query can only match a one-word list name; otherwise two words must match.
  const { starts } = index.nameWords;
  if (matches.length === 1) return touched.filter((nameId) => starts[nameId + 1]! - starts[nameId]! === 1);
  return touched.filter((nameId) => scratch.severalWords[nameId] === 1 && bitCount(scratch.mask[nameId]!) >= 2);
}

const NO_LIKENESS: WordSimilarity = { similarity: 0, how: 'spelling' };

/** The best hit per list entry at or above the threshold, highest score first. */
export function screenName(index: ScreeningIndex, query: ScreeningQuery, threshold: number = SCREENING_HIT_THRESHOLD): ScreeningHit[] {
  const best = new Map<number, ScreeningHit>();
  for (const written of query.names) {
    const queryName = toComparableName(written);
    const tokens = queryName.tokens.slice(0, MAX_QUERY_WORDS);
    if (tokens.length === 0) continue;
    const matches = tokens.map((token, i) => similarWords(index, toComparableWord(token, queryName.sounds[i])));
    for (const nameId of candidateNames(index, matches)) {
      const words = unpacked(index.nameWords, nameId);
      const listedTokens = Array.from(words, (id) => index.vocabulary[id]!.word);
      const comparison = compareNames(tokens, listedTokens, (i, j) => matches[i]!.get(words[j]!) ?? NO_LIKENESS);
      if (comparison === null) continue;
      const entryNumber = index.nameEntry[nameId]!;
      const entry = index.entries[entryNumber]!;
      const birth = checkBirthDate(query.dateOfBirth, entry.birthDates);
      const score = Math.round(birth.apply(comparison.score) * 1000) / 1000;
      if (score < threshold) continue;
      const current = best.get(entryNumber);
      if (current !== undefined && current.score >= score) continue;
      // Only a hit needs the list name's full reading (for the reasons): the index keeps just its words.
      const listedName = normalizeName(entry.names[index.nameAlias[nameId]!]!);
      best.set(entryNumber, {
        ref: entry.ref,
        entryName: listedName.original,
        queryName: queryName.original,
        score,
        reasons: hitReasons({ ...queryName, tokens }, listedName, comparison, birth.reason),
        birthDate: birth.outcome,
      });
    }
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.ref.localeCompare(b.ref));
}
