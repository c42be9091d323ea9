import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { getPaymentStatus } from '../domain/get-payment-status.ts';
import { bearerAuth } from '../http/bearer-auth.ts';

export function paymentRoutes(deps: AppDeps) {
  // The card provider's public configuration (no auth) will be mounted before this guard by the payment issue.
  return new Hono<AppEnv>().use(bearerAuth(deps)).get('/status', async (c) => c.json(await getPaymentStatus(deps.run, c.get('auth').userId)));
}
