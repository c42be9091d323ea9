/**
 * The HTTP application: security headers everywhere, the JSON API under /api (one route module per area), and
 * the built client for everything else. Every error becomes `{ error }` in one place; nothing internal leaks.
 * Tests call `createApp(...).request(...)` without a port; start-server.ts serves the same app.
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { bodyLimit } from 'hono/body-limit';
import { messages } from '../shared/messages.ts';
import type { AppConfig, AppDeps, AppEnv } from './app-context.ts';
import { createTokenService } from './auth/token-service.ts';
import type { Clock } from './clock.ts';
import type { StatementRunner } from './db/prepared-statement.ts';
import type { Db } from './db/types.ts';
import { AppError, isAppError } from './errors/app-error.ts';
import { securityHeaders } from './http/security-headers.ts';
import { strictTransportSecurity } from './http/strict-transport.ts';
import { mountStaticSite } from './http/static-site.ts';
import type { Log } from './log.ts';
import { assetsRoutes } from './routes/assets.routes.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { disclosureRoutes } from './routes/disclosure.routes.ts';
import { KYC_UPLOAD_PATH, kycRoutes } from './routes/kyc.routes.ts';
import { legalRoutes } from './routes/legal.routes.ts';
import type { Providers } from './providers/providers.ts';
import { paymentRoutes } from './routes/payment.routes.ts';
import { settingsRoutes } from './routes/settings.routes.ts';
import { userDetailsRoutes } from './routes/user-details.routes.ts';
import type { FileStore } from './storage/file-store.ts';

/** JSON bodies are small; uploads stream with their own limit (enforced while streaming) and are listed here. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;
const STREAMING_UPLOAD_PATHS = new Set<string>([KYC_UPLOAD_PATH]);

/** `storage` keeps uploaded files; `providers` are the external services (mail, ...), a test's own or the real ones. */
export type CreateAppOptions = { db: Db; run: StatementRunner; storage: FileStore; providers: Providers; clock: Clock; config: AppConfig; log: Log };

export function createApp({ db, run, storage, providers, clock, config, log }: CreateAppOptions): Hono<AppEnv> {
  const deps: AppDeps = { db, run, storage, providers, clock, config, log, tokens: createTokenService(config.jwtSecret, config.tokenTtlSeconds) };
  const app = new Hono<AppEnv>();

  app.use('*', securityHeaders());
  app.use('*', strictTransportSecurity(config));
  const limitJson = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', messages.server.tooLarge);
    },
  });
  // GET and HEAD never have a body (Fetch forbids one); asking for it would build a full Request on every read.
  const hasNoBody = (method: string) => method === 'GET' || method === 'HEAD';
  app.use('/api/*', (c, next) => (hasNoBody(c.req.method) || STREAMING_UPLOAD_PATHS.has(c.req.path) ? next() : limitJson(c, next)));

  app.route('/api/settings', settingsRoutes(deps));
  app.route('/api/auth', authRoutes(deps));
  app.route('/api/user-details', userDetailsRoutes(deps));
  app.route('/api/disclosure', disclosureRoutes(deps));
  app.route('/api/kyc', kycRoutes(deps));
  app.route('/api/legal', legalRoutes(deps));
  app.route('/api/payment', paymentRoutes(deps));
  app.route('/api/assets', assetsRoutes(deps));
  app.all('/api', (c) => c.json({ error: messages.server.notFound }, 404));
  app.all('/api/*', (c) => c.json({ error: messages.server.notFound }, 404));

  if (config.staticDir) mountStaticSite(app, config.staticDir);

  app.notFound((c) => c.json({ error: messages.server.notFound }, 404));
  app.onError((error, c) => {
    if (isAppError(error)) {
      if (error.status >= 500) log.error('Request failed', { method: c.req.method, path: c.req.path, error });
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.status === 413 ? messages.server.tooLarge : messages.server.invalidRequest }, error.status);
    }
    log.error('Unhandled error', { method: c.req.method, path: c.req.path, error });
    return c.json({ error: messages.server.internal }, 500);
  });
  return app;
}
