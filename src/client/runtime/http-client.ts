/**
 * The one HTTP client of both apps (issue 29): JSON or multipart in, the bearer token from the app's storage, every
 * answer a screen reads checked against its contract schema, and every refusal an ApiError carrying the text to show
 * (spec section 7: the body's `error`, else its `message`, else 'HTTP {status}'). A 401 outside a sign-in flow tells
 * the app's session. Each app gives its own words for the failures the server does not word (no connection, an
 * answer the schema refuses, no token) so this module imports neither app's catalogue.
 *
 * ky is imported with the first call (a chunk of its own, ~4 KB gzipped): the investor's login page stays within its
 * script budget, and a page that calls nothing never loads it. `prefetchHttpClient` starts that import early.
 */
import type { HTTPError, KyInstance } from 'ky';
import { ApiError, apiErrorFromBody } from '../../shared/api-error.ts';
import { check, describeIssues, type ContractSchema } from '../../shared/validate.ts';

export type Log = (message: string, detail?: unknown) => void;

/** The failures the server does not word, in the app's own words. */
export type HttpClientWords = { network: string; unexpectedAnswer: string; noToken: string };

export type HttpClientOptions = {
  /** Absolute origin; each app serves its API and pages from one origin. */
  baseUrl: string;
  getToken: () => string | null;
  /** A 401 outside a sign-in flow: the app's session signs out. */
  onUnauthorized: () => void;
  /** Where an answer refused by its schema is reported. */
  log: Log;
  words: HttpClientWords;
  fetch?: typeof fetch;
};

export type RequestOptions = {
  /** Send the bearer token (default); a call without one fails at once with `words.noToken`. */
  auth?: boolean;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (an upload). */
  form?: FormData;
  signal?: AbortSignal;
  /** A 401 here is the sign-in's own answer (a wrong code), not an ended session. */
  loginFlow?: boolean;
  /** The request outlives the page (a save as the tab is hidden or closed); bodies up to 64 KB. */
  keepalive?: boolean;
};

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export type HttpClient = {
  /** The answer as its schema gives it; anything else is logged once and refused with `words.unexpectedAnswer`. */
  json<T>(method: HttpMethod, path: string, options: RequestOptions & { schema: ContractSchema<T> }): Promise<T>;
  /** An answer nobody reads as a shape (or that a chart checks itself): unknown. */
  unchecked(method: HttpMethod, path: string, options?: RequestOptions): Promise<unknown>;
  /** A file the server sends (a document, a CSV): its bytes. */
  blob(path: string, options?: RequestOptions): Promise<Blob>;
};

/**
 * A success answer's text read as its schema's output. Anything else (not JSON, or refused by the schema) is logged
 * once and thrown as an ApiError with `unexpectedAnswer` and the answer's status; `what` names the call in the log.
 */
export function readAnswer<T>(text: string, schema: ContractSchema<T>, { status, what, log, unexpectedAnswer }: { status: number; what: string; log: Log; unexpectedAnswer: string }): T {
  let issues: string[];
  try {
    const body: unknown = text ? JSON.parse(text) : undefined;
    const checked = check(schema, body);
    if (checked.success) return checked.output;
    issues = describeIssues(schema, body);
  } catch {
    issues = ['(answer): not JSON'];
  }
  log(`Unexpected answer from ${what}`, { status, issues });
  throw new ApiError(unexpectedAnswer, status, null);
}

type KyModule = typeof import('ky');

let kyModule: Promise<KyModule> | null = null;
/** The ky module, imported once; a failed import (a lost connection) is tried again by the next call. */
function importKy(): Promise<KyModule> {
  if (!kyModule) {
    const attempt = import('ky');
    kyModule = attempt;
    attempt.catch(() => {
      if (kyModule === attempt) kyModule = null;
    });
  }
  return kyModule;
}

/** Starts loading the HTTP client before the first call needs it (a failure is the first call's to report). */
export function prefetchHttpClient(): void {
  importKy().catch(() => undefined);
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  let raw: KyInstance | null = null;
  let HTTPErrorClass: typeof HTTPError | null = null;
  /** The one ky instance, made once ky has loaded. A failed import is a network failure like any other. */
  async function client(): Promise<KyInstance> {
    if (raw) return raw;
    const ky = await importKy();
    HTTPErrorClass = ky.HTTPError;
    raw = ky.default.create({
      prefixUrl: options.baseUrl,
      retry: 0,
      timeout: 30_000,
      headers: { Accept: 'application/json' },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    return raw;
  }

  async function toApiError(error: unknown): Promise<ApiError> {
    if (error instanceof ApiError) return error;
    if (HTTPErrorClass && error instanceof HTTPErrorClass) {
      let body: unknown = null;
      try {
        body = await error.response.clone().json();
      } catch {
        body = null;
      }
      return apiErrorFromBody(error.response.status, body);
    }
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return new ApiError(options.words.network, 0, null);
  }

  async function send<T>(method: HttpMethod, path: string, o: RequestOptions, read: (response: Response) => Promise<T>): Promise<T> {
    const auth = o.auth ?? true;
    // A multipart body sets its own type (with its boundary); every other call says JSON, as the server expects.
    const headers: Record<string, string> = o.form ? {} : { 'Content-Type': 'application/json' };
    if (auth) {
      // No token at all: nothing to sign out of (the session's own checks handle a missing token).
      const token = options.getToken();
      if (!token) throw new ApiError(options.words.noToken, 401, null);
      headers.Authorization = `Bearer ${token}`;
    }
    try {
      const http = await client();
      const response = await http(path.replace(/^\//, ''), {
        method,
        headers,
        ...(o.json !== undefined ? { json: o.json } : {}),
        ...(o.form ? { body: o.form } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.keepalive ? { keepalive: true } : {}),
      });
      return await read(response);
    } catch (error) {
      const apiError = await toApiError(error);
      if (apiError.status === 401 && auth && !o.loginFlow) options.onUnauthorized();
      throw apiError;
    }
  }

  const text = async (response: Response) => (response.status === 204 ? '' : response.text());
  return {
    json: (method, path, { schema, ...o }) =>
      send(method, path, o, async (response) => readAnswer(await text(response), schema, { status: response.status, what: `${method.toUpperCase()} ${path}`, log: options.log, unexpectedAnswer: options.words.unexpectedAnswer })),
    unchecked: (method, path, o = {}) =>
      send(method, path, o, async (response) => {
        const body = await text(response);
        return body ? JSON.parse(body) : undefined;
      }),
    blob: (path, o = {}) => send('get', path, o, (response) => response.blob()),
  };
}
