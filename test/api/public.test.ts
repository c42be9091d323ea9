/** The calls without a token (limits, NDA), unknown paths, and the headers every answer carries. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { CONTENT_SECURITY_POLICY } from '../../src/server/http/security-headers.ts';
import { forEachDatabase } from './harness.ts';

const expectSecurityHeaders = (res: Response) => {
  expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
};

describe('the content security policy', () => {
  it('allows no inline script or style and no framing', () => {
    const directives = Object.fromEntries(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(directives).toEqual({
      'default-src': "'self'",
      'script-src': "'self' 'wasm-unsafe-eval'",
      'style-src': "'self'",
      'img-src': "'self' data: blob:",
      'worker-src': "'self' blob:",
      'connect-src': "'self' blob:",
      'font-src': "'self' data:",
      'object-src': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': "'none'",
      'form-action': "'self'",
    });
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
  });
});

forEachDatabase('public calls', (t) => {
  it('GET /api/settings/investment-limits answers the seeded limits without a token', async () => {
    const res = await t.get('/api/settings/investment-limits');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ tokenPrice: 0.85, minInvestment: 10_000, maxInvestment: 1_000_000 });
    expectSecurityHeaders(res);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /api/assets/nda answers a multi-page PDF naming the foundation', async () => {
    const res = await t.get('/api/assets/nda');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expectSecurityHeaders(res);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(pdf.getTitle()).toBe('Mutual Non-Disclosure Agreement - G2G Token Foundation');
  });

  it('an unknown /api path answers 404 { error } with the security headers', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/settings/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/settings/investment-limits'],
      ['GET', '/api/auth/login'],
    ] as const) {
      const res = await t.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ error: messages.server.notFound });
      expectSecurityHeaders(res);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('without a built client, a page GET answers 404 JSON from the API-only app', async () => {
    const res = await t.get('/process/kyc');
    expect(res.status).toBe(404);
    expectSecurityHeaders(res);
  });

  describe('with the built client', () => {
    let dist = '';
    beforeAll(async () => {
      dist = await mkdtemp(join(tmpdir(), 'g2g-dist-'));
      await mkdir(join(dist, 'assets'));
      await writeFile(join(dist, 'index.html'), '<!doctype html><title>G2G</title><script type="module" src="/assets/app-3f2a.js"></script>');
      await writeFile(join(dist, 'assets', 'app-3f2a.js'), 'console.log("app")');
      await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    });
    afterAll(() => rm(dist, { recursive: true, force: true }));

    it('serves hashed assets for a year, other files revalidated, and index.html for client routes', async () => {
      const app = t.makeApp({ staticDir: dist });
      const asset = await app.request('/assets/app-3f2a.js');
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expectSecurityHeaders(asset);

      const icon = await app.request('/favicon.svg');
      expect(icon.headers.get('cache-control')).toBe('no-cache');
      expectSecurityHeaders(icon);

      for (const path of ['/', '/process/kyc', '/auth/login', '/anything/else']) {
        const page = await app.request(path);
        expect(page.status, path).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/text\/html/);
        expect(page.headers.get('cache-control')).toBe('no-cache');
        expect(await page.text()).toContain('<title>G2G</title>');
        expectSecurityHeaders(page);
      }
    });

    it('answers 404 for a missing asset and keeps /api answers JSON', async () => {
      const app = t.makeApp({ staticDir: dist });
      const missing = await app.request('/assets/missing-0000.js');
      expect(missing.status).toBe(404);
      const api = await app.request('/api/unknown');
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ error: messages.server.notFound });
      const traversal = await app.request('/assets/..%2f..%2fpackage.json');
      expect(traversal.status).toBe(404);
    });
  });
});
