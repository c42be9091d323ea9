import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { getDisclosureProgress } from '../domain/get-disclosure-progress.ts';
import { bearerAuth } from '../http/bearer-auth.ts';

export function disclosureRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(bearerAuth(deps)).get('/progress', async (c) => c.json(await getDisclosureProgress(deps.run, c.get('auth').userId)));
}
