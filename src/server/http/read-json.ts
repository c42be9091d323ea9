/**
 * The one way to read input: a JSON body (readJson) or already-parsed fields (parseInput, e.g. multipart fields),
 * validated with a shared valibot schema. Every failure is a clean 4xx in our words: wrong content type 415, not
 * JSON 400, a body that is not plain data 400 (below), schema issues 400. The size limit is enforced before, by the
 * JSON body limit on /api (json-body-limit.ts).
 *
 * Plain data, checked before any schema sees the body and before anything is written (checkJsonShape):
 * - nesting at most MAX_JSON_DEPTH arrays/objects deep (ours need 4; a 64 KB body could nest 32,000 deep);
 * - every key and string well-formed text (isCleanText): no NUL, which PostgreSQL text cannot hold, and no lone
 *   UTF-16 surrogate (`"\ud800"` parses, but PostgreSQL's json refuses it, and UTF-8 cannot carry it);
 * - no key `__proto__`, `constructor` or `prototype` anywhere: JSON.parse makes them own properties, and valibot's
 *   record() silently skips them, so a map keyed by such a name would pass its key check unseen.
 * The walk keeps its own stack: a deep body never recurses.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { messages } from '../../shared/messages.ts';
import { AppError } from '../errors/app-error.ts';

type Issues = readonly v.BaseIssue<unknown>[];

export type InputOptions = {
  /**
   * Which of the schema's own messages reach the client:
   * - 'formatOnly' (default): only a format issue's (a regex: wallet, email, date of birth); the catalogue words for
   *   that field. Anything else (a missing field, a wrong type) gets the fallback.
   * - 'schema': any message the schema sets (e.g. 'Please complete all required declarations.'); issues without one
   *   get the fallback. Either way valibot's generic messages ("Invalid type: ... received ...") would echo the input.
   */
  messages?: 'formatOnly' | 'schema';
  /** The answer when the schema's message is not shown: a text, or one chosen from the issues. Default: invalid request. */
  fallback?: string | ((issues: Issues) => string);
};

const fallbackFor = (options: InputOptions, issues: Issues): string => {
  const { fallback = messages.server.invalidRequest } = options;
  return typeof fallback === 'string' ? fallback : fallback(issues);
};

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 32;

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
/** With the u flag a surrogate pair is one code point: \p{Cs} matches only a lone surrogate. */
const UNCLEAN_TEXT = /[\u0000\p{Cs}]/u;

/** Text that PostgreSQL (text and jsonb) and UTF-8 can hold as it is: no NUL, no lone surrogate. */
export const isCleanText = (text: string): boolean => !UNCLEAN_TEXT.test(text);

/** Whether a parsed body is plain data (see above). Iterative: `pending` holds values and their depths. */
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

export function parseInput<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown, options: InputOptions = {}): v.InferOutput<TSchema> {
  if (options.messages === 'schema') {
    // valibot uses config.message only where the schema set none.
    const result = v.safeParse(schema, input, { message: (issue) => fallbackFor(options, [issue]), abortEarly: true });
    if (!result.success) throw new AppError('BAD_REQUEST', result.issues[0]?.message ?? fallbackFor(options, result.issues));
    return result.output;
  }
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const first = result.issues[0];
  const isFormatIssue = first?.kind === 'validation' && first.type === 'regex';
  throw new AppError('BAD_REQUEST', isFormatIssue ? first.message : fallbackFor(options, result.issues));
}

async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  // The body is decoded as UTF-8 (JSON's only charset, RFC 8259): another declared charset is refused, not misread.
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1];
  if (!/^application\/json\s*(;|$)/i.test(type) || (charset !== undefined && !/^utf-?8$/i.test(charset))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.server.invalidRequest);
  }
  const text = await c.req.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', messages.server.badJson);
  }
  if (!checkJsonShape(body)) throw new AppError('BAD_REQUEST', messages.server.invalidRequest);
  return body;
}

export async function readJson<TSchema extends v.GenericSchema>(c: Context, schema: TSchema, options: InputOptions = {}): Promise<v.InferOutput<TSchema>> {
  return parseInput(schema, await readJsonBody(c), options);
}
