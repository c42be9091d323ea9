import type { DashboardResponse } from '../../../src/shared/admin/dashboard.ts';

export type DashboardContext = {
  /** The last figures the server gave (kept on screen while they are asked again). */
  figures: DashboardResponse | null;
  /** Why the last load failed, in the server's words (or the connection's). */
  error: string | null;
};

export type DashboardEvent = { type: 'dashboard.refresh' };

export type LoadFiguresOutput = DashboardResponse;
