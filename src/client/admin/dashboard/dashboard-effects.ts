/** The dashboard's effect: its chart's one call, built on the back-office API client. */
import { fromPromise } from 'xstate';
import type { LoadFiguresOutput } from '../../../../machines/admin/dashboard/dashboard.types.ts';
import { DashboardResponseSchema } from '../../../shared/admin/dashboard.ts';
import type { AdminApi } from '../admin-api.ts';

export const DASHBOARD_PATH = '/api/admin/dashboard';

export function dashboardEffects(api: AdminApi) {
  return { loadFigures: fromPromise<LoadFiguresOutput, void>(({ signal }) => api.get(DASHBOARD_PATH, { schema: DashboardResponseSchema, signal })) };
}
