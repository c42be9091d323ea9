/**
 * Paths of the back-office KYC queue: loads, failures, filters, "more" and refresh arrive as events; every path is
 * replayed on a real actor with a fake queue call. Invariants: one call exactly while loading; rows only from answers,
 * never repeated; "more" only with a cursor and with the filters the rows were loaded with; a failed first load is
 * the failed page, a failed "more" keeps the rows; the order and country are only ones the server knows.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { kycQueueMachine } from '../../machines/admin/kyc-queue/kyc-queue.machine.ts';
import { selectCanLoadMore, selectPhase } from '../../machines/admin/kyc-queue/kyc-queue.selectors.ts';
import type { KycQueueResponse, LoadQueueInput } from '../../machines/admin/kyc-queue/kyc-queue.types.ts';
import type { KycQueueRow } from '../../src/shared/admin/kyc-review.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof kycQueueMachine>;

const row = (i: number): KycQueueRow => ({
  userId: `00000000-0000-4000-8000-00000000000${i}`,
  name: `Investor ${i}`,
  email: `i${i}@example.com`,
  investorType: 'INDIVIDUAL',
  investmentAmount: 25_000 * i,
  submittedAt: '2026-11-21T10:00:00.000Z',
  reviewRound: 1,
  approvals: 0,
  fourEyes: i > 4,
  assignee: null,
  country: i % 2 ? 'uk' : 'eu',
  ageHours: 60 - i,
  overdue: 60 - i > 48,
});
const FIRST: KycQueueResponse = { rows: [row(1), row(2)], nextCursor: 'c1', fourEyesAboveEur: 100_000, reviewTargetHours: 48, asOf: '2026-11-23T22:00:00.000Z' };
const LAST: KycQueueResponse = { rows: [row(3)], nextCursor: null, fourEyesAboveEur: 100_000, reviewTargetHours: 48, asOf: '2026-11-23T22:00:00.000Z' };
const SERVER_WORDS = 'This page of the queue is no longer valid. Please reload the queue.';

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadQueue', output: FIRST },
  { type: 'xstate.done.actor.loadQueue', output: LAST },
  { type: 'xstate.error.actor.loadQueue', error: new Error(SERVER_WORDS) },
  { type: 'xstate.done.actor.loadMore', output: LAST },
  { type: 'xstate.error.actor.loadMore', error: new Error(SERVER_WORDS) },
  { type: 'queue.filter.change', field: 'q', value: 'ada' },
  { type: 'queue.filter.change', field: 'sort', value: 'amount' },
  { type: 'queue.filter.change', field: 'country', value: 'atlantis' },
  { type: 'queue.filter.apply' },
  { type: 'queue.more' },
  { type: 'queue.retry' },
  { type: 'queue.refresh' },
];

type Fakes = { calls: (LoadQueueInput & { running: boolean })[] };

describe('admin kyc-queue statechart paths', () => {
  const result = coverMachine(kycQueueMachine, { name: 'kyc-queue', events });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the queue invariants on every path, replayed on a real actor', async () => {
    await replayPaths<typeof kycQueueMachine, Fakes>(result.paths, {
      setup: () => {
        const fakes: Fakes = { calls: [] };
        const machine = kycQueueMachine.provide({
          actors: {
            loadQueue: fromPromise<KycQueueResponse, LoadQueueInput>(({ input, signal }) => {
              const call = { ...input, running: true };
              fakes.calls.push(call);
              signal.addEventListener('abort', () => void (call.running = false));
              return new Promise(() => {});
            }),
          },
        });
        return { machine, fakes };
      },
      checkStep: ({ snapshot: s, event, fakes }) => {
        if (/^xstate\.(done|error)\.actor\.load/.test(event.type)) fakes.calls.forEach((c) => void (c.running = false));
        const running = fakes.calls.filter((c) => c.running);
        expect(running.length).toBe(s.hasTag('loading') ? 1 : 0);
        // The first page asks without a cursor; "more" with the cursor and the filters the rows came with.
        if (s.matches('loading')) expect(running[0]).toMatchObject({ cursor: null, filters: s.context.applied });
        if (s.matches('loadingMore')) expect(running[0]).toMatchObject({ cursor: 'c1', filters: s.context.applied });
        const ids = s.context.rows.map((r) => r.userId);
        expect(new Set(ids).size).toBe(ids.length);
        if (selectPhase(s) === 'failed') expect(s.context.error).toBe(SERVER_WORDS);
        if (selectCanLoadMore(s)) expect(s.context.nextCursor).not.toBeNull();
        if (event.type === 'xstate.error.actor.loadMore') expect([s.matches('shown'), s.context.rows.length > 0, s.context.error]).toEqual([true, true, SERVER_WORDS]);
        if (event.type === 'queue.filter.change' && event.field === 'q') expect(s.context.filters.q).toBe('ada');
        if (event.type === 'queue.filter.change' && event.field === 'sort') expect(s.context.filters.sort).toBe('amount');
        // A value the server would refuse never reaches the filters.
        expect(['', 'uk', 'eu', 'us', 'other']).toContain(s.context.filters.country);
        if (s.matches('shown') && s.context.rows.length > 0) expect(s.context.reviewTargetHours).toBe(48);
      },
    });
  });
});
