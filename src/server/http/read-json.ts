/**
 * The one way to read input: a JSON body (readJson) or already-parsed fields (parseInput, e.g. multipart fields),
 * validated with a shared valibot schema. Every failure is a clean 4xx in our words: wrong content type 415, not
 * JSON 400, a body that is not plain data 400 (below), schema issues 400. The size limit is enforced before, by the
 * JSON body limit on /api (json-body-limit.ts).
 *
 * Plain data (src/shared/plain-data.ts), checked before any schema sees the body and before anything is written:
 * nesting at most MAX_JSON_DEPTH deep, every key and string well-formed text (no NUL, no lone surrogate), no key
 * `__proto__`, `constructor` or `prototype`. The same rules hold for JSON inside a form field (the agreement form).
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { messages } from '../../shared/messages.ts';
import { checkJsonShape } from '../../shared/plain-data.ts';
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
