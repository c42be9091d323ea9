/**
 * Paths of the back office's payment list (issue 15): first page with and without more, a failed first load and Try
 * again, Load more (appended, or failed beside the list), the filter form's draft (issue 29) and Apply (start again
 * from the first page with the draft, also while a page loads), the CSV exports (done or failed beside the list). Replayed on a real actor with fake calls; after each
 * step: one list call exactly while loading a page, with the chart's filters and the right cursor; one export call
 * exactly while exporting; Load more offered only with a cursor; a failure is shown in the server's words.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { NO_FILTERS, paymentsMachine } from '../../machines/admin/payments/payments.machine.ts';
import { selectCanLoadMore, selectExporting, selectPhase } from '../../machines/admin/payments/payments.selectors.ts';
import type { ExportCsvInput, LoadPaymentsInput, LoadPaymentsOutput } from '../../machines/admin/payments/payments.types.ts';
import { ADMIN_CALL_FAILED } from '../../machines/admin/admin-failure.ts';
import { AdminApiError } from '../../src/client/admin/admin-api.ts';
import type { AdminPaymentSummary } from '../../src/shared/admin/money.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof paymentsMachine>;

const row = (i: number): AdminPaymentSummary => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  userId: `10000000-0000-4000-8000-00000000000${i}`,
  investorName: `Investor ${i}`,
  investorEmail: `i${i}@example.com`,
  paymentMethod: 'WIRE',
  paymentStatus: 'AWAITING_FUNDS',
  settled: false,
  amount: 1000,
  processingFee: 0,
  totalAmount: 1000,
  cryptoCurrency: null,
  cryptoAmount: null,
  paymentRef: `G2G-${i}`,
  transactionId: null,
  receivedTotal: 0,
  receiptCount: 0,
  refund: null,
  issued: false,
  kycStatus: 'APPROVED',
  holdReason: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  completedAt: null,
});
const PAGE_WITH_MORE: LoadPaymentsOutput = { payments: [row(1), row(2)], nextCursor: 'c1' };
const LAST_PAGE: LoadPaymentsOutput = { payments: [row(3)], nextCursor: null };
const SERVER_WORDS = 'The page cursor is not valid; start from the first page.';
const HELD = { status: 'ON_HOLD', method: '', q: 'ada' };

const events: AnyEventObject[] = [
  { type: 'payments.draft', field: 'status', value: 'ON_HOLD' },
  { type: 'payments.draft', field: 'q', value: ' ada ' },
  { type: 'payments.apply' },
  { type: 'payments.more' },
  { type: 'payments.retry' },
  { type: 'payments.export', kind: 'payments' },
  { type: 'payments.export', kind: 'issuances' },
  { type: 'xstate.done.actor.loadPayments', output: PAGE_WITH_MORE },
  { type: 'xstate.done.actor.loadPayments', output: LAST_PAGE },
  { type: 'xstate.error.actor.loadPayments', error: new AdminApiError(400, SERVER_WORDS) },
  { type: 'xstate.error.actor.loadPayments', error: new Error('boom') },
  { type: 'xstate.done.actor.exportCsv', output: undefined },
  { type: 'xstate.error.actor.exportCsv', error: new AdminApiError(403, 'You may not do this.') },
];

type Fakes = { loads: (LoadPaymentsInput & { running: boolean })[]; exports: (ExportCsvInput & { running: boolean })[] };

describe('admin payments statechart paths', () => {
  const result = coverMachine(paymentsMachine, { name: 'admin-payments', events, stopWhen: (s) => (s.context as { payments: unknown[] }).payments.length > 3 });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the list invariants on every path, replayed on a real actor', async () => {
    const ended = await replayPaths<typeof paymentsMachine, Fakes>(result.paths, {
      setup: () => {
        const fakes: Fakes = { loads: [], exports: [] };
        const machine = paymentsMachine.provide({
          actors: {
            loadPayments: fromPromise<LoadPaymentsOutput, LoadPaymentsInput>(({ input, signal }) => {
              const call = { ...input, running: true };
              fakes.loads.push(call);
              signal.addEventListener('abort', () => void (call.running = false));
              return new Promise(() => {});
            }),
            exportCsv: fromPromise<void, ExportCsvInput>(({ input, signal }) => {
              const call = { ...input, running: true };
              fakes.exports.push(call);
              signal.addEventListener('abort', () => void (call.running = false));
              return new Promise(() => {});
            }),
          },
        });
        return { machine, fakes };
      },
      checkStep: ({ snapshot: s, event, fakes }) => {
        if (/^xstate\.(done|error)\.actor\.loadPayments$/.test(event.type)) fakes.loads.forEach((l) => void (l.running = false));
        if (/^xstate\.(done|error)\.actor\.exportCsv$/.test(event.type)) fakes.exports.forEach((l) => void (l.running = false));
        const loading = s.hasTag('loading') || s.matches({ listed: 'loadingMore' });
        const running = fakes.loads.filter((l) => l.running);
        expect(running.length, 'one list call while a page loads').toBe(loading ? 1 : 0);
        if (loading) {
          expect(running[0]!.filters).toEqual(s.context.filters);
          expect(running[0]!.cursor).toBe(s.hasTag('loading') ? null : s.context.nextCursor);
        }
        expect(fakes.exports.filter((e) => e.running).length).toBe(selectExporting(s) ? 1 : 0);
        if (event.type === 'payments.export' && selectExporting(s)) expect(fakes.exports.at(-1)!.kind).toBe(event.kind);
        if (selectCanLoadMore(s)) expect(s.context.nextCursor).not.toBeNull();
        // Apply takes the draft as it stands (the search trimmed), and the form then shows what the list shows.
        if (event.type === 'payments.apply') {
          expect(s.context.payments).toEqual([]);
          expect(s.context.draft).toEqual(s.context.filters);
        }
        if (event.type === 'payments.draft') expect(s.context.draft).not.toEqual(NO_FILTERS);
        expect([NO_FILTERS, { ...NO_FILTERS, status: 'ON_HOLD' }, { ...NO_FILTERS, q: 'ada' }, HELD]).toContainEqual(s.context.filters);
        if (event.type.startsWith('xstate.error.actor.')) {
          const error = (event as unknown as { error: unknown }).error;
          expect(s.context.error).toBe(error instanceof AdminApiError ? error.message : ADMIN_CALL_FAILED);
        }
        if (selectPhase(s) === 'failed') expect(s.context.error).not.toBeNull();
      },
    });
    expect(ended.length).toBeGreaterThan(5);
    expect(NO_FILTERS).toEqual({ status: '', method: '', q: '' });
    console.log(`[paths] admin-payments: ${ended.length} paths replayed`);
  });
});
