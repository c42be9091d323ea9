/**
 * The HTTP application: security headers everywhere, the JSON API under /api (one route module per area), and
 * the built client for everything else. Every error becomes `{ error }` in one place; nothing internal leaks.
 * Tests call `createApp(...).request(...)` without a port; start-server.ts serves the same app.
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { messages } from '../shared/messages.ts';
import type { AppConfig, AppDeps, AppEnv } from './app-context.ts';
import { STAFF_AUDIENCE, createTokenService } from './auth/token-service.ts';
import type { Clock } from './clock.ts';
import type { StatementRunner } from './db/prepared-statement.ts';
import type { Db } from './db/types.ts';
import { createChainWatch, type ChainWatch } from './domain/audit/chain-watch.ts';
import { answerError } from './http/answer-error.ts';
import { closeConnectionsWhileDraining, createLifecycle, healthRoutes, type Lifecycle, type ReadinessChecks } from './http/health.routes.ts';
import { requestId, type CompletedRequest } from './http/request-id.ts';
import { jsonBodyLimit } from './http/json-body-limit.ts';
import { securityHeaders } from './http/security-headers.ts';
import { strictTransportSecurity } from './http/strict-transport.ts';
import { mountStaticSite } from './http/static-site.ts';
import type { JobSignal } from './jobs/enqueue-job.ts';
import type { Log } from './log.ts';
import type { Providers } from './providers/providers.ts';
import { adminRoutes } from './routes/admin/admin.routes.ts';
import { assetsRoutes } from './routes/assets.routes.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { disclosureRoutes } from './routes/disclosure.routes.ts';
import { downloadsRoutes } from './routes/downloads.routes.ts';
import { investmentRoutes } from './routes/investment.routes.ts';
import { kycRoutes } from './routes/kyc.routes.ts';
import { legalRoutes } from './routes/legal.routes.ts';
import { paymentFundsRoutes } from './routes/payment-funds.routes.ts';
import { paymentRoutes } from './routes/payment.routes.ts';
import { settingsRoutes } from './routes/settings.routes.ts';
import { userDetailsRoutes } from './routes/user-details.routes.ts';
import { verifyDocumentRoutes } from './routes/verify-document.routes.ts';
import type { FileStore } from './storage/file-store.ts';

/**
 * `storage` keeps uploaded files; `providers` are the external services (mail, ...), a test's own or the real ones;
 * `jobs` is woken after a change wrote a durable job (the server's runner; tests run due jobs themselves).
 */
/** The back-office's token lifetime when the configuration names none. */
export const DEFAULT_STAFF_TOKEN_TTL_SECONDS = 1800;

/**
 * What a real server adds around the routes (start-server.ts); tests leave out what they do not look at.
 * `lifecycle`: readyz answers 503 and answers close their connection once it drains; `readinessChecks` replace the
 * default ones (database `select 1`, storage.check()); `accessLog` gets one line per request; `onRequestComplete`
 * hears of every finished request (the metrics); `metricsRoute` answers GET /metrics on this port (behind its token).
 */
export type OpsOptions = {
  lifecycle?: Lifecycle;
  readinessChecks?: ReadinessChecks;
  /** Per-check bound and how long a round answers (health.routes.ts defaults: 2 s, 1 s). */
  readinessTimeoutMs?: number;
  readinessCacheMs?: number;
  accessLog?: Log | null;
  onRequestComplete?: ((request: CompletedRequest) => void) | null;
  metricsRoute?: Hono<AppEnv> | null;
};

/**
 * `chainWatch`: the server's kept audit chain check (start-server.ts runs one at start); a new, empty one when absent.
 * `sealer`: the sealing pool (pdf/agreement-sealer.ts), for the documents routes make (the investor's statement).
 */
export type CreateAppOptions = {
  db: Db;
  run: StatementRunner;
  storage: FileStore;
  providers: Providers;
  jobs: JobSignal;
  clock: Clock;
  config: AppConfig;
  log: Log;
  sealer: AppDeps['sealer'];
  ops?: OpsOptions;
  chainWatch?: ChainWatch;
};

/** Readiness by default: the database answers a trivial query, the file store can be written. */
export const defaultReadinessChecks = (db: Db, storage: FileStore): ReadinessChecks => ({
  database: async () => void (await db.execute(sql`select 1`)),
  storage: () => storage.check(),
});

export function createApp({ db, run, storage, providers, jobs, clock, config, log, sealer, ops = {}, chainWatch = createChainWatch() }: CreateAppOptions): Hono<AppEnv> {
  const deps: AppDeps = { db, run, storage, providers, jobs, clock, config, log, chainWatch, sealer, tokens: createTokenService(config.jwtSecret, config.tokenTtlSeconds),
    staffTokens: createTokenService(config.jwtSecret, config.staffTokenTtlSeconds ?? DEFAULT_STAFF_TOKEN_TTL_SECONDS, STAFF_AUDIENCE),
  };
  const app = new Hono<AppEnv>();
  const lifecycle = ops.lifecycle ?? createLifecycle();

  // First: everything after it, errors included, is logged with the request's id and timed.
  app.use('*', requestId({ trustedProxies: config.trustedProxies, accessLog: ops.accessLog, onComplete: ops.onRequestComplete }));
  app.use('*', closeConnectionsWhileDraining(lifecycle));
  app.use('*', securityHeaders());
  app.use('*', strictTransportSecurity(config));
  // JSON bodies are small; routes that read their own body (uploads, raw bytes) declare it (own-body-routes.ts).
  app.use('/api/*', jsonBodyLimit());

  // Probes and metrics: outside /api (no JSON body limit, no auth, no rate limit), before the static site's catch-all.
  app.route(
    '/',
    healthRoutes({
      checks: ops.readinessChecks ?? defaultReadinessChecks(db, storage),
      lifecycle,
      log,
      timeoutMs: ops.readinessTimeoutMs,
      cacheMs: ops.readinessCacheMs,
    }),
  );
  if (ops.metricsRoute) app.route('/', ops.metricsRoute);
  // Not configured here: a scraper pointed at it gets a plain 404, not the client's page from the catch-all below.
  else app.all('/metrics', (c) => c.json({ error: messages.server.notFound }, 404));

  app.route('/api/settings', settingsRoutes(deps));
  app.route('/api/auth', authRoutes(deps));
  app.route('/api/user-details', userDetailsRoutes(deps));
  app.route('/api/disclosure', disclosureRoutes(deps));
  app.route('/api/kyc', kycRoutes(deps));
  app.route('/api/legal', legalRoutes(deps));
  app.route('/api/payment', paymentFundsRoutes(deps));
  app.route('/api/payment', paymentRoutes(deps));
  app.route('/api/assets', assetsRoutes(deps));
  app.route('/api/downloads', downloadsRoutes(deps));
  app.route('/api/investment', investmentRoutes(deps));
  app.route('/api/admin', adminRoutes(deps));
  app.route('/api/verify', verifyDocumentRoutes(deps));
  app.all('/api', (c) => c.json({ error: messages.server.notFound }, 404));
  app.all('/api/*', (c) => c.json({ error: messages.server.notFound }, 404));

  if (config.staticDir) mountStaticSite(app, config.staticDir);

  app.notFound((c) => c.json({ error: messages.server.notFound }, 404));
  app.onError(answerError(log));
  return app;
}
