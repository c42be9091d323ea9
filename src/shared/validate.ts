/**
 * The one way code outside src/shared runs a contract schema, so machines need not import valibot itself.
 */
import * as v from 'valibot';
import { SessionUserSchema, type SessionUser } from './schemas.ts';

export type Checked<T> = { success: true; output: T } | { success: false; message: string };

export function check<S extends v.GenericSchema>(schema: S, value: unknown): Checked<v.InferOutput<S>> {
  const result = v.safeParse(schema, value);
  return result.success ? { success: true, output: result.output } : { success: false, message: result.issues[0]?.message ?? 'Invalid value' };
}

/** The first issue's message, or null when the value passes. */
export const firstIssue = (schema: v.GenericSchema, value: unknown): string | null => {
  const result = check(schema, value);
  return result.success ? null : result.message;
};

/** The stored `user` item, or null when it is missing, not JSON or not a session user. */
export function parseStoredUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const parsed = check(SessionUserSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
