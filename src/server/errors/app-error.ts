/**
 * The one error type the domain throws. Its code decides the HTTP status; its message is the text the
 * client shows (from the message catalogue), and `extra` travels in the body next to `error`
 * (e.g. the investment limits of a refused registration).
 */
const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** An external service answered with a refusal of its own (the card provider refusing a refund). */
  BAD_GATEWAY: 502,
  /** An external service (the card provider, the price service) did not answer. */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  get status(): (typeof APP_ERROR_STATUS)[AppErrorCode] {
    return APP_ERROR_STATUS[this.code];
  }

  /** The JSON body: `{ error, ...extra }`. `error` is set last so extra can never replace it. */
  toBody(): Record<string, unknown> {
    return { ...this.extra, error: this.message };
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
