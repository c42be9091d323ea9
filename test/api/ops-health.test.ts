/**
 * /healthz and /readyz: liveness always (also while draining), readiness from the real database and file store,
 * 503 naming the failed check (never its reason), 503 at once when draining, a bounded check, and a flood of probes
 * costing one round of checks.
 */
import { expect, it } from 'vitest';
import { createLifecycle, type ReadinessChecks } from '../../src/server/http/health.routes.ts';
import { createMemoryLog } from '../../src/server/log.ts';
import { forEachDatabase } from './harness.ts';
import { opsApp } from './support/ops-app.ts';


/** A promise resolved or rejected from outside: a check that answers exactly when the test says. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

forEachDatabase('health and readiness', (t) => {
  it('/healthz answers 200 ok, never cached, also while draining', async () => {
    const lifecycle = createLifecycle();
    const app = opsApp(t, createMemoryLog(), { lifecycle });
    for (const draining of [false, true]) {
      lifecycle.draining = draining;
      const res = await app.request('/healthz');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('/readyz is ready with the real database and file store', async () => {
    const res = await opsApp(t, createMemoryLog(), {}).request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz answers 503 naming the failed check, keeps the reason in the log, logs a failure once', async () => {
    const log = createMemoryLog();
    const checks: ReadinessChecks = { database: async () => undefined, storage: async () => Promise.reject(new Error('EACCES /srv/secret/uploads')) };
    const app = opsApp(t, log, { readinessChecks: checks, readinessCacheMs: 0 });
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect((await app.request('/readyz')).status).toBe(503);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ status: 'not ready', checks: { database: 'ok', storage: 'failed' } });
    expect(body).not.toContain('/srv/secret');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const failures = log.entries.filter((e) => e.message === 'Readiness check failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]!.fields).toMatchObject({ check: 'storage', outcome: 'failed' });
    expect(String(failures[0]!.fields!.error)).toContain('EACCES /srv/secret/uploads');
  });

  it('/readyz gives up on a check that hangs: 503 "timeout"', async () => {
    const hanging = deferred();
    const checks: ReadinessChecks = { database: () => hanging.promise, storage: async () => undefined };
    const app = opsApp(t, createMemoryLog(), { readinessChecks: checks, readinessTimeoutMs: 50 });
    const res = await app.request('/readyz');
    hanging.resolve();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not ready', checks: { database: 'timeout', storage: 'ok' } });
  });

  it('a check that throws at once is a failed check, not a crashed probe', async () => {
    const checks: ReadinessChecks = {
      database: () => {
        throw new Error('no pool');
      },
    };
    const res = await opsApp(t, createMemoryLog(), { readinessChecks: checks }).request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not ready', checks: { database: 'failed' } });
  });

  it('/readyz answers 503 as soon as draining began, without running any check', async () => {
    let calls = 0;
    const lifecycle = createLifecycle();
    const checks: ReadinessChecks = { database: async () => void calls++, storage: async () => void calls++ };
    const app = opsApp(t, createMemoryLog(), { lifecycle, readinessChecks: checks });
    lifecycle.draining = true;
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not ready', checks: { shutdown: 'draining' } });
    expect(calls).toBe(0);
  });

  it('a shutdown beginning while the checks run still answers 503', async () => {
    const lifecycle = createLifecycle();
    const gate = deferred();
    const app = opsApp(t, createMemoryLog(), { lifecycle, readinessChecks: { database: () => gate.promise } });
    const pending = app.request('/readyz');
    lifecycle.draining = true;
    gate.resolve();
    expect((await pending).status).toBe(503);
  });

  it('a flood of 200 probes runs one round of checks (one select 1), then answers from it for a second', async () => {
    const gate = deferred();
    let database = 0;
    let storage = 0;
    const checks: ReadinessChecks = {
      database: async () => {
        database++;
        await gate.promise;
      },
      storage: async () => void storage++,
    };
    const app = opsApp(t, createMemoryLog(), { readinessChecks: checks });
    const flood = Array.from({ length: 200 }, () => app.request('/readyz'));
    gate.resolve();
    const answers = await Promise.all(flood);
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect((await app.request('/readyz')).status).toBe(200);
    expect({ database, storage }).toEqual({ database: 1, storage: 1 });
  });

  it('a probe that failed does not stick: the next round sees the recovery', async () => {
    let failing = true;
    const log = createMemoryLog();
    const checks: ReadinessChecks = { storage: async () => (failing ? Promise.reject(new Error('gone')) : undefined) };
    const app = opsApp(t, log, { readinessChecks: checks, readinessCacheMs: 0 });
    expect((await app.request('/readyz')).status).toBe(503);
    expect((await app.request('/readyz')).status).toBe(503);
    failing = false;
    expect((await app.request('/readyz')).status).toBe(200);
    expect(log.entries.map((e) => e.message)).toEqual(['Readiness check failed', 'Readiness check passes again']);
  });

  it('only GET (and HEAD) are probes; they are outside /api and need no token', async () => {
    const app = opsApp(t, createMemoryLog(), {});
    expect((await app.request('/readyz', { method: 'POST' })).status).toBe(404);
    expect((await app.request('/healthz', { method: 'HEAD' })).status).toBe(200);
    expect((await app.request('/api/healthz')).status).toBe(404);
  });
});
