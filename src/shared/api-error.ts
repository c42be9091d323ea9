import { messages } from './messages.ts';

/**
 * The error every API effect throws, so machines can read the status and the body (e.g. registration limits)
 * without knowing anything about the HTTP client. `message` is already the text to show (spec section 7).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/**
 * An error answer as an ApiError with the text to show (spec section 7): the body's `error`, else its `message`,
 * else 'HTTP {status}'. Every client path that reads an error body (API client, uploads, downloads) goes here.
 */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as { error?: unknown; message?: unknown };
  const text = typeof b.error === 'string' && b.error ? b.error : typeof b.message === 'string' && b.message ? b.message : messages.general.http(status);
  return new ApiError(text, status, body ?? null);
}

/** The error's text when the server said something; null for the generic 'HTTP {status}' fallback. */
export const serverMessageOf = (e: unknown): string | null => {
  if (!(e instanceof Error) || !e.message) return null;
  return /^HTTP \d{3}$/.test(e.message) ? null : e.message;
};

export const isApiError = (e: unknown): e is ApiError =>
  e instanceof Error && (e as { name?: string }).name === 'ApiError' && typeof (e as ApiError).status === 'number';
