import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { getLegalProgress } from '../domain/get-legal-progress.ts';
import { bearerAuth } from '../http/bearer-auth.ts';

export function legalRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(bearerAuth(deps)).get('/progress', async (c) => c.json(await getLegalProgress(deps.run, c.get('auth').userId)));
}
