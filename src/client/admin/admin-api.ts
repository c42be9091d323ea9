/**
 * The back-office's HTTP client: the runtime's client (src/client/runtime/http-client.ts, the investor app's too) with
 * the staff token as a bearer when the tab holds one, and every refusal as an AdminApiError carrying the server's
 * `{ error }` text (what the screen shows). A 401 on a call made with a token tells the admin session
 * (onUnauthorized) so it signs out; a sign-in call has no token yet, and its 401 is the sign-in's own answer.
 *
 * Every answer a screen reads is checked against its contract schema (src/shared/admin/): an answer the schema refuses
 * (or that is not JSON) becomes an AdminApiError with UNEXPECTED_ANSWER, logged once with what did not match, so a
 * chart never holds a shape its views do not expect.
 *
 * Machines never call this directly: each page's effects module hands its chart actors built on it.
 */
import { SIGNED_OUT_NOTICE } from '../../../machines/admin/admin-session/admin-session.machine.ts';
import { isApiError } from '../../shared/api-error.ts';
import type { ContractSchema } from '../../shared/validate.ts';
import { createHttpClient, type HttpMethod, type RequestOptions } from '../runtime/http-client.ts';

export class AdminApiError extends Error {
  override readonly name = 'AdminApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

type CallOptions = { signal?: AbortSignal };
/** A call whose answer a screen reads: the schema that answer must pass. */
export type CheckedOptions<T> = CallOptions & { schema: ContractSchema<T> };

export type AdminApi = {
  get<T>(path: string, options: CheckedOptions<T>): Promise<T>;
  post<T>(path: string, body: unknown, options: CheckedOptions<T>): Promise<T>;
  put<T>(path: string, body: unknown, options: CheckedOptions<T>): Promise<T>;
  delete<T>(path: string, options: CheckedOptions<T>): Promise<T>;
  /** A multipart upload (FormData); the answer is JSON. */
  upload<T>(path: string, form: FormData, options: CheckedOptions<T>): Promise<T>;
  /** A file the server sends (a KYC document, a CSV): its bytes, for an object URL or a download. */
  blob(path: string, options?: { signal?: AbortSignal }): Promise<Blob>;
};

export type AdminApiOptions = {
  baseUrl: string;
  getToken: () => string | null;
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  /** Where an answer refused by its schema is reported (console.warn by default). */
  log?: (message: string, detail?: unknown) => void;
};

export const UNEXPECTED_ANSWER = 'The server answered in a way this page does not expect. Reload the page; if it happens again, tell the team.';
const CONNECTION_FAILED = 'The server could not be reached. Check your connection and try again.';

/** The runtime's ApiError as the back-office's charts take it. */
function asAdminError(error: unknown): never {
  if (isApiError(error)) {
    const body = error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : {};
    throw new AdminApiError(error.status, error.message, body);
  }
  throw error;
}

export function createAdminApi({ baseUrl, getToken, onUnauthorized, fetch, log = (m, d) => console.warn(m, d) }: AdminApiOptions): AdminApi {
  const http = createHttpClient({
    baseUrl,
    getToken,
    onUnauthorized,
    log,
    words: { network: CONNECTION_FAILED, unexpectedAnswer: UNEXPECTED_ANSWER, noToken: SIGNED_OUT_NOTICE },
    ...(fetch ? { fetch } : {}),
  });
  // The token goes with every call the tab can make with one; the sign-in's calls go without.
  const base = (signal?: AbortSignal): RequestOptions => ({ auth: getToken() !== null, ...(signal ? { signal } : {}) });
  const call = <T>(method: HttpMethod, path: string, extra: RequestOptions, { schema, signal }: CheckedOptions<T>) =>
    http.json(method, path, { ...base(signal), ...extra, schema }).catch(asAdminError);
  return {
    get: (path, options) => call('get', path, {}, options),
    post: (path, body, options) => call('post', path, body === undefined ? {} : { json: body }, options),
    put: (path, body, options) => call('put', path, body === undefined ? {} : { json: body }, options),
    delete: (path, options) => call('delete', path, {}, options),
    upload: (path, form, options) => call('post', path, { form }, options),
    blob: (path, options) => http.blob(path, base(options?.signal)).catch(asAdminError),
  };
}
