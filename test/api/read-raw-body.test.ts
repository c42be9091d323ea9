/**
 * readRawBody on a small app built here: the exact bytes reach the handler (a BOM, invalid UTF-8, NUL kept), the
 * route's own limit replaces the JSON limit (a body over 64 KB passes, one byte over the route's limit is 413 in
 * the catalogue's words, declared or streamed, over a socket too), a body that breaks off is a 400, and a route
 * not declared raw cannot use it.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import type { AppEnv } from '../../src/server/app-context.ts';
import { answerError } from '../../src/server/http/answer-error.ts';
import { JSON_BODY_LIMIT_BYTES, jsonBodyLimit } from '../../src/server/http/json-body-limit.ts';
import { declareOwnBody } from '../../src/server/http/own-body-routes.ts';
import { readRawBody } from '../../src/server/http/read-raw-body.ts';
import { createMemoryLog } from '../../src/server/log.ts';

/** Above the JSON limit, so passing a body between the two shows the route is out of the JSON limit's way. */
const RAW_LIMIT = JSON_BODY_LIMIT_BYTES * 2;
const RAW_PATH = declareOwnBody('/test/raw-echo', 'raw-bytes');
const UNDECLARED_PATH = '/test/undeclared';

const log = createMemoryLog();
const app = new Hono<AppEnv>();
app.use('*', jsonBodyLimit());
const echo = async (c: import('hono').Context<AppEnv>) => {
  const bytes = await readRawBody(c, { limit: RAW_LIMIT });
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/octet-stream' });
};
app.post(RAW_PATH, echo);
app.post(UNDECLARED_PATH, echo);
app.onError(answerError(log));

/** A UTF-8 BOM, JSON, then bytes no UTF-8 decoder would keep: a lone continuation byte, 0xFF, a NUL, CR LF. */
const AWKWARD = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"amount":1}'), 0x80, 0xff, 0xfe, 0xc3, 0x28, 0x00, 0x0d, 0x0a]);

const filled = (size: number) => new Uint8Array(size).map((_, i) => i % 251);

/** A body without Content-Length, sent in 16 KB chunks; `sent` tells how much was pulled. */
function chunked(total: number) {
  const progress = { sent: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (progress.sent >= total) return controller.close();
      const size = Math.min(16 * 1024, total - progress.sent);
      progress.sent += size;
      controller.enqueue(filled(size));
    },
  });
  return { stream, progress };
}

const post = (base: string | null, path: string, body: BodyInit, headers: Record<string, string> = {}) => {
  const init = { method: 'POST', headers, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit;
  return base === null ? Promise.resolve(app.request(path, init)) : fetch(`${base}${path}`, init);
};

describe('readRawBody', () => {
  let server: ServerType;
  let socketUrl = '';
  beforeAll(async () => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    socketUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const via of ['app.request', 'a socket'] as const) {
    const base = () => (via === 'a socket' ? socketUrl : null);

    it(`hands over the exact bytes, BOM and invalid UTF-8 included (${via})`, async () => {
      const res = await post(base(), RAW_PATH, AWKWARD, { 'content-type': 'application/json' });
      expect(res.status).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(AWKWARD);
      const { stream } = chunked(40 * 1024);
      const streamed = await post(base(), RAW_PATH, stream);
      expect(new Uint8Array(await streamed.arrayBuffer())).toEqual(filled(40 * 1024).map((_, i) => i % 16384 % 251));
    });

    it(`takes a body over the JSON limit up to its own limit, and refuses one byte more with 413 (${via})`, async () => {
      const exact = await post(base(), RAW_PATH, filled(RAW_LIMIT));
      expect(exact.status).toBe(200);
      expect((await exact.arrayBuffer()).byteLength).toBe(RAW_LIMIT);

      const declared = await post(base(), RAW_PATH, filled(RAW_LIMIT + 1));
      expect([declared.status, await declared.json()]).toEqual([413, { error: messages.server.tooLarge }]);

      const { stream, progress } = chunked(RAW_LIMIT * 8);
      const streamed = await post(base(), RAW_PATH, stream);
      expect([streamed.status, await streamed.json()]).toEqual([413, { error: messages.server.tooLarge }]);
      // In process the body is pulled as it is read: reading stopped near the limit instead of taking all that was
      // offered. (Over a socket the client keeps sending and @hono/node-server disposes of the rest after the answer.)
      if (via === 'app.request') expect(progress.sent).toBeLessThan(RAW_LIMIT * 2);
    });
  }

  it('answers a body that breaks off as a bad request, not a fault of the server', async () => {
    let pulls = 0;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(filled(1024));
        else controller.error(new Error('client went away'));
      },
    });
    const res = await post(null, RAW_PATH, broken);
    expect([res.status, await res.json()]).toEqual([400, { error: messages.server.invalidRequest }]);
  });

  it('answers an empty body as no bytes', async () => {
    const res = await app.request(RAW_PATH, { method: 'POST' });
    expect([res.status, (await res.arrayBuffer()).byteLength]).toEqual([200, 0]);
  });

  it('cannot be used on a route not declared raw, which the JSON limit still covers', async () => {
    const small = await app.request(UNDECLARED_PATH, { method: 'POST', body: AWKWARD });
    expect([small.status, await small.json()]).toEqual([500, { error: messages.server.internal }]);
    expect(log.entries.some((e) => e.level === 'error' && String((e.fields?.error as Error)?.message).includes('not declared raw'))).toBe(true);
    const large = await app.request(UNDECLARED_PATH, { method: 'POST', body: filled(JSON_BODY_LIMIT_BYTES + 1) });
    expect([large.status, await large.json()]).toEqual([413, { error: messages.server.tooLarge }]);
  });

  it('refuses to declare one path as two kinds of body', () => {
    expect(() => declareOwnBody(RAW_PATH, 'multipart-stream')).toThrow(/declared as raw-bytes and as multipart-stream/);
  });
});
