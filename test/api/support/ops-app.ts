/** The app of an API test with the operations options (readiness, draining, metrics) the ops tests set themselves. */
import type { AppConfig } from '../../../src/server/app-context.ts';
import { createApp, type OpsOptions } from '../../../src/server/app.ts';
import type { Log } from '../../../src/server/log.ts';
import type { ApiTest } from '../harness.ts';
import { testFundsProviders } from './funds-providers.ts';

export function opsApp(t: ApiTest, log: Log, ops: OpsOptions, config: Partial<AppConfig> = {}) {
  return createApp({
    db: t.database.db,
    run: t.database.run,
    storage: t.storage,
    providers: { mail: t.mailer, ...testFundsProviders(t.database.db, log), card: t.card },
    jobs: t.jobs,
    clock: t.clock,
    log,
    sealer: t.appSealer,
    config: { jwtSecret: new Uint8Array(32).fill(7), tokenTtlSeconds: 7200, staticDir: null, trustedProxies: 0, ...config },
    ops,
  });
}
