/**
 * The one way code outside src/shared runs a contract schema, so machines and effects need not import valibot itself.
 */
import * as v from 'valibot';
import { SessionUserSchema, type SessionUser } from './auth.ts';

/** A contract schema as code outside src/shared passes it on: what matters is the output it gives. */
export type ContractSchema<TOutput = unknown> = v.GenericSchema<unknown, TOutput>;

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

/** Where and why a value fails its schema ('steps.1.completed: Invalid type: ...'), for logs; empty when it passes. */
export function describeIssues(schema: v.GenericSchema, value: unknown, limit = 5): string[] {
  const result = v.safeParse(schema, value);
  if (result.success) return [];
  return result.issues.slice(0, limit).map((issue) => `${v.getDotPath(issue) ?? '(answer)'}: ${issue.message}`);
}

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
