/**
 * The investment's lifecycle for the back-office (issue 27), under /api/admin/lifecycle, for every staff role (the
 * statechart explorer's readers):
 *   GET /                               LifecyclePopulation: investors per state of the chart, now
 *   GET /investors?state=&cursor=       LifecycleInvestorsPage: who is in one state, a page at a time
 */
import { Hono } from 'hono';
import { LifecycleInvestorsQuerySchema } from '../../../shared/admin/lifecycle.ts';
import { ROLES } from '../../../shared/admin/staff-roles.ts';
import type { AppDeps, AppEnv } from '../../app-context.ts';
import { investorsInState, lifecyclePopulation } from '../../domain/admin/lifecycle-population.ts';
import { parseInput } from '../../http/read-json.ts';
import { staffAuth } from '../../http/staff-auth.ts';

export function lifecycleRoutes(deps: AppDeps) {
  const { db } = deps;
  const readers = staffAuth(deps, ROLES.anyStaff);
  return new Hono<AppEnv>()
    .get('/', readers, async (c) => c.json(await lifecyclePopulation(db, deps.clock.now())))
    .get('/investors', readers, async (c) => {
      const { state, cursor } = parseInput(LifecycleInvestorsQuerySchema, { state: c.req.query('state'), cursor: c.req.query('cursor') }, { messages: 'schema' });
      return c.json(await investorsInState(db, state, cursor ?? null));
    });
}
