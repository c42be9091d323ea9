/**
 * The sentences a compliance officer reads beside a hit: which words matched, what was left out, what was
 * transliterated or spelled differently, and what the date of birth says. Plain English, quoting the names as given.
 */
import type { NameComparison } from './compare-names.ts';
import type { NormalizedName } from './normalize-name.ts';

function quoted(words: readonly string[]): string {
  return words.map((word) => `"${word.charAt(0).toUpperCase()}${word.slice(1)}"`).join(', ');
}

function nameSentence(query: NormalizedName, entry: NormalizedName, comparison: NameComparison): string {
  const m = query.tokens.length;
  const n = entry.tokens.length;
  const matched = comparison.pairs.length;
  const order = comparison.reordered ? ', in another word order' : '';
  const entryMissing = comparison.entryUnmatched.map((index) => entry.tokens[index]!);
  const queryExtra = comparison.queryUnmatched.map((index) => query.tokens[index]!);
  if (matched === m && matched === n) return `Every name in "${query.original}" matches "${entry.original}"${order}`;
  if (matched === m) {
    const interior = comparison.entryUnmatched.length === 1 && comparison.entryUnmatched[0]! > 0 && comparison.entryUnmatched[0]! < n - 1;
    const missing = interior ? 'middle name missing' : `${quoted(entryMissing)} missing`;
    return `Every name in "${query.original}" matches "${entry.original}" (${missing}${order})`;
  }
  if (matched === n) return `Every name in "${entry.original}" is in "${query.original}" (the list does not have ${quoted(queryExtra)}${order})`;
  return `${matched} of the ${m} names in "${query.original}" match "${entry.original}" (${quoted(queryExtra)} differs from ${quoted(entryMissing)}${order})`;
}

function scriptSentences(query: NormalizedName, entry: NormalizedName): string[] {
  const sentences: string[] = [];
  if (query.change === 'script') sentences.push(`Written in another script: "${query.original}" reads "${query.readable}"`);
  if (query.change === 'diacritics') sentences.push(`Accents ignored: "${query.original}" read as "${query.readable}"`);
  if (entry.change === 'script') sentences.push(`The list writes it in another script: "${entry.original}" reads "${entry.readable}"`);
  if (entry.change === 'diacritics') sentences.push(`Accents ignored on the list: "${entry.original}" read as "${entry.readable}"`);
  return sentences;
}

function spellingSentences(query: NormalizedName, entry: NormalizedName, comparison: NameComparison): string[] {
  return comparison.pairs.flatMap((pair) => {
    if (pair.how === 'same') return [];
    const words = `${quoted([query.tokens[pair.queryIndex]!])} and ${quoted([entry.tokens[pair.entryIndex]!])}`;
    return [pair.how === 'sound' ? `${words} sound alike` : `${words} are spelled almost the same`];
  });
}

export function hitReasons(query: NormalizedName, entry: NormalizedName, comparison: NameComparison, birthDateReason: string | null): string[] {
  return [
    nameSentence(query, entry, comparison),
    ...scriptSentences(query, entry),
    ...spellingSentences(query, entry, comparison),
    ...(birthDateReason === null ? [] : [birthDateReason]),
  ];
}
