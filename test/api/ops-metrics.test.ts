/**
 * Prometheus metrics: request counts and latency by route PATTERN (never an id), the job queue read at scrape time
 * (and a hung read not hanging the scrape), the database pool, /metrics behind METRICS_TOKEN on the main port (401
 * for anything else, 404 when not configured), and METRICS_PORT's own listener on a real server, closed with it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config/env.ts';
import { loadOpsSettings } from '../../src/server/config/ops-env.ts';
import { jobs } from '../../src/server/db/schema/index.ts';
import type { Db } from '../../src/server/db/types.ts';
import { createMemoryLog } from '../../src/server/log.ts';
import { createMetrics } from '../../src/server/metrics/create-metrics.ts';
import { hasBearerToken, metricsRoute } from '../../src/server/metrics/metrics.routes.ts';
import { startServer, type RunningServer } from '../../src/server/start-server.ts';
import { forEachDatabase } from './harness.ts';
import { opsApp } from './support/ops-app.ts';
import { serverBackends } from './support/test-databases.ts';

const TOKEN = 'metrics-token-0123456789abcdef';


/** The value of one sample in Prometheus text, or undefined. Labels must be given in the order they are printed. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const rendered = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',');
  const prefix = rendered ? `${name}{${rendered}} ` : `${name} `;
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

describe('hasBearerToken', () => {
  it('accepts exactly the token after Bearer, nothing else', () => {
    expect(hasBearerToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(hasBearerToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const header of [undefined, '', 'Bearer', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN} extra`, `Bearer  `, 'Bearer ' + 'x'.repeat(100_000)]) {
      expect(hasBearerToken(header, TOKEN), String(header).slice(0, 30)).toBe(false);
    }
  });
});

describe('ops settings', () => {
  it('has the agreed defaults and reads every name', () => {
    expect(loadOpsSettings({})).toEqual({ logFormat: 'text', metricsPort: null, metricsToken: null, shutdownTimeoutMs: 25_000 });
    expect(loadOpsSettings({ LOG_FORMAT: 'JSON', METRICS_PORT: '9464', METRICS_TOKEN: TOKEN, SHUTDOWN_TIMEOUT_SECONDS: '5' })).toEqual({
      logFormat: 'json',
      metricsPort: 9464,
      metricsToken: TOKEN,
      shutdownTimeoutMs: 5_000,
    });
  });

  it('stops on a bad value naming the variable, never repeating the token', () => {
    const cases: [Record<string, string>, string][] = [
      [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT'],
      [{ METRICS_PORT: 'nine' }, 'METRICS_PORT'],
      [{ METRICS_PORT: '70000' }, 'METRICS_PORT'],
      [{ METRICS_PORT: '3000' }, 'METRICS_PORT'],
      [{ METRICS_PORT: '8080', PORT: '8080' }, 'METRICS_PORT'],
      [{ METRICS_TOKEN: 'short-secret' }, 'METRICS_TOKEN'],
      [{ METRICS_TOKEN: 'has a space in it, long enough' }, 'METRICS_TOKEN'],
      [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, 'SHUTDOWN_TIMEOUT_SECONDS'],
      [{ SHUTDOWN_TIMEOUT_SECONDS: '2.5' }, 'SHUTDOWN_TIMEOUT_SECONDS'],
      [{ SHUTDOWN_TIMEOUT_SECONDS: '100000' }, 'SHUTDOWN_TIMEOUT_SECONDS'],
    ];
    for (const [env, variable] of cases) {
      let caught: unknown;
      try {
        loadOpsSettings(env);
      } catch (error) {
        caught = error;
      }
      expect(caught, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((caught as ConfigError).variable).toBe(variable);
      expect((caught as ConfigError).message).not.toContain('short-secret');
    }
  });
});

forEachDatabase('metrics', (t) => {
  const metricsFor = (db: Db = t.database.db, collectTimeoutMs?: number) =>
    createMetrics({ db, connections: t.database.connections, clock: t.clock, log: createMemoryLog(), ...(collectTimeoutMs ? { collectTimeoutMs } : {}) });

  it('counts and times requests by route pattern, never by id', async () => {
    const metrics = metricsFor();
    const app = opsApp(t, createMemoryLog(), { onRequestComplete: metrics.observeRequest, metricsRoute: metricsRoute(metrics, TOKEN) });
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) expect((await app.request(`/api/admin/kyc/cases/${id}?code=123456`)).status).toBe(401);
    await app.request('/healthz');
    await app.request('/healthz', { method: 'PROPFIND' });
    const text = await (await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/admin/kyc/cases/:userId', status: '401' })).toBe(3);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/healthz', status: '200' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'OTHER', route: '/*', status: '404' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/admin/kyc/cases/:userId' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { le: '+Inf', method: 'GET', route: '/healthz' })).toBe(1);
    for (const id of ids) expect(text).not.toContain(id);
    expect(text).not.toContain('123456');
    // prom-client's process metrics are there too.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('reads the job queue by kind and state at scrape time', async () => {
    const metrics = metricsFor();
    const before = (await metrics.render()).body;
    const now = t.clock.now();
    const minute = 60_000;
    const base = { payload: {}, maxAttempts: 5, createdAt: now };
    await t.database.db.insert(jobs).values([
      { ...base, kind: 'mail', runAt: new Date(now.getTime() - minute) },
      { ...base, kind: 'mail', runAt: new Date(now.getTime() - minute), lockedUntil: new Date(now.getTime() - 1) },
      { ...base, kind: 'mail', runAt: new Date(now.getTime() + minute) },
      { ...base, kind: 'mail', runAt: now, lockedUntil: new Date(now.getTime() + minute), lockedBy: 'runner-x' },
      { ...base, kind: 'seal-agreement', runAt: now, failedAt: now, lastError: 'gave up' },
      { ...base, kind: 'seal-agreement', runAt: now, doneAt: now },
    ]);
    try {
      const after = (await metrics.render()).body;
      const delta = (kind: string, state: string) =>
        (sample(after, 'jobs_queue_depth', { kind, state }) ?? NaN) - (sample(before, 'jobs_queue_depth', { kind, state }) ?? NaN);
      expect({
        mailDue: delta('mail', 'due'),
        mailRunning: delta('mail', 'running'),
        mailFailed: delta('mail', 'failed'),
        sealDue: delta('seal-agreement', 'due'),
        sealRunning: delta('seal-agreement', 'running'),
        sealFailed: delta('seal-agreement', 'failed'),
      }).toEqual({ mailDue: 2, mailRunning: 1, mailFailed: 0, sealDue: 0, sealRunning: 0, sealFailed: 1 });
    } finally {
      await t.database.db.delete(jobs);
    }
  });

  it('reports the database pool (PGlite: its one connection)', async () => {
    const text = (await metricsFor().render()).body;
    if (t.backend === 'pglite') {
      expect(sample(text, 'database_pool_connections', { state: 'total' })).toBe(1);
    } else {
      expect(sample(text, 'database_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'database_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'database_pool_connections', { state: 'waiting' })).toBe(0);
    }
  });

  it('a job queue read that hangs does not hang the scrape: counted as a collect error', async () => {
    const never = new Promise<never>(() => undefined);
    const chain = { from: () => chain, where: () => chain, groupBy: () => never };
    const hungDb = { select: () => chain } as unknown as Db;
    const metrics = metricsFor(hungDb, 20);
    const text = (await metrics.render()).body;
    expect(sample(text, 'metrics_collect_errors_total', { collector: 'jobs' })).toBe(1);
    expect(text).not.toMatch(/^jobs_queue_depth\{/m);
    expect(sample(text, 'database_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  });

  it('/metrics on the main port: 401 without the right token, 200 with it, 404 when no token is configured', async () => {
    const metrics = metricsFor();
    const guarded = opsApp(t, createMemoryLog(), { metricsRoute: metricsRoute(metrics, TOKEN) });
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcd', `Bearer ${TOKEN}0`, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, `Bearer ${'x'.repeat(8000)}`]) {
      const res = await guarded.request('/metrics', { headers: authorization ? { authorization } : {} });
      expect(res.status, String(authorization).slice(0, 30)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain('http_requests_total');
    }
    const ok = await guarded.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const unconfigured = opsApp(t, createMemoryLog(), {});
    expect((await unconfigured.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('/metrics not configured beside the built client: a JSON 404, not the client page the catch-all serves', async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'g2g-metrics-static-'));
    try {
      writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>client</title>');
      const app = opsApp(t, createMemoryLog(), {}, { staticDir });
      expect((await app.request('/some/client/route')).status).toBe(200);
      const res = await app.request('/metrics');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    } finally {
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});

/** A GET on a fresh connection; rejects on a refused one. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

for (const backend of serverBackends()) {
  describe(`metrics on a real server [${backend.name}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('serves METRICS_PORT and the token route, both counting the API, and closes the metrics listener with the server', async () => {
      const setup = await backend.setup();
      cleanups.push(setup.cleanup);
      let server: RunningServer | null = await startServer({
        env: { ...setup.env, METRICS_PORT: '0', METRICS_TOKEN: TOKEN },
        port: 0,
        host: '127.0.0.1',
        dataDir: setup.dataDir,
        staticDir: null,
        pgliteTemplateDir: null,
        log: createMemoryLog(),
      });
      cleanups.push(async () => void (await server?.close()));
      expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect((await get(`${server.url}/readyz`)).status).toBe(200);
      const scraped = await get(server.metricsUrl!);
      expect(scraped.status).toBe(200);
      expect(sample(scraped.body, 'http_requests_total', { method: 'GET', route: '/readyz', status: '200' })).toBe(1);
      expect((await get(server.metricsUrl!.replace('/metrics', '/other'))).status).toBe(404);
      expect((await get(`${server.url}/metrics`)).status).toBe(401);
      expect((await get(`${server.url}/metrics`, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
      const metricsUrl = server.metricsUrl!;
      await server.close();
      server = null;
      await expect(get(metricsUrl)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    });
  });
}
