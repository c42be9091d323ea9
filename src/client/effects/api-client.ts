/**
 * The one HTTP client (spec section 7): JSON calls, bearer token from storage, 401 handling, and errors
 * turned into ApiError with the text to show: the body's error, else its message, else 'HTTP {status}'.
 * A call given a contract schema gets its answer checked: a success answer the schema refuses (or that is not JSON)
 * becomes an ApiError with messages.general.unexpectedAnswer, logged once with what did not match.
 * ky is imported with the first call (a chunk of its own, ~4 KB gzipped): the login page's first script stays within
 * its budget, and a page that calls nothing never loads it. `prefetchHttpClient` starts that import early (the login
 * form's focus, the signed-in area's chunk), so the first call rarely waits for it.
 */
import type { HTTPError, KyInstance } from 'ky';
import { ApiError, apiErrorFromBody } from '../../shared/api-error.ts';
import { messages } from '../../shared/messages.ts';
import { check, describeIssues, type ContractSchema } from '../../shared/validate.ts';

export type Log = (message: string, detail?: unknown) => void;

export type ApiClientOptions = {
  /** Absolute origin; the app serves API and SPA from one origin. */
  baseUrl: string;
  getToken: () => string | null;
  /** Any 401 outside the login flow: the session machine clears storage and reloads. */
  onUnauthorized: () => void;
  /** Where an answer refused by its schema is reported (the app's console.warn). */
  log: Log;
  fetch?: typeof fetch;
};

/** keepalive: the request outlives the page (a save as the tab is hidden or closed); bodies up to 64 KB. */
export type CallOptions = { auth?: boolean; json?: unknown; signal?: AbortSignal; loginFlow?: boolean; keepalive?: boolean };
/** A call whose answer the client reads: the schema that answer must pass. */
export type CheckedCallOptions<T> = CallOptions & { schema: ContractSchema<T> };

type Call = {
  /** The answer, checked against the schema and as the schema gives it. */
  <T>(path: string, options: CheckedCallOptions<T>): Promise<T>;
  /** An answer nobody reads as a shape (or that a chart checks itself): unknown. */
  (path: string, options?: CallOptions): Promise<unknown>;
};

export type ApiClient = { get: Call; post: Call };

/**
 * A success answer's text read as its schema's output. Anything else (not JSON, or refused by the schema) is logged
 * once and thrown as an ApiError with the catalogue's words and the answer's status; `what` names the call in the log.
 */
export function readAnswer<T>(text: string, schema: ContractSchema<T>, { status, what, log }: { status: number; what: string; log: Log }): T {
  let body: unknown;
  let issues: string[];
  try {
    body = text ? JSON.parse(text) : undefined;
    const checked = check(schema, body);
    if (checked.success) return checked.output;
    issues = describeIssues(schema, body);
  } catch {
    issues = ['(answer): not JSON'];
  }
  log(`Unexpected answer from ${what}`, { status, issues });
  throw new ApiError(messages.general.unexpectedAnswer, status, null);
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

async function toApiError(error: unknown, HTTPErrorClass: typeof HTTPError | null): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (HTTPErrorClass && error instanceof HTTPErrorClass) {
    const status = error.response.status;
    let body: unknown = null;
    try {
      body = await error.response.clone().json();
    } catch {
      body = null;
    }
    return apiErrorFromBody(status, body);
  }
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  return new ApiError(messages.general.network, 0, null);
}

export function createApiClient(options: ApiClientOptions): ApiClient {
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
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    return raw;
  }

  async function call(method: 'get' | 'post', path: string, o: Partial<CheckedCallOptions<unknown>> = {}): Promise<unknown> {
    const auth = o.auth ?? true;
    const headers: Record<string, string> = {};
    if (auth) {
      const token = options.getToken();
      if (!token) throw new ApiError(messages.session.noToken, 401, null);
      headers.Authorization = `Bearer ${token}`;
    }
    try {
      const http = await client();
      const response = await http(path.replace(/^\//, ''), {
        method,
        headers,
        ...(o.json !== undefined ? { json: o.json } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.keepalive ? { keepalive: true } : {}),
      });
      const text = response.status === 204 ? '' : await response.text();
      if (o.schema) return readAnswer(text, o.schema, { status: response.status, what: `${method.toUpperCase()} ${path}`, log: options.log });
      return text ? JSON.parse(text) : undefined;
    } catch (error) {
      const apiError = await toApiError(error, HTTPErrorClass);
      if (apiError.status === 401 && auth && !o.loginFlow) options.onUnauthorized();
      throw apiError;
    }
  }

  // One implementation serves both signatures of Call (with a schema: its output; without: unknown).
  return {
    get: (path: string, o?: Partial<CheckedCallOptions<unknown>>) => call('get', path, o),
    post: (path: string, o?: Partial<CheckedCallOptions<unknown>>) => call('post', path, o),
  } as ApiClient;
}
