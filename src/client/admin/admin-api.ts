/**
 * The back-office's HTTP client: JSON in and out, the staff token as a bearer, every refusal as an AdminApiError
 * carrying the server's `{ error }` text (what the screen shows). A 401 tells the admin session (onUnauthorized) so
 * it signs out. Plain fetch: the back-office is its own chunk and needs nothing more.
 *
 * Every answer a screen reads is checked against its contract schema (src/shared/admin/): an answer the schema refuses
 * (or that is not JSON) becomes an AdminApiError with UNEXPECTED_ANSWER, logged once with what did not match, so a
 * chart never holds a shape its views do not expect.
 *
 * Machines never call this directly: each page's effects module hands its chart actors built on it.
 */
import { check, describeIssues, type ContractSchema } from '../../shared/validate.ts';

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

export function createAdminApi({ baseUrl, getToken, onUnauthorized, fetch: fetchImpl = globalThis.fetch.bind(globalThis), log = (m, d) => console.warn(m, d) }: AdminApiOptions): AdminApi {
  async function send(method: string, path: string, init: { body?: BodyInit; json?: boolean; signal?: AbortSignal }): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    if (init.json) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetchImpl(new URL(path, baseUrl), { method, headers, ...(init.body !== undefined ? { body: init.body } : {}), ...(init.signal ? { signal: init.signal } : {}) });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new AdminApiError(0, CONNECTION_FAILED);
    }
    if (res.ok) return res;
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    const message = typeof body.error === 'string' ? body.error : `The server answered ${res.status}.`;
    if (res.status === 401 && token) onUnauthorized();
    throw new AdminApiError(res.status, message, body);
  }
  /** The answer as its schema gives it; anything else is logged and refused with UNEXPECTED_ANSWER. */
  async function read<T>(what: string, sent: Promise<Response>, schema: ContractSchema<T>): Promise<T> {
    const res = await sent;
    const text = await res.text();
    let issues: string[];
    try {
      const body: unknown = text ? JSON.parse(text) : undefined;
      const checked = check(schema, body);
      if (checked.success) return checked.output;
      issues = describeIssues(schema, body);
    } catch {
      issues = ['(answer): not JSON'];
    }
    log(`Unexpected answer from ${what}`, { status: res.status, issues });
    throw new AdminApiError(res.status, UNEXPECTED_ANSWER);
  }
  const withBody = (body: unknown) => (body === undefined ? {} : { body: JSON.stringify(body), json: true });
  return {
    get: (path, { schema, ...o }) => read(`GET ${path}`, send('GET', path, o), schema),
    post: (path, body, { schema, ...o }) => read(`POST ${path}`, send('POST', path, { ...withBody(body), ...o }), schema),
    put: (path, body, { schema, ...o }) => read(`PUT ${path}`, send('PUT', path, { ...withBody(body), ...o }), schema),
    delete: (path, { schema, ...o }) => read(`DELETE ${path}`, send('DELETE', path, o), schema),
    upload: (path, form, { schema, ...o }) => read(`POST ${path}`, send('POST', path, { body: form, ...o }), schema),
    blob: async (path, options) => (await send('GET', path, { ...options })).blob(),
  };
}
