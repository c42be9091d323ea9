/**
 * The date of birth as a second identifier: the same date (or year, when the list gives only the year) raises a
 * name match's score, a clearly different one lowers it. A strong name match with another date still shows, with the
 * reason, because lists carry wrong and approximate dates.
 */
import type { ScreeningHit } from './screening-types.ts';

export type BirthDateCheck = {
  outcome: ScreeningHit['birthDate'];
  reason: string | null;
  /** The name score after the date is taken into account (still 0..1). */
  apply: (nameScore: number) => number;
};

const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const LIST_DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
/** Share of the remaining distance to 1 that a matching date closes. */
const FULL_DATE_LIFT = 0.5;
const MONTH_LIFT = 0.35;
const YEAR_LIFT = 0.25;
/** Same year, other day: often a transcription slip. */
const SAME_YEAR_FACTOR = 0.95;
/** Another year altogether. */
const OTHER_YEAR_FACTOR = 0.9;

const unknown: BirthDateCheck = { outcome: 'unknown', reason: null, apply: (score) => score };

function lift(share: number): (score: number) => number {
  return (score) => score + (1 - score) * share;
}

export function checkBirthDate(queryDate: string | null, listDates: readonly string[]): BirthDateCheck {
  if (queryDate === null || !FULL_DATE.test(queryDate)) return unknown;
  const dates = listDates.map((date) => date.trim()).filter((date) => LIST_DATE.test(date));
  if (dates.length === 0) return unknown;
  const year = queryDate.slice(0, 4);
  if (dates.includes(queryDate)) return { outcome: 'matches', reason: `Date of birth ${queryDate} matches`, apply: lift(FULL_DATE_LIFT) };
  const month = queryDate.slice(0, 7);
  if (dates.includes(month)) return { outcome: 'matches', reason: `Month of birth ${month} matches`, apply: lift(MONTH_LIFT) };
  if (dates.includes(year)) return { outcome: 'matches', reason: `Year of birth ${year} matches`, apply: lift(YEAR_LIFT) };
  const factor = dates.some((date) => date.startsWith(year)) ? SAME_YEAR_FACTOR : OTHER_YEAR_FACTOR;
  return { outcome: 'differs', reason: `Date of birth differs (list: ${dates.join(', ')})`, apply: (score) => score * factor };
}
