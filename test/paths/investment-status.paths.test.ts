/**
 * Paths of the investment's status page (the complete page, issue 28): answers while the investor waits on someone
 * else (a wire awaiting funds, part received) and once nothing moves without them (tokens issued, a rejection paid
 * back), a failed load, Check for updates / Try again, the page's own asking again while the investor waits, and
 * the links to other pages. Every path is replayed on a real actor with a fake status call under a parent that
 * records what the page asks of the process; after each step the invariants: one status call exactly while loading
 * or refreshing; the page asks again by itself exactly while the last answer says the investor waits on someone
 * else; a failure before any answer is the failed page, one after it is shown beside the last answer; each link asks
 * the process for its page and nothing else.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { STATUS_POLL_MS, investmentStatusMachine } from '../../machines/investment-status/investment-status.machine.ts';
import { isWaitingOnOthers } from '../../machines/investment-status/investment-status.rules.ts';
import { selectIsWatching, selectPhase } from '../../machines/investment-status/investment-status.selectors.ts';
import type { LoadStatusOutput } from '../../machines/investment-status/investment-status.types.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import type { InvestmentStatusResponse } from '../../src/shared/investment-status.ts';
import { investmentStatusWords } from '../../src/shared/messages/investment-status-page.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof investmentStatusMachine>;

const payment = (stage: 'awaitingFunds' | 'onHold' | 'paid' | 'refunded', receivedCents: number): InvestmentStatusResponse['payment'] => ({
  paymentId: 'p1',
  method: 'WIRE',
  stage,
  totalCents: 2_000_000,
  receivedCents,
  stillDueCents: stage === 'paid' || stage === 'refunded' ? 0 : 2_000_000 - receivedCents,
  reference: 'G2G-INV-ABC123',
  hold: stage === 'onHold' ? 'underpaid' : null,
  paidAt: stage === 'paid' ? '2026-11-21T10:00:00.000Z' : null,
  transfer: null,
});
const status = (over: Partial<InvestmentStatusResponse>): InvestmentStatusResponse => ({
  version: 1,
  headline: 'x',
  review: { standing: 'approved', resubmission: null },
  payment: null,
  refunds: [],
  tokens: null,
  next: { redoSteps: false, payAgain: false },
  timeline: [],
  ...over,
});
const AWAITING = status({ version: 5, payment: payment('awaitingFunds', 0) });
const PART_RECEIVED = status({ version: 6, payment: payment('onHold', 1_500_000) });
const ISSUED = status({
  version: 9,
  payment: payment('paid', 2_000_000),
  tokens: { quantity: 2000, wallet: '0xabc', transactionHash: '0xdef', explorerUrl: null, issuedAt: '2026-11-22T10:00:00.000Z' },
});
const PAID_BACK = status({ version: 8, review: { standing: 'rejected', resubmission: null }, payment: payment('refunded', 2_000_000) });
const CHECKED_AT = '2026-11-28T12:00:00.000Z';
const SERVER_WORDS = 'The portal is being updated. Please try again in a minute.';

const events: AnyEventObject[] = [
  { type: 'status.refresh' },
  { type: 'status.signedDocuments' },
  { type: 'status.redoSteps' },
  { type: 'status.payAgain' },
  ...[AWAITING, PART_RECEIVED, ISSUED, PAID_BACK].map((answer) => ({ type: 'xstate.done.actor.loadStatus', output: { status: answer, checkedAt: CHECKED_AT } })),
  { type: 'xstate.error.actor.loadStatus', error: new ApiError(SERVER_WORDS, 503, { error: SERVER_WORDS }) },
  { type: 'xstate.error.actor.loadStatus', error: new ApiError('network', 0, null) },
  { type: 'xstate.after.STATUS_POLL.investmentStatus.shown.waiting' },
];

const LINKS: Record<string, string> = { 'status.signedDocuments': '/process/downloads', 'status.redoSteps': '/process/kyc', 'status.payAgain': '/process/payment' };

type Fakes = { loads: { running: boolean }[]; askedBefore: number };

function invariants(s: Snapshot, event: AnyEventObject, fakes: Fakes, sentToParent: AnyEventObject[]) {
  const last = s.context.status;
  expect(fakes.loads.filter((l) => l.running).length, 'one status call while loading or refreshing').toBe(s.hasTag('loading') || s.hasTag('refreshing') ? 1 : 0);
  if (s.matches({ shown: 'waiting' })) expect(isWaitingOnOthers(last)).toBe(true);
  if (s.matches({ shown: 'settled' })) expect(isWaitingOnOthers(last)).toBe(false);
  if (selectPhase(s) === 'shown') expect(last).not.toBeNull();
  if (event.type === 'xstate.error.actor.loadStatus') {
    expect(s.context.error).toBe((event.error as ApiError).status === 503 ? SERVER_WORDS : investmentStatusWords.loadFailed);
    expect(s.matches('failed')).toBe(last === null);
  }
  if (event.type === 'xstate.done.actor.loadStatus') expect([s.context.status, s.context.error, s.context.checkedAt]).toEqual([event.output.status, null, CHECKED_AT]);
  // The page asks again by itself while the investor waits on someone else.
  if (event.type === 'xstate.after.STATUS_POLL.investmentStatus.shown.waiting') expect(s.hasTag('refreshing')).toBe(true);
  expect(selectIsWatching(s)).toBe(s.matches({ shown: 'waiting' }) || s.matches({ shown: 'refreshing' }));
  // Each link asks the process for its page, once; nothing else is ever asked.
  const asked = sentToParent.slice(fakes.askedBefore);
  expect(asked).toEqual(LINKS[event.type] ? [{ type: 'process.route.request', path: LINKS[event.type] }] : []);
  fakes.askedBefore = sentToParent.length;
}

describe('investment status statechart paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  // The model walks the chart without a parent: its links are checked on the replay, under one.
  const model = investmentStatusMachine.provide({ actions: { showSignedDocuments: () => undefined, showKyc: () => undefined, showPayment: () => undefined } });
  const result = coverMachine(model, { name: 'investmentStatus', events });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the page invariants on every path, replayed on a real actor', async () => {
    const ended = await replayPaths<typeof investmentStatusMachine, Fakes>(result.paths, {
      parent: true,
      setup: () => {
        const fakes: Fakes = { loads: [], askedBefore: 0 };
        const machine = investmentStatusMachine.provide({
          actors: {
            loadStatus: fromPromise<LoadStatusOutput, void>(({ signal }) => {
              const call = { running: true };
              fakes.loads.push(call);
              signal.addEventListener('abort', () => void (call.running = false));
              return new Promise(() => {});
            }),
          },
        });
        return { machine, fakes };
      },
      deliver: (event) => {
        if (event.type !== 'xstate.after.STATUS_POLL.investmentStatus.shown.waiting') return false;
        vi.advanceTimersByTime(STATUS_POLL_MS);
        return true;
      },
      checkStep: ({ snapshot, event, fakes, sentToParent }) => {
        if (/^xstate\.(done|error)\.actor\.loadStatus$/.test(event.type)) fakes.loads.forEach((l) => void (l.running = false));
        invariants(snapshot, event, fakes, sentToParent);
      },
    });
    console.log(`[paths] investmentStatus: ${ended.length} paths replayed`);
  });
});
