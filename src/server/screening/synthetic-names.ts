/**
 * Made-up screening lists for measuring the matcher (screening-bench.ts) and for its accuracy tests: deterministic
 * from a seed, names built from syllables so none is a real person's. Listed surnames and the non-listed names come
 * from different syllables, while both draw first names from the same common ones: a non-listed name then shares a
 * first name, and often a middle name, with hundreds of listed ones, the case a screening must not flag.
 */
import type { ScreeningEntry } from './screening-types.ts';

/** mulberry32: small, fast, good enough spread for test data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

export const COMMON_FIRST_NAMES = [
  'Ivan', 'Pavel', 'Viktor', 'Nikolai', 'Sergei', 'Dmitri', 'Andrei', 'Boris', 'Mikhail', 'Alexei', 'Oleg', 'Yuri', 'Anna', 'Maria',
  'Elena', 'Olga', 'Irina', 'Tatiana', 'Natalia', 'Svetlana', 'Omar', 'Karim', 'Hassan', 'Ali', 'Yusuf', 'Amir', 'Samir', 'Fatima',
  'Leila', 'Nadia', 'Rania', 'Carlos', 'Pedro', 'Luis', 'Ana', 'Sofia', 'Marco', 'Paolo', 'Luca', 'Giulia', 'Stefan', 'Milan', 'Goran',
  'Dragan', 'Jovan', 'Petra', 'Katarina', 'Lars', 'Erik', 'Anders', 'Ingrid', 'Peter', 'Thomas', 'Martin', 'Daniel', 'David',
  'Michael', 'George', 'Robert', 'Laura', 'Julia', 'Emma', 'Hanna', 'Klaus', 'Dieter', 'Franz', 'Ahmed', 'Tariq', 'Zoran', 'Vera',
];

/** Patronymics made from first names, the middle name of most Russian-style entries. */
const PATRONYMICS = [
  'Ivanovich', 'Pavlovich', 'Viktorovich', 'Nikolaevich', 'Sergeevich', 'Dmitrievich', 'Andreevich', 'Borisovich', 'Mikhailovich',
  'Olegovich', 'Ivanovna', 'Pavlovna', 'Viktorovna', 'Nikolaevna', 'Sergeevna', 'Andreevna', 'Borisovna', 'Olegovna',
];

/** Listed surnames: Slavic, Balkan and Mediterranean-sounding syllables. */
const LISTED_SYLLABLES = [
  'bor', 'dar', 'mik', 'sel', 'tov', 'ran', 'vel', 'kas', 'lom', 'pet', 'gor', 'zan', 'ril', 'nes', 'dub', 'kor', 'lin', 'mar', 'sta',
  'vin', 'ber', 'tam', 'ros', 'ken', 'dol', 'fer', 'gal', 'lev', 'mo', 'ra', 'ze', 'ni', 'ka', 'do', 'lu', 've', 'sa', 'tri', 'bra',
  'gra', 'dra', 'pro', 'sko', 'zla', 'kri', 'pla',
];
const LISTED_ENDINGS = ['ov', 'ova', 'ev', 'enko', 'escu', 'idis', 'ani', 'ic', 'ovic', 'insky', 'elli', 'etti', 'ez', 'as', 'ak', ''];
/** Non-listed surnames: English, Celtic, Dutch and Nordic-sounding syllables, none of the above. */
const UNLISTED_SYLLABLES = [
  'ash', 'whit', 'thorn', 'cray', 'hob', 'wick', 'fitz', 'gwen', 'ock', 'quil', 'haw', 'thw', 'ayte', 'oak', 'heath', 'yew', 'brough',
  'cough', 'pen', 'rhys', 'wyn', 'llew', 'ham', 'holm', 'strand', 'fjeld', 'dijk', 'hoek', 'uy', 'ey', 'ing', 'ton', 'ley', 'by', 'wood',
];
const UNLISTED_ENDINGS = ['', 's', 'son', 'ham', 'worth', 'hurst', 'kamp', 'gaard', 'sen', 'ell', 'ock'];
const COMPANY_WORDS = ['Trading', 'Holdings', 'Shipping', 'Invest', 'Logistics', 'Capital', 'Metals', 'Energy'];
const LEGAL_FORMS = ['LLC', 'Ltd', 'JSC', 'GmbH', 'S.A.'];
const ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', c: 'č', s: 'š', z: 'ž', n: 'ñ', r: 'ř' };

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function surname(random: () => number, syllables: readonly string[], endings: readonly string[]): string {
  const count = random() < 0.6 ? 2 : 3;
  let word = '';
  for (let i = 0; i < count; i++) word += pick(random, syllables);
  return capitalize(word + pick(random, endings));
}

/** One or two letters of the word given an accent (Müller-like lists and investors). */
export function withAccents(word: string, random: () => number): string {
  const letters = [...word];
  const places = letters.flatMap((letter, index) => (index > 0 && ACCENTS[letter] !== undefined ? [index] : []));
  for (let n = 0; n < Math.min(places.length, random() < 0.5 ? 1 : 2); n++) {
    const place = places[Math.floor(random() * places.length)]!;
    letters[place] = ACCENTS[letters[place]!] ?? letters[place]!;
  }
  return letters.join('');
}

function birthDate(random: () => number): string | null {
  if (random() < 0.3) return null;
  const year = 1940 + Math.floor(random() * 60);
  if (random() < 0.2) return String(year);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export type SyntheticPerson = { first: string; middle: string | null; last: string };

function person(random: () => number, syllables: readonly string[], endings: readonly string[]): SyntheticPerson {
  const first = pick(random, COMMON_FIRST_NAMES);
  const roll = random();
  const middle = roll < 0.3 ? pick(random, PATRONYMICS) : roll < 0.45 ? pick(random, COMMON_FIRST_NAMES) : null;
  return { first, middle, last: surname(random, syllables, endings) };
}

export function personName(p: SyntheticPerson): string {
  return [p.first, p.middle, p.last].filter((part) => part !== null).join(' ');
}

/** A made-up list: ~97% persons (some with accents, some with a "SURNAME, First" alias), ~3% companies. */
export function generateListedEntries(count: number, seed = 1): ScreeningEntry[] {
  const random = seededRandom(seed);
  const entries: ScreeningEntry[] = [];
  for (let i = 0; i < count; i++) {
    const ref = `SYN-${String(i + 1).padStart(6, '0')}`;
    const date = birthDate(random);
    if (random() < 0.03) {
      const name = `${surname(random, LISTED_SYLLABLES, [''])} ${pick(random, COMPANY_WORDS)} ${pick(random, LEGAL_FORMS)}`;
      entries.push({ ref, names: [name], birthDates: [], kind: 'sanction', programme: 'SYNTHETIC', countries: [], subject: 'entity' });
      continue;
    }
    const p = person(random, LISTED_SYLLABLES, LISTED_ENDINGS);
    if (random() < 0.15) p.last = withAccents(p.last, random);
    const names = [personName(p)];
    if (random() < 0.2) names.push(`${p.last.toUpperCase()}, ${[p.first, p.middle].filter((part) => part !== null).join(' ')}`);
    entries.push({
      ref,
      names,
      birthDates: date === null ? [] : [date],
      kind: random() < 0.7 ? 'sanction' : 'pep',
      programme: 'SYNTHETIC',
      countries: [],
      subject: 'person',
    });
  }
  return entries;
}

/** Made-up persons who are on no list: same first and middle names as the listed ones, other surnames. */
export function generateUnlistedNames(count: number, seed = 2): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => personName(person(random, UNLISTED_SYLLABLES, UNLISTED_ENDINGS)));
}
