import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { getUserDetails } from '../domain/get-user-details.ts';
import { bearerAuth } from '../http/bearer-auth.ts';

export function userDetailsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(bearerAuth(deps)).get('/status', async (c) => c.json(await getUserDetails(deps.run, c.get('auth').userId)));
}
