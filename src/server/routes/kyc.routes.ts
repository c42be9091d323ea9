import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { getKycStatus } from '../domain/get-kyc-status.ts';
import { bearerAuth } from '../http/bearer-auth.ts';

export function kycRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(bearerAuth(deps)).get('/status', async (c) => c.json(await getKycStatus(deps.run, c.get('auth').userId)));
}
