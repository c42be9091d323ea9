/**
 * The one place a value becomes what a jsonb column can hold, whatever text it carries. PostgreSQL's jsonb refuses
 * `\u0000` and a lone surrogate escape (`"\ud800"`), and JSON.stringify writes exactly those for a NUL and a lone
 * surrogate, so one such character anywhere (a library's error message in an audit detail) fails the statement and
 * with it the whole transaction. Input never gets here unclean (read-json.ts refuses it); text we store but did not
 * choose does, and is kept with each such character replaced by U+FFFD (shared/plain-data.ts cleanText), keys too.
 */
import { cleanText, isCleanText } from '../../shared/plain-data.ts';

/** A parsed object with unclean keys, rebuilt with clean ones (a key that then repeats: the later value wins). */
function withCleanKeys(value: Record<string, unknown>): Record<string, unknown> {
  if (Object.keys(value).every(isCleanText)) return value;
  const rebuilt: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // defineProperty: a key "__proto__" stays a key (JSON.parse made it an own property too).
    Object.defineProperty(rebuilt, cleanText(key), { value: item, enumerable: true, writable: true, configurable: true });
  }
  return rebuilt;
}

/**
 * `value` as a jsonb column stores and gives it back: what JSON can carry (as JSON.stringify: no undefined, Dates as
 * strings, 1.0 is 1), every string and key clean. undefined for undefined (nothing to store).
 */
export function asJsonbValue(value: unknown): unknown {
  const text = JSON.stringify(value);
  if (text === undefined) return undefined;
  return JSON.parse(text, (_key, item: unknown) => {
    if (typeof item === 'string') return cleanText(item);
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) return withCleanKeys(item as Record<string, unknown>);
    return item;
  });
}
