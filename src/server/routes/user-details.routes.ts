import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { getUserDetailsInSession } from '../domain/get-user-details.ts';
import { bearerRead } from '../http/bearer-auth.ts';

/** GET /status: every page's first call, so its session check and its read are one statement (bearerRead). */
export function userDetailsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/status', bearerRead(deps, (claims, now) => getUserDetailsInSession(deps.run, claims, now)));
}
