/**
 * The investor's HTTP client (spec section 7): JSON calls, bearer token from storage, 401 handling, and errors
 * turned into ApiError with the text to show: the body's error, else its message, else 'HTTP {status}'.
 * A call given a contract schema gets its answer checked: a success answer the schema refuses (or that is not JSON)
 * becomes an ApiError with messages.general.unexpectedAnswer, logged once with what did not match.
 * Built on the runtime's client (src/client/runtime/http-client.ts), which the back-office uses too.
 */
import { messages } from '../../shared/messages.ts';
import type { ContractSchema } from '../../shared/validate.ts';
import { createHttpClient, prefetchHttpClient, readAnswer as readHttpAnswer, type Log, type RequestOptions } from '../runtime/http-client.ts';

export type { Log };

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

/** The runtime's request options, JSON only (uploads go through kyc-effects' progress request). */
export type CallOptions = Omit<RequestOptions, 'form'>;
/** A call whose answer the client reads: the schema that answer must pass. */
export type CheckedCallOptions<T> = CallOptions & { schema: ContractSchema<T> };

type Call = {
  /** The answer, checked against the schema and as the schema gives it. */
  <T>(path: string, options: CheckedCallOptions<T>): Promise<T>;
  /** An answer nobody reads as a shape (or that a chart checks itself): unknown. */
  (path: string, options?: CallOptions): Promise<unknown>;
};

export type ApiClient = { get: Call; post: Call };

/** The investor's checking of an answer read outside the client (an upload's progress request), in the catalogue's words. */
export function readAnswer<T>(text: string, schema: ContractSchema<T>, { status, what, log }: { status: number; what: string; log: Log }): T {
  return readHttpAnswer(text, schema, { status, what, log, unexpectedAnswer: messages.general.unexpectedAnswer });
}

export { prefetchHttpClient };

/** The investor's client: the runtime's, with the catalogue's words (spec section 7). */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = createHttpClient({ ...options, words: { network: messages.general.network, unexpectedAnswer: messages.general.unexpectedAnswer, noToken: messages.session.noToken } });
  const call = (method: 'get' | 'post') => (path: string, o: Partial<CheckedCallOptions<unknown>> = {}) => {
    const { schema, ...rest } = o;
    return schema ? http.json(method, path, { ...rest, schema }) : http.unchecked(method, path, rest);
  };
  // One implementation serves both signatures of Call (with a schema: its output; without: unknown).
  return { get: call('get'), post: call('post') } as ApiClient;
}
