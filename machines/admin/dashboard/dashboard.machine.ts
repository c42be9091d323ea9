/**
 * The back-office dashboard (issue 15): loads the figures; a failure before any figures is the failed page (Try
 * again); Refresh asks again and keeps the figures on screen meanwhile, a failed refresh shows its words beside them.
 * Effect (`loadFigures`) provided by the page (src/client/admin/dashboard/dashboard-effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureText } from '../admin-failure.ts';
import type { DashboardContext, DashboardEvent, LoadFiguresOutput } from './dashboard.types.ts';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';

const load = (doneTarget: string, errorTarget: string) => ({
  id: 'loadFigures',
  src: 'loadFigures' as const,
  onDone: { target: doneTarget, actions: { type: 'keepFigures' as const, params: ({ event }: { event: { output: LoadFiguresOutput } }) => ({ figures: event.output }) } },
  onError: { target: errorTarget, actions: { type: 'noteFailed' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
});

export const dashboardMachine = setup({
  types: {} as { context: DashboardContext; events: DashboardEvent; tags: 'loading' },
  actors: {
    loadFigures: fromPromise<LoadFiguresOutput, void>(async () => {
      throw new Error('loadFigures is provided by the page');
    }),
  },
  actions: {
    keepFigures: assign((_, params: { figures: LoadFiguresOutput }) => ({ figures: params.figures, error: null })),
    noteFailed: assign((_, params: { error: unknown }) => ({ error: failureText(params.error) })),
  },
}).createMachine({
  id: 'dashboard',
  description: "The back-office dashboard's figures: loaded, refreshed on request, with a failure shown in words.",
  meta: {
    descriptions: {
      actions: {
        keepFigures: 'Shows the figures the server answered and clears any failure.',
        noteFailed: 'Keeps the failure, in words, to show.',
      },
      actors: {
        loadFigures: "Fetches the dashboard's figures from the server.",
      },
    },
  } satisfies MachineMeta,
  context: { figures: null, error: null },
  initial: 'loading',
  states: {
    loading: { description: 'Fetching the figures for the first time.', tags: ['loading'], invoke: load('shown', 'failed') },
    failed: { description: 'No figures could be loaded: the failure is shown with Try again.', on: { 'dashboard.refresh': 'loading' } },
    shown: { description: 'The figures are on screen.', on: { 'dashboard.refresh': 'refreshing' } },
    /** Asking again: the figures stay on screen; a failure is shown beside them. */
    refreshing: { description: 'Asking again: the figures stay on screen; a failure is shown beside them.', tags: ['loading'], invoke: load('shown', 'shown') },
  },
});
