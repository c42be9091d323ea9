/**
 * The MRZ check's comparison table for the KYC reviewer: what the document's MRZ says next to what the investor
 * registered, one row per item, each 'match', 'differs' or 'unreadable' with a note saying why. Evidence, not a
 * decision. Where the comparison cannot be sure (a nationality text it does not know, a name with letters that
 * passports transliterate in more than one way) it says 'unreadable' rather than a false 'differs'.
 */
import anyAscii from 'any-ascii';
import type { MrzFields } from './mrz-text.ts';
import { countriesOfText, countryName, countryOfMrzCode } from './nationalities.ts';

export type MrzComparison = {
  item: 'surname' | 'given names' | 'date of birth' | 'nationality' | 'sex' | 'expiry';
  mrz: string | null;
  registered: string | null;
  result: 'match' | 'differs' | 'unreadable';
  note: string;
};

export type MrzRegistration = { fullName: string; dateOfBirth: string | null; nationality: string | null; sex?: null };

/** ICAO's transliteration of the letters it spells out (Doc 9303 part 3): German umlauts, Nordic letters, ß. */
const SPELLED_OUT: Record<string, string> = { Ä: 'AE', Ö: 'OE', Ü: 'UE', ß: 'SS', Å: 'AA', Æ: 'AE', Ø: 'OE', Œ: 'OE', Þ: 'TH', ä: 'ae', ö: 'oe', ü: 'ue', å: 'aa', æ: 'ae', ø: 'oe', œ: 'oe', þ: 'th' };

/** Upper-case A-Z words; apostrophes dropped (ICAO omits them: O'Neil is ONEIL), other marks split words. */
function nameTokens(ascii: string): string[] {
  return ascii
    .toUpperCase()
    .replace(/['’`´]/g, '')
    .replace(/[^A-Z]+/g, ' ')
    .trim()
    .split(' ')
    .filter((t) => t !== '');
}

/** The registered name as the MRZ may spell it: accents dropped (any-ascii), or spelled out (Müller: MUELLER). */
function registeredSpellings(fullName: string): string[][] {
  const spelled = [...fullName].map((ch) => SPELLED_OUT[ch] ?? ch).join('');
  const variants = [nameTokens(anyAscii(fullName)), nameTokens(anyAscii(spelled))];
  return variants.filter((v, i) => i === 0 || v.join(' ') !== variants[0]?.join(' '));
}

/** Joined runs of consecutive words ('VAN DER MOLLIK' as VANDERMOLLIK), so spacing differences do not count. */
function runs(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) for (let j = i; j < tokens.length; j++) out.push(tokens.slice(i, j + 1).join(''));
  return out;
}

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

function hasNonAscii(text: string): boolean {
  return [...text].some((ch) => ch.charCodeAt(0) > 127);
}

function compareName(item: 'surname' | 'given names', mrz: string | null, fullName: string, truncated: boolean): MrzComparison {
  const registered = fullName.trim() === '' ? null : fullName.trim();
  if (mrz === null) return { item, mrz, registered, result: 'unreadable', note: `no ${item} read from the MRZ` };
  if (registered === null) return { item, mrz, registered, result: 'unreadable', note: 'no name at registration' };
  const wanted = nameTokens(mrz);
  const joined = wanted.join('');
  const spellings = registeredSpellings(registered);
  for (const tokens of spellings) {
    const candidates = runs(tokens);
    if (candidates.includes(joined)) return { item, mrz, registered, result: 'match', note: `${item} found in the registered name` };
    // The MRZ cuts names that do not fit its field: then its last name part may be the start of the registered one.
    if (truncated && candidates.some((c) => c.startsWith(joined))) {
      return { item, mrz, registered, result: 'match', note: `${item} found in the registered name (shortened in the MRZ to fit)` };
    }
  }
  if (item === 'given names') {
    // Given names in another order or with others between them: each one must be in the registered name.
    const all = spellings.flat();
    const missing = wanted.filter((w, i) => !all.includes(w) && !(truncated && i === wanted.length - 1 && all.some((t) => t.startsWith(w))));
    if (missing.length === 0) return { item, mrz, registered, result: 'match', note: 'each given name found in the registered name' };
    // A missing name close to a registered one, where the registration has letters transliterated in more than one
    // way (Sergei/Sergey from Cyrillic): not evidence of a difference.
    const uncertain = hasNonAscii(registered) && missing.every((w) => all.some((t) => levenshtein(t, w) <= 2));
    if (uncertain) {
      return { item, mrz, registered, result: 'unreadable', note: `${missing.join(' ')} close to the registered name, which has letters transliterated in more than one way: compare by eye` };
    }
    return { item, mrz, registered, result: 'differs', note: `not in the registered name: ${missing.join(' ')}` };
  }
  // Letters a passport may transliterate another way (ł, ğ, ñ...): close but not equal is not evidence of a difference.
  if (hasNonAscii(registered)) {
    const nonAscii = [...registered].filter((ch) => ch.charCodeAt(0) > 127).length;
    const closest = Math.min(...spellings.flatMap((tokens) => runs(tokens).map((c) => levenshtein(c, joined))));
    if (closest <= nonAscii * 2) {
      return { item, mrz, registered, result: 'unreadable', note: 'close to the registered name, which has letters transliterated in more than one way: compare by eye' };
    }
  }
  return { item, mrz, registered, result: 'differs', note: `${item} not found in the registered name` };
}

function compareNationality(code: string | null, registered: string | null): MrzComparison {
  const item = 'nationality';
  const text = registered?.trim() ? registered.trim() : null;
  if (code === null) return { item, mrz: null, registered: text, result: 'unreadable', note: 'no nationality read from the MRZ' };
  const country = countryOfMrzCode(code);
  const named = country ? `${code} (${countryName(country) ?? country})` : code;
  if (text === null) return { item, mrz: code, registered: null, result: 'unreadable', note: 'no nationality at registration' };
  if (!country) {
    return { item, mrz: code, registered: text, result: 'unreadable', note: `MRZ code ${code} is not one this check knows: compare by eye` };
  }
  // 'German, French' or 'German / Swiss': dual nationals; the MRZ must be one of them.
  const parts = text.split(/[,;/&+]|\band\b|\bund\b/i).map((p) => p.trim()).filter((p) => p !== '');
  const resolved = parts.map((p) => ({ part: p, countries: countriesOfText(p) }));
  if (resolved.some((r) => r.countries?.has(country))) {
    return { item, mrz: code, registered: text, result: 'match', note: `${named} is what was registered` };
  }
  const unknown = resolved.filter((r) => r.countries === null).map((r) => `'${r.part}'`);
  if (unknown.length > 0) {
    return { item, mrz: code, registered: text, result: 'unreadable', note: `could not tell which country ${unknown.join(', ')} is: compare by eye with ${named}` };
  }
  const registeredCountries = resolved.flatMap((r) => [...(r.countries ?? [])]);
  return { item, mrz: code, registered: text, result: 'differs', note: `MRZ says ${named}; registered '${text}' is ${registeredCountries.join(' or ')}` };
}

function compareDateOfBirth(mrz: string | null, registered: string | null): MrzComparison {
  const item = 'date of birth';
  const reg = registered?.trim() ? registered.trim().slice(0, 10) : null;
  if (mrz === null) return { item, mrz, registered: reg, result: 'unreadable', note: 'no valid date of birth read from the MRZ' };
  if (reg === null) return { item, mrz, registered: reg, result: 'unreadable', note: 'no date of birth at registration' };
  return mrz === reg
    ? { item, mrz, registered: reg, result: 'match', note: 'same date' }
    : { item, mrz, registered: reg, result: 'differs', note: `MRZ ${mrz}, registered ${reg}` };
}

function compareExpiry(expiry: string | null, today: string): MrzComparison {
  const item = 'expiry';
  if (expiry === null) return { item, mrz: null, registered: null, result: 'unreadable', note: 'no valid expiry date read from the MRZ' };
  return expiry >= today
    ? { item, mrz: expiry, registered: null, result: 'match', note: `valid until ${expiry}` }
    : { item, mrz: expiry, registered: null, result: 'differs', note: `expired on ${expiry}` };
}

/** One row per item; `fields` null (no MRZ read) gives every row 'unreadable'. `today` is YYYY-MM-DD. */
export function compareMrz(fields: MrzFields | null, registration: MrzRegistration, today: string): MrzComparison[] {
  const truncated = fields?.namesMayBeTruncated === true;
  const sexRead = fields?.sex ?? null;
  return [
    compareName('surname', fields?.surname ?? null, registration.fullName, truncated && !fields?.givenNames),
    compareName('given names', fields?.givenNames ?? null, registration.fullName, truncated),
    compareDateOfBirth(fields?.dateOfBirth ?? null, registration.dateOfBirth),
    compareNationality(fields?.nationality ?? null, registration.nationality),
    { item: 'sex', mrz: sexRead, registered: null, result: 'unreadable', note: sexRead ? 'not asked at registration' : 'not asked at registration; not stated in the MRZ' },
    compareExpiry(fields?.expiryDate ?? null, today),
  ];
}
