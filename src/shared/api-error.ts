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

/** The error's text when the server said something; null for the generic 'HTTP {status}' fallback. */
export const serverMessageOf = (e: unknown): string | null => {
  if (!(e instanceof Error) || !e.message) return null;
  return /^HTTP \d{3}$/.test(e.message) ? null : e.message;
};

export const isApiError = (e: unknown): e is ApiError =>
  e instanceof Error && (e as { name?: string }).name === 'ApiError' && typeof (e as ApiError).status === 'number';
