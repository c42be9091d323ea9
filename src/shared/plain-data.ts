/**
 * What the server accepts as plain data, wherever JSON comes from: a JSON body (server/http/read-json.ts), a JSON
 * text inside a form field (the agreement form's checkbox list, admin/content.ts), and a form field's own text
 * (server/http/receive-upload.ts). Here rather than on the server because a shared schema parses that form field.
 * - nesting at most MAX_JSON_DEPTH arrays/objects deep (ours need 4; a 64 KB body could nest 32,000 deep);
 * - every key and string well-formed text (isCleanText): no NUL, which PostgreSQL text cannot hold, and no lone
 *   UTF-16 surrogate (`"\ud800"` parses, but PostgreSQL's json refuses it, and UTF-8 cannot carry it);
 * - no key `__proto__`, `constructor` or `prototype` anywhere: JSON.parse makes them own properties, and valibot's
 *   record() silently skips them, so a map keyed by such a name would pass its key check unseen.
 * The walk keeps its own stack: a deep value never recurses.
 */

/** Deepest nesting of arrays and objects a JSON value may have. */
export const MAX_JSON_DEPTH = 32;

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
/** With the u flag a surrogate pair is one code point: \p{Cs} matches only a lone surrogate. */
const UNCLEAN_TEXT = /[\u0000\p{Cs}]/u;
const UNCLEAN_TEXT_ALL = /[\u0000\p{Cs}]/gu;

/** Text that PostgreSQL (text and jsonb) and UTF-8 can hold as it is: no NUL, no lone surrogate. */
export const isCleanText = (text: string): boolean => !UNCLEAN_TEXT.test(text);

/**
 * `text` with each NUL and lone surrogate replaced by U+FFFD (the replacement character): for text we store but did
 * not choose (a library's error message), where refusing is not an option. Input is refused instead (isCleanText).
 */
export const cleanText = (text: string): string => (isCleanText(text) ? text : text.replace(UNCLEAN_TEXT_ALL, '\ufffd'));

/** Whether a parsed JSON value is plain data (see above). Iterative: `pending` holds values and their depths. */
export function checkJsonShape(body: unknown): boolean {
  const pending: unknown[] = [body];
  const depths: number[] = [0];
  while (pending.length > 0) {
    const value = pending.pop();
    const depth = depths.pop() as number;
    if (typeof value === 'string') {
      if (!isCleanText(value)) return false;
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_JSON_DEPTH) return false;
      if (Array.isArray(value)) {
        for (const item of value) {
          pending.push(item);
          depths.push(depth + 1);
        }
      } else {
        for (const [key, item] of Object.entries(value)) {
          if (FORBIDDEN_KEYS.has(key) || !isCleanText(key)) return false;
          pending.push(item);
          depths.push(depth + 1);
        }
      }
    }
  }
  return true;
}
