/**
 * The one HTTP client (spec section 7): JSON calls, bearer token from storage, 401 handling, and errors
 * turned into ApiError with the text to show: the body's error, else its message, else 'HTTP {status}'.
 */
import ky, { HTTPError } from 'ky';
import { ApiError, apiErrorFromBody } from '../../shared/api-error.ts';
import { messages } from '../../shared/messages.ts';

export type ApiClientOptions = {
  /** Absolute origin; the app serves API and SPA from one origin. */
  baseUrl: string;
  getToken: () => string | null;
  /** Any 401 outside the login flow: the session machine clears storage and reloads. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
};

/** keepalive: the request outlives the page (a save as the tab is hidden or closed); bodies up to 64 KB. */
export type CallOptions = { auth?: boolean; json?: unknown; signal?: AbortSignal; loginFlow?: boolean; keepalive?: boolean };

export type ApiClient = {
  get: <T>(path: string, options?: CallOptions) => Promise<T>;
  post: <T>(path: string, options?: CallOptions) => Promise<T>;
};

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
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
  const raw = ky.create({
    prefixUrl: options.baseUrl,
    retry: 0,
    timeout: 30_000,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function call<T>(method: 'get' | 'post', path: string, o: CallOptions = {}): Promise<T> {
    const auth = o.auth ?? true;
    const headers: Record<string, string> = {};
    if (auth) {
      const token = options.getToken();
      if (!token) throw new ApiError(messages.session.noToken, 401, null);
      headers.Authorization = `Bearer ${token}`;
    }
    try {
      const response = await raw(path.replace(/^\//, ''), {
        method,
        headers,
        ...(o.json !== undefined ? { json: o.json } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.keepalive ? { keepalive: true } : {}),
      });
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    } catch (error) {
      const apiError = await toApiError(error);
      if (apiError.status === 401 && auth && !o.loginFlow) options.onUnauthorized();
      throw apiError;
    }
  }

  return {
    get: (path, o) => call('get', path, o),
    post: (path, o) => call('post', path, o),
  };
}
