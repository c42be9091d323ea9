/**
 * The HTTP application: security headers everywhere, the JSON API under /api (one route module per area), and
 * the built client for everything else. Every error becomes `{ error }` in one place; nothing internal leaks.
 * Tests call `createApp(...).request(...)` without a port; start-server.ts serves the same app.
 */
import { Hono } from 'hono';
import { messages } from '../shared/messages.ts';
import type { AppConfig, AppDeps, AppEnv } from './app-context.ts';
import { STAFF_AUDIENCE, createTokenService } from './auth/token-service.ts';
import type { Clock } from './clock.ts';
import type { StatementRunner } from './db/prepared-statement.ts';
import type { Db } from './db/types.ts';
import { answerError } from './http/answer-error.ts';
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

export type CreateAppOptions = { db: Db; run: StatementRunner; storage: FileStore; providers: Providers; jobs: JobSignal; clock: Clock; config: AppConfig; log: Log };

export function createApp({ db, run, storage, providers, jobs, clock, config, log }: CreateAppOptions): Hono<AppEnv> {
  const deps: AppDeps = { db, run, storage, providers, jobs, clock, config, log, tokens: createTokenService(config.jwtSecret, config.tokenTtlSeconds),
    staffTokens: createTokenService(config.jwtSecret, config.staffTokenTtlSeconds ?? DEFAULT_STAFF_TOKEN_TTL_SECONDS, STAFF_AUDIENCE),
  };
  const app = new Hono<AppEnv>();

  app.use('*', securityHeaders());
  app.use('*', strictTransportSecurity(config));
  // JSON bodies are small; routes that read their own body (uploads, raw bytes) declare it (own-body-routes.ts).
  app.use('/api/*', jsonBodyLimit());

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
  app.route('/api/admin', adminRoutes(deps));
  app.route('/api/verify', verifyDocumentRoutes(deps));
  app.all('/api', (c) => c.json({ error: messages.server.notFound }, 404));
  app.all('/api/*', (c) => c.json({ error: messages.server.notFound }, 404));

  if (config.staticDir) mountStaticSite(app, config.staticDir);

  app.notFound((c) => c.json({ error: messages.server.notFound }, 404));
  app.onError(answerError(log));
  return app;
}
