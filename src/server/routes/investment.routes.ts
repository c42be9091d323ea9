/**
 * The investor's own investment (issue 28), bearer:
 *   GET /status   where it stands (src/shared/investment-status.ts), read from the case on the lifecycle chart
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { investorStatus } from '../domain/investment/investor-status.ts';
import { bearerAuth } from '../http/bearer-auth.ts';

export function investmentRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(bearerAuth(deps)).get('/status', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await investorStatus(deps.db, c.get('auth').userId, deps.config.explorerTxUrl ?? null));
  });
}
