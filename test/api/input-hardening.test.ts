/** Bodies that are not what a call expects: each gets a clean 4xx { error }, nothing internal leaks. */
import { expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { JSON_BODY_LIMIT_BYTES } from '../../src/server/http/json-body-limit.ts';
import { forEachDatabase, individualPayload } from './harness.ts';

forEachDatabase('input hardening', (t) => {
  const postRaw = (path: string, body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    t.request(path, { method: 'POST', headers, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);

  it('answers 400 for a body that is not JSON', async () => {
    for (const body of ['{', '{"email": }', 'undefined', '', "{'a':1}"]) {
      for (const path of ['/api/auth/register', '/api/auth/login']) {
        const res = await postRaw(path, body);
        expect(res.status, `${path} ${body}`).toBe(400);
        expect(await res.json()).toEqual({ error: messages.server.badJson });
      }
    }
  });

  it('answers 415 when the body is not declared as JSON', async () => {
    const body = JSON.stringify(individualPayload());
    for (const headers of [{} as Record<string, string>, { 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }, { 'content-type': 'multipart/form-data; boundary=x' }]) {
      const res = await postRaw('/api/auth/register', body, headers);
      expect(res.status, JSON.stringify(headers)).toBe(415);
      expect(await res.json()).toEqual({ error: messages.server.invalidRequest });
    }
    const withCharset = await postRaw('/api/auth/register', body, { 'content-type': 'application/json; charset=utf-8' });
    expect(withCharset.status).toBe(202);
  });

  it('answers 413 for a body over the limit, declared or streamed', async () => {
    const huge = JSON.stringify({ ...individualPayload(), fullName: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
    const declared = await postRaw('/api/auth/register', huge, { 'content-type': 'application/json', 'content-length': String(huge.length) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: messages.server.tooLarge });

    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > JSON_BODY_LIMIT_BYTES * 4) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const streamed = await postRaw('/api/auth/login', stream);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ error: messages.server.tooLarge });
    // The reader stopped soon after the limit rather than buffering everything.
    expect(sent).toBeLessThan(JSON_BODY_LIMIT_BYTES * 2);
  });

  it('answers 400 for JSON of the wrong shape', async () => {
    for (const body of ['[]', 'null', '42', '"text"', 'true', '{"investorType":{"$ne":null}}']) {
      const res = await postRaw('/api/auth/register', body);
      expect(res.status, body).toBe(400);
      // A registration refusal may name the field it is about (RegistrationRejectionSchema), never echo the input.
      expect(await res.json()).toEqual(body.startsWith('{') ? { error: messages.registration.fillRequired, field: 'investorType' } : { error: messages.registration.fillRequired });
    }
  });

  it('answers 400 for NUL characters, which PostgreSQL text cannot hold', async () => {
    const res = await t.post('/api/auth/register', individualPayload({ fullName: 'Ada\u0000Lovelace' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: messages.server.invalidRequest });
  });

  it('is not fooled by __proto__ keys', async () => {
    const body = `{"__proto__":{"isAdmin":true},${JSON.stringify(individualPayload()).slice(1)}`;
    const res = await postRaw('/api/auth/register', body);
    expect(res.status).toBe(202);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('never answers with a stack trace or internal detail', async () => {
    const probes = [
      await postRaw('/api/auth/register', '{"email":'),
      await postRaw('/api/auth/register', JSON.stringify({ ...individualPayload(), investmentAmount: 'DROP TABLE users' })),
      await t.request('/api/%E0%A4%A', { method: 'GET' }),
      await t.request('/api/kyc/status', { headers: { authorization: 'Bearer eyJ.eyJ.sig' } }),
    ];
    for (const res of probes) {
      const text = await res.text();
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(Object.keys(JSON.parse(text) as object).filter((key) => key !== 'field')).toEqual(['error']);
      expect(text).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|SyntaxError|DROP TABLE/);
    }
  });
});
