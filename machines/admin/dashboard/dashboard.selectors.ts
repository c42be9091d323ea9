/** Named reads of the dashboard for its view. */
import type { SnapshotFrom } from 'xstate';
import type { dashboardMachine } from './dashboard.machine.ts';

type S = SnapshotFrom<typeof dashboardMachine>;

export type DashboardPhase = 'loading' | 'failed' | 'shown';

export const selectPhase = (s: S): DashboardPhase => (s.matches('failed') ? 'failed' : s.context.figures ? 'shown' : 'loading');
export const selectFigures = (s: S) => s.context.figures;
export const selectError = (s: S) => s.context.error;
export const selectIsRefreshing = (s: S) => s.matches('refreshing');
/** The funnel's widest bar: every bar is drawn against it. */
export const selectFunnelMax = (s: S) => Math.max(1, ...(s.context.figures?.funnel.map((f) => f.investors) ?? []));
