/**
 * The built client as served (src/server/http/static-site.ts): pre-compressed copies picked from Accept-Encoding,
 * headers right for caches, and hostile paths and headers refused. The app is the static site alone (the API's
 * own 404s and security headers: public.test.ts); one test goes over a real socket for Content-Length and HEAD.
 */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/server/app-context.ts';
import { mountStaticSite } from '../../src/server/http/static-site.ts';

const APP_JS = `console.log(${JSON.stringify('the app '.repeat(200))});\n`;
const INDEX = `<!doctype html><title>G2G</title>${'<!-- padding -->'.repeat(50)}<script type="module" src="/assets/app-3f2a.js"></script>`;
const ADMIN = `<!doctype html><title>G2G Back-office</title>${'<!-- padding -->'.repeat(50)}<script type="module" src="/assets/admin-9c1d.js"></script>`;
const SECRET = 'SECRET-OUTSIDE-DIST';

let top = '';
let dist = '';
let app: Hono<AppEnv>;

async function writeWithSiblings(path: string, text: string, codings: ('br' | 'gzip')[]) {
  await writeFile(path, text);
  if (codings.includes('br')) await writeFile(`${path}.br`, brotliCompressSync(text));
  if (codings.includes('gzip')) await writeFile(`${path}.gz`, gzipSync(text));
}

beforeAll(async () => {
  top = await mkdtemp(join(tmpdir(), 'g2g-static-'));
  dist = join(top, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(top, 'secret.txt'), SECRET);
  await writeFile(join(top, 'package.json'), SECRET);
  await writeWithSiblings(join(dist, 'index.html'), INDEX, ['br', 'gzip']);
  await writeWithSiblings(join(dist, 'admin.html'), ADMIN, ['br', 'gzip']);
  await writeWithSiblings(join(dist, 'assets', 'app-3f2a.js'), APP_JS, ['br', 'gzip']);
  await writeWithSiblings(join(dist, 'assets', 'only-gz-1111.css'), `body{color:red}${' '.repeat(400)}`, ['gzip']);
  await writeWithSiblings(join(dist, 'assets', 'stale-2222.js'), APP_JS, ['br', 'gzip']);
  // Siblings left from an older build: an hour older than the file they claim to be.
  const old = new Date(Date.now() - 3_600_000);
  for (const s of ['.br', '.gz']) await utimes(join(dist, 'assets', `stale-2222.js${s}`), old, old);
  await writeFile(join(dist, 'assets', 'logo-3333.png'), Buffer.alloc(300, 7));
  await writeFile(join(dist, 'assets', 'logo-3333.png.br'), brotliCompressSync(Buffer.alloc(300, 7)));
  await writeFile(join(dist, '.env'), SECRET);
  app = new Hono<AppEnv>();
  mountStaticSite(app, dist);
  app.notFound((c) => c.json({ error: 'not found' }, 404));
});
afterAll(() => rm(top, { recursive: true, force: true }));

const get = (path: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
  app.request(path, { headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...extra } });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('pre-compressed static files', () => {
  it('sends brotli to a browser, with the original type, its own length, Vary and a year of caching', async () => {
    const res = await get('/assets/app-3f2a.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(APP_JS.length);
    expect(brotliDecompressSync(body).toString()).toBe(APP_JS);
  });

  it('sends gzip to a client without brotli, identity (still with Vary) to one without either', async () => {
    const gz = await get('/assets/app-3f2a.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(APP_JS);
    for (const header of [undefined, '', 'identity', 'deflate, zstd']) {
      const plain = await get('/assets/app-3f2a.js', header);
      expect(plain.headers.get('content-encoding'), String(header)).toBeNull();
      expect(plain.headers.get('vary'), String(header)).toBe('Accept-Encoding');
      expect((await bytes(plain)).toString()).toBe(APP_JS);
    }
  });

  it('follows q-values, q=0 refusals, * and case, and refuses a malformed q', async () => {
    const cases: [string, string | null][] = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['br;q=0.1, gzip;q=0.9', 'gzip'],
      ['gzip;q=0.5, identity', null],
      ['*', 'br'],
      ['*;q=0.5, br;q=0', 'gzip'],
      ['*;q=0, identity', null],
      ['identity;q=0, *;q=0', null], // nothing acceptable: identity anyway rather than a 406 for a script
      ['BR', 'br'],
      [' gzip ; q=1.000 ', 'gzip'],
      ['x-gzip', 'gzip'],
      ['br;q=abc, gzip;q=0.2', 'gzip'],
      ['br;q=1.5', null],
      ['br;q=-1, gzip;q=0.0001', null],
      ['br;q=0;q=1', 'br'], // the last q parameter read wins, as with any repeated parameter
      [',,;;,br', 'br'],
      ['gzip;level=9', 'gzip'],
    ];
    for (const [header, expected] of cases) {
      const res = await get('/assets/app-3f2a.js', header);
      expect(res.headers.get('content-encoding'), header).toBe(expected);
      const body = await bytes(res);
      const text = expected === 'br' ? brotliDecompressSync(body) : expected === 'gzip' ? gunzipSync(body) : body;
      expect(text.toString(), header).toBe(APP_JS);
    }
  });

  it('does not read a huge Accept-Encoding header: identity, whole and correct', async () => {
    const huge = `${'x-unknown;q=0.5, '.repeat(20_000)}br`;
    const res = await get('/assets/app-3f2a.js', huge);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect((await bytes(res)).toString()).toBe(APP_JS);
    // Many entries under the length limit: only the first ones are read.
    const many = await get('/assets/app-3f2a.js', `${'a,'.repeat(100)}br`);
    expect(many.headers.get('content-encoding')).toBeNull();
  });

  it('falls back when a copy is missing or older than its file, and never compresses what is not text', async () => {
    const css = await get('/assets/only-gz-1111.css', 'br, gzip');
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const stale = await get('/assets/stale-2222.js', 'br, gzip');
    expect(stale.headers.get('content-encoding')).toBeNull();
    expect((await bytes(stale)).toString()).toBe(APP_JS);
    const png = await get('/assets/logo-3333.png', 'br, gzip');
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('vary')).toBeNull();
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await bytes(png)).equals(Buffer.alloc(300, 7))).toBe(true);
  });

  it('serves index.html and the client-route fallback compressed, revalidated, as HTML', async () => {
    for (const path of ['/', '/index.html', '/process/kyc', '/auth/login?next=%2Fprocess']) {
      const res = await get(path, 'br, gzip');
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-encoding'), path).toBe('br');
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(res.headers.get('vary'), path).toBe('Accept-Encoding');
      expect(brotliDecompressSync(await bytes(res)).toString(), path).toBe(INDEX);
    }
  });

  it('serves the back-office entry (admin.html) for /admin and below, and the investor entry for look-alikes', async () => {
    for (const path of ['/admin', '/admin/', '/admin/kyc/4b9c', '/admin/enrol']) {
      const res = await get(path, 'br');
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(brotliDecompressSync(await bytes(res)).toString(), path).toBe(ADMIN);
    }
    for (const path of ['/administrator', '/process/admin', '/adminx/kyc']) {
      const res = await get(path, 'br');
      expect(brotliDecompressSync(await bytes(res)).toString(), path).toBe(INDEX);
    }
  });

  it('gives each coding its own ETag and answers a matching If-None-Match with 304', async () => {
    const br = await get('/assets/app-3f2a.js', 'br');
    const gz = await get('/assets/app-3f2a.js', 'gzip');
    const plain = await get('/assets/app-3f2a.js');
    const tags = [br, gz, plain].map((r) => r.headers.get('etag'));
    expect(new Set(tags).size).toBe(3);
    const again = await get('/assets/app-3f2a.js', 'br', { 'if-none-match': tags[0] as string });
    expect(again.status).toBe(304);
    expect(again.headers.get('vary')).toBe('Accept-Encoding');
    expect(await again.text()).toBe('');
    // The brotli validator does not stand for the gzip bytes.
    const other = await get('/assets/app-3f2a.js', 'gzip', { 'if-none-match': tags[0] as string });
    expect(other.status).toBe(200);
    expect(other.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('hostile paths', () => {
  it('never serves a pre-compressed copy by its own name', async () => {
    for (const path of ['/assets/app-3f2a.js.br', '/assets/app-3f2a.js.gz', '/assets/app-3f2a.js.BR', '/assets/app-3f2a.js%2ebr']) {
      const res = await get(path, 'br, gzip');
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-encoding'), path).toBeNull();
    }
    // Outside /assets a non-file is the client-route fallback: index.html, never the brotli bytes as a file.
    const index = await get('/index.html.br');
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    expect(index.headers.get('content-encoding')).toBeNull();
    expect(await index.text()).toBe(INDEX);
  });

  it('serves nothing outside the client folder, nor its dot files, however the path is spelled', async () => {
    const paths = [
      '/assets/..%2f..%2fsecret.txt',
      '/assets/..%2F..%2Fpackage.json',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/assets/%5c..%5c..%5csecret.txt',
      '/%252e%252e%252fsecret.txt',
      '/assets/app-3f2a.js%00.png',
      '/assets/%E0%A4%A',
      '/.env',
      '/%2eenv',
      '/assets//app-3f2a.js',
      `/${'../'.repeat(10)}secret.txt`,
    ];
    for (const path of paths) {
      const res = await get(path, 'br, gzip');
      const text = res.headers.get('content-encoding') === 'br' ? brotliDecompressSync(await bytes(res)).toString() : await res.text();
      expect(text, path).not.toContain(SECRET);
      expect([200, 404], path).toContain(res.status);
      if (res.status === 200) expect(text, path).toBe(INDEX); // the client-route fallback, nothing else
    }
  });
});

describe('over a real socket', () => {
  it('HEAD and GET agree on the headers; HEAD has no body; a header past Node’s limit is refused by Node', async () => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    const call = (method: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/assets/app-3f2a.js', method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const get = await call('GET', { 'accept-encoding': 'br' });
      const head = await call('HEAD', { 'accept-encoding': 'br' });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const name of ['content-encoding', 'content-type', 'content-length', 'etag', 'vary', 'cache-control']) {
        expect(head.headers[name], name).toBe(get.headers[name]);
      }
      expect(Number(get.headers['content-length'])).toBe(get.body.length);
      const huge = await call('GET', { 'accept-encoding': 'gzip, '.repeat(4_000) });
      expect(huge.status).toBe(431);
    } finally {
      server.close();
    }
  });
});
