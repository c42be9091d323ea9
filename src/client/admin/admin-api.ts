/**
 * The back-office's HTTP client: JSON in and out, the staff token as a bearer, every refusal as an AdminApiError
 * carrying the server's `{ error }` text (what the screen shows). A 401 tells the admin session (onUnauthorized) so
 * it signs out. Plain fetch: the back-office is its own chunk and needs nothing more.
 *
 * Machines never call this directly: each page's effects module hands its chart actors built on it.
 */
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

export type AdminApi = {
  get<T>(path: string, options?: { signal?: AbortSignal }): Promise<T>;
  post<T>(path: string, body?: unknown, options?: { signal?: AbortSignal }): Promise<T>;
  put<T>(path: string, body?: unknown, options?: { signal?: AbortSignal }): Promise<T>;
  delete<T>(path: string, options?: { signal?: AbortSignal }): Promise<T>;
  /** A multipart upload (FormData); the answer is JSON. */
  upload<T>(path: string, form: FormData, options?: { signal?: AbortSignal }): Promise<T>;
  /** A file the server sends (a KYC document, a CSV): its bytes, for an object URL or a download. */
  blob(path: string, options?: { signal?: AbortSignal }): Promise<Blob>;
};

export type AdminApiOptions = {
  baseUrl: string;
  getToken: () => string | null;
  onUnauthorized: () => void;
  fetch?: typeof fetch;
};

const CONNECTION_FAILED = 'The server could not be reached. Check your connection and try again.';

export function createAdminApi({ baseUrl, getToken, onUnauthorized, fetch: fetchImpl = globalThis.fetch.bind(globalThis) }: AdminApiOptions): AdminApi {
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
  const json = async <T>(res: Promise<Response>): Promise<T> => (await res).json() as Promise<T>;
  const withBody = (body: unknown) => (body === undefined ? {} : { body: JSON.stringify(body), json: true });
  return {
    get: (path, options) => json(send('GET', path, { ...options })),
    post: (path, body, options) => json(send('POST', path, { ...withBody(body), ...options })),
    put: (path, body, options) => json(send('PUT', path, { ...withBody(body), ...options })),
    delete: (path, options) => json(send('DELETE', path, { ...options })),
    upload: (path, form, options) => json(send('POST', path, { body: form, ...options })),
    blob: async (path, options) => (await send('GET', path, { ...options })).blob(),
  };
}
