/**
 * GET /healthz and GET /readyz, for the proxy and the platform (outside /api, no auth, never cached):
 *
 *   /healthz  200 {"status":"ok"} while the process runs, also while it drains: "alive", so nobody restarts a process
 *             that is finishing its requests.
 *   /readyz   200 {"status":"ready"} when the database answers `select 1` and the file store's check() resolves, each
 *             within `timeoutMs`; 503 {"status":"not ready","checks":{...}} naming what failed; 503 as soon as a
 *             shutdown began, so the proxy stops sending before the listener closes.
 *
 * A flood of /readyz costs no more than one round of checks at a time: callers arriving while a round runs share it,
 * and a finished round answers for `cacheMs` more. The reasons a check failed go to the log (once per change), not
 * to the caller: the endpoint is unauthenticated and a reason may name a path or a host.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-context.ts';
import type { Log } from '../log.ts';

/** Whether this instance is shutting down (start-server.ts sets it first thing on SIGTERM). */
export type Lifecycle = { draining: boolean };
export const createLifecycle = (): Lifecycle => ({ draining: false });

/** Named readiness checks: each resolves when its dependency can serve now, rejects (with why) when not. */
export type ReadinessChecks = Record<string, () => Promise<void>>;

export type HealthOptions = {
  checks: ReadinessChecks;
  lifecycle: Lifecycle;
  log: Log;
  /** Per check; default 2 s (a proxy's health probe usually waits 5). */
  timeoutMs?: number;
  /** How long a finished round of checks still answers; default 1 s. */
  cacheMs?: number;
};

type CheckOutcome = 'ok' | 'failed' | 'timeout';
type Round = { ready: boolean; checks: Record<string, CheckOutcome>; finishedAt: number };

export const READINESS_TIMEOUT_MS = 2_000;
export const READINESS_CACHE_MS = 1_000;
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

class CheckTimeout extends Error {
  override readonly name = 'CheckTimeout';
}

function withTimeout(run: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  // A check that throws synchronously is a failed check, not a crashed request.
  const attempt = Promise.resolve().then(run);
  return Promise.race([attempt, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes({ checks, lifecycle, log, timeoutMs = READINESS_TIMEOUT_MS, cacheMs = READINESS_CACHE_MS }: HealthOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  let running: Promise<Round> | null = null;
  let last: Round | null = null;
  const previous = new Map<string, CheckOutcome>();

  const runRound = async (): Promise<Round> => {
    const names = Object.keys(checks);
    const outcomes = await Promise.all(
      names.map(async (name): Promise<[string, CheckOutcome]> => {
        try {
          await withTimeout(checks[name]!, timeoutMs);
          if (previous.get(name) && previous.get(name) !== 'ok') log.info('Readiness check passes again', { check: name });
          previous.set(name, 'ok');
          return [name, 'ok'];
        } catch (error) {
          const outcome: CheckOutcome = error instanceof CheckTimeout ? 'timeout' : 'failed';
          if (previous.get(name) !== outcome) log.warn('Readiness check failed', { check: name, outcome, error });
          previous.set(name, outcome);
          return [name, outcome];
        }
      }),
    );
    return { ready: outcomes.every(([, outcome]) => outcome === 'ok'), checks: Object.fromEntries(outcomes), finishedAt: performance.now() };
  };

  const readiness = (): Promise<Round> => {
    if (last && performance.now() - last.finishedAt < cacheMs) return Promise.resolve(last);
    running ??= runRound().then(
      (round) => ((last = round), (running = null), round),
      (error: unknown) => ((running = null), Promise.reject(error)),
    );
    return running;
  };

  routes.get('/healthz', (c) => c.json({ status: 'ok' }, 200, NO_STORE));
  routes.get('/readyz', async (c) => {
    if (lifecycle.draining) return c.json({ status: 'not ready', checks: { shutdown: 'draining' } }, 503, NO_STORE);
    const round = await readiness();
    // The shutdown may have begun while the checks ran.
    if (lifecycle.draining) return c.json({ status: 'not ready', checks: { shutdown: 'draining' } }, 503, NO_STORE);
    return round.ready ? c.json({ status: 'ready' }, 200, NO_STORE) : c.json({ status: 'not ready', checks: round.checks }, 503, NO_STORE);
  });
  return routes;
}

/**
 * While draining, every answer says `Connection: close`: a keep-alive client (the proxy's upstream pool) then opens
 * its next request elsewhere instead of holding this instance's socket open until it is cut.
 */
export const closeConnectionsWhileDraining = (lifecycle: Lifecycle): MiddlewareHandler<AppEnv> =>
  async function closeWhileDraining(c, next) {
    await next();
    if (lifecycle.draining) c.res.headers.set('Connection', 'close');
  };
