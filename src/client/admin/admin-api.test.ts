/**
 * The back-office's client on the runtime's: answers checked by their schema, refusals in the server's words as
 * AdminApiError, the staff token only when the tab holds one, and a 401 signing out only a call made with it.
 */
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { AdminApiError, createAdminApi, UNEXPECTED_ANSWER } from './admin-api.ts';

const Answer = v.object({ id: v.string() });

function client(answer: () => Response | Promise<Response>, token: string | null = 'staff.token') {
  const seen: Request[] = [];
  const onUnauthorized = vi.fn();
  const log = vi.fn();
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new Request(input, init));
    return answer();
  }) as unknown as typeof globalThis.fetch;
  const api = createAdminApi({ baseUrl: 'http://portal.test', getToken: () => token, onUnauthorized, fetch, log });
  return { api, seen, onUnauthorized, log };
}

describe('the back-office API client', () => {
  it('answers what the schema gives, with the staff token as a bearer', async () => {
    const { api, seen, log } = client(() => Response.json({ id: 'a1', extra: true }));
    expect(await api.get('/api/admin/me', { schema: Answer })).toEqual({ id: 'a1' });
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer staff.token');
    expect(log).not.toHaveBeenCalled();
  });

  it('refuses an answer its schema refuses, in one sentence, and logs what did not match', async () => {
    const { api, log, onUnauthorized } = client(() => Response.json({ id: 42 }));
    const error = await api.post('/api/admin/kyc/cases/x/notes', { body: 'n' }, { schema: Answer }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminApiError);
    expect([(error as AdminApiError).status, (error as AdminApiError).message]).toEqual([200, UNEXPECTED_ANSWER]);
    expect(log).toHaveBeenCalledOnce();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('passes the server’s words and body on with a refusal', async () => {
    const { api } = client(() => Response.json({ error: 'Held by Dan.', holder: 'Dan' }, { status: 409 }));
    const error = (await api.put('/api/admin/settings', { a: 1 }, { schema: Answer }).catch((e: unknown) => e)) as AdminApiError;
    expect([error.name, error.status, error.message, error.body]).toEqual(['AdminApiError', 409, 'Held by Dan.', { error: 'Held by Dan.', holder: 'Dan' }]);
  });

  it('signs out on a 401 only for a call made with a token', async () => {
    const signedIn = client(() => Response.json({ error: 'Session ended.' }, { status: 401 }));
    await expect(signedIn.api.get('/api/admin/me', { schema: Answer })).rejects.toMatchObject({ status: 401 });
    expect(signedIn.onUnauthorized).toHaveBeenCalledOnce();
    const signingIn = client(() => Response.json({ error: 'Wrong code.' }, { status: 401 }), null);
    await expect(signingIn.api.post('/api/admin/auth/code/verify', { code: '1' }, { schema: Answer })).rejects.toMatchObject({ status: 401, message: 'Wrong code.' });
    expect(signingIn.seen[0]!.headers.get('authorization')).toBeNull();
    expect(signingIn.onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends an upload as multipart, not JSON, and reads a file as bytes', async () => {
    const upload = client(() => Response.json({ id: 'f1' }));
    const form = new FormData();
    form.set('file', new Blob(['%PDF-1.7'], { type: 'application/pdf' }), 'a.pdf');
    expect(await upload.api.upload('/api/admin/content/sections', form, { schema: Answer })).toEqual({ id: 'f1' });
    expect(upload.seen[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const file = client(() => new Response('a,b\n1,2\n', { headers: { 'content-type': 'text/csv' } }));
    expect(await (await file.api.blob('/api/admin/payments.csv')).text()).toBe('a,b\n1,2\n');
  });

  it('says the server could not be reached when the network fails', async () => {
    const { api, onUnauthorized } = client(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/api/admin/me', { schema: Answer })).rejects.toMatchObject({ name: 'AdminApiError', status: 0, message: 'The server could not be reached. Check your connection and try again.' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
