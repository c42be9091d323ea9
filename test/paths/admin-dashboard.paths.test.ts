/**
 * Paths of the back-office dashboard: the figures' answers, a failed first load (the failed page, Try again), Refresh
 * (the figures stay on screen; a failed refresh shows its words beside them). Every path is replayed on a real actor
 * with a fake figures call; after each step: one call exactly while loading or refreshing, the failed page only
 * without figures, the server's words for its refusals and a general line otherwise.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { GENERAL_FAILURE } from '../../machines/admin/admin-failure.ts';
import { dashboardMachine } from '../../machines/admin/dashboard/dashboard.machine.ts';
import { selectFigures, selectPhase } from '../../machines/admin/dashboard/dashboard.selectors.ts';
import type { LoadFiguresOutput } from '../../machines/admin/dashboard/dashboard.types.ts';
import { AdminApiError } from '../../src/client/admin/admin-api.ts';
import type { DashboardResponse } from '../../src/shared/admin/dashboard.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof dashboardMachine>;

const figures = (investors: number): DashboardResponse => ({
  funnel: [
    { step: 'disclosure', investors },
    { step: 'kyc', investors: 1 },
    { step: 'agreements', investors: 0 },
    { step: 'payment', investors: 0 },
    { step: 'complete', investors: 0 },
  ],
  outcomes: [
    { outcome: 'rejected', investors: 0 },
    { outcome: 'refunded', investors: 0 },
    { outcome: 'withdrawn', investors: 0 },
  ],
  withdrawalsRecorded: false,
  investors: investors + 1,
  money: { committedEur: 1000, paidEur: 0, refundedEur: 0 },
  kycNow: { PENDING: investors },
  kycDecisions: [],
  days: 30,
  asOf: '2026-11-25T00:00:00.000Z',
});
const SERVER_WORDS = 'The dashboard is unavailable during maintenance.';

const events: AnyEventObject[] = [
  { type: 'dashboard.refresh' },
  { type: 'xstate.done.actor.loadFigures', output: figures(3) },
  { type: 'xstate.done.actor.loadFigures', output: figures(4) },
  { type: 'xstate.error.actor.loadFigures', error: new AdminApiError(503, SERVER_WORDS) },
  { type: 'xstate.error.actor.loadFigures', error: new TypeError('network') },
];

type Fakes = { loads: { running: boolean }[] };

function invariants(s: Snapshot, event: AnyEventObject, fakes: Fakes) {
  expect(fakes.loads.filter((l) => l.running).length, 'one call while loading').toBe(s.hasTag('loading') ? 1 : 0);
  if (s.matches('failed')) expect(s.context.figures).toBeNull();
  if (event.type === 'xstate.error.actor.loadFigures') {
    expect(s.context.error).toBe(event.error instanceof AdminApiError ? SERVER_WORDS : GENERAL_FAILURE);
    expect(selectPhase(s)).toBe(s.context.figures ? 'shown' : 'failed');
  }
  if (event.type === 'xstate.done.actor.loadFigures') {
    expect(s.context.error).toBeNull();
    expect(selectFigures(s)).toBe(event.output);
  }
}

describe('admin dashboard statechart paths', () => {
  const result = coverMachine(dashboardMachine, { name: 'admin-dashboard', events });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the page invariants on every path, replayed on a real actor', async () => {
    const ended = await replayPaths<typeof dashboardMachine, Fakes>(result.paths, {
      setup: () => {
        const fakes: Fakes = { loads: [] };
        const machine = dashboardMachine.provide({
          actors: {
            loadFigures: fromPromise<LoadFiguresOutput, void>(({ signal }) => {
              const call = { running: true };
              fakes.loads.push(call);
              signal.addEventListener('abort', () => void (call.running = false));
              return new Promise(() => {});
            }),
          },
        });
        return { machine, fakes };
      },
      checkStep: ({ snapshot, event, fakes }) => {
        if (/^xstate\.(done|error)\.actor\.loadFigures$/.test(event.type)) fakes.loads.forEach((l) => void (l.running = false));
        invariants(snapshot, event, fakes);
      },
    });
    expect(ended.length).toBeGreaterThan(0);
  });
});
