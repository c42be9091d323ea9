/** The back-office dashboard (issue 15): GET /api/admin/dashboard, for every staff role. */
import { Hono } from 'hono';
import { ROLES } from '../../../shared/admin/staff-roles.ts';
import type { AppDeps, AppEnv } from '../../app-context.ts';
import { getDashboardFigures } from '../../domain/admin/dashboard-figures.ts';
import { staffAuth } from '../../http/staff-auth.ts';

export function dashboardRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', staffAuth(deps, ROLES.anyStaff), async (c) => c.json(await getDashboardFigures(deps.db, deps.clock.now())));
}
