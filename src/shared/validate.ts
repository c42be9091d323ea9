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

/** Every field's first message, keyed by the field's dot path ('occupation', 'declarations.pep'), in schema order. */
export type FieldIssues = Readonly<Record<string, string>>;

/**
 * All issues of a value against its schema, one message per field: what a form shows when the investor submits it
 * (every invalid field with its message, the first of them focused). Empty when the value passes. An issue without
 * a path (the value itself is wrong) is keyed ''.
 */
export function issuesByField(schema: v.GenericSchema, value: unknown): FieldIssues {
  const result = v.safeParse(schema, value);
  if (result.success) return {};
  const issues: Record<string, string> = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? '';
    issues[field] ??= issue.message;
  }
  return issues;
}

/** The first field of `issues` in the order a form shows its fields (`order`), or null when none is invalid. */
export const firstInvalidField = <F extends string>(issues: Partial<Record<F, string>>, order: readonly F[]): F | null =>
  order.find((field) => issues[field] !== undefined) ?? null;

/**
 * A request to move focus to a form field, made by the chart that decides it (a refused submit: its first invalid
 * field; a refusal from the server: the field it named). `seq` differs from the previous request's (it alternates
 * 1, 2, 1, ...), so asking for the same field again moves focus again, and a chart's states stay finitely many.
 */
export type FocusRequest = { field: string; seq: 1 | 2 };
export const focusOn = (previous: FocusRequest | null, field: string): FocusRequest => ({ field, seq: previous?.seq === 1 ? 2 : 1 });
