/**
 * Reads a JSON body and validates it with a shared valibot schema. Every failure is a clean 4xx in our words:
 * wrong content type 415, not JSON 400, NUL characters (which PostgreSQL text refuses) 400, schema issues 400.
 * The size limit is enforced before, by the body-limit middleware on /api.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { messages } from '../../shared/messages.ts';
import { AppError } from '../errors/app-error.ts';

const hasNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v));
  return false;
};

/**
 * The message for the client: a format issue carries the catalogue's words for that field (wallet, email, date
 * of birth) and is shown as it is. Anything else (a missing field, a wrong type) gets the fallback: valibot's
 * generic messages ("Invalid type: Expected number but received ...") would echo the input.
 */
export function issueMessage(issues: readonly v.BaseIssue<unknown>[], fallback: string): string {
  const first = issues[0];
  return first && first.kind === 'validation' && first.type === 'regex' ? first.message : fallback;
}

export async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.server.invalidRequest);
  const text = await c.req.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', messages.server.badJson);
  }
  if (hasNul(body)) throw new AppError('BAD_REQUEST', messages.server.invalidRequest);
  return body;
}

export async function readJson<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
  fallbackMessage: string = messages.server.invalidRequest,
): Promise<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, await readJsonBody(c));
  if (!result.success) throw new AppError('BAD_REQUEST', issueMessage(result.issues, fallbackMessage));
  return result.output;
}

/**
 * Like readJson, but a schema's own messages are answered as they are (e.g. 'Please complete all required
 * declarations.'): they are the catalogue's words. Issues without one (valibot's "Invalid type: ... received ..."
 * would echo the input) get the fallback.
 */
export async function readJsonWithSchemaMessages<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
  fallbackMessage: string = messages.server.invalidRequest,
): Promise<v.InferOutput<TSchema>> {
  return parseWithSchemaMessages(schema, await readJsonBody(c), fallbackMessage);
}

export function parseWithSchemaMessages<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown, fallbackMessage: string): v.InferOutput<TSchema> {
  // valibot uses config.message only where the schema set none.
  const result = v.safeParse(schema, input, { message: fallbackMessage, abortEarly: true });
  if (!result.success) throw new AppError('BAD_REQUEST', result.issues[0]?.message ?? fallbackMessage);
  return result.output;
}
