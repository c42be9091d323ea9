/**
 * Paths of one payment in the back office (issue 15): loaded (with the changes the server offers, or none), failed
 * and Try again; a receipt, a refund through its confirm step (cancel or confirm), an issuance, each done (then the
 * payment loaded again) or refused (the server's words, nothing else changes); a change the server does not offer
 * is ignored. Replayed on a real actor with fake calls; after each step: one call exactly while it runs, with the
 * payment's id and the page's request; nothing sent while the refund waits for its confirmation.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { CASE_NOTICES, paymentCaseMachine } from '../../machines/admin/payment-case/payment-case.machine.ts';
import { ADMIN_CALL_FAILED } from '../../machines/admin/admin-failure.ts';
import { selectBusy, selectConfirmingRefund, selectPhase } from '../../machines/admin/payment-case/payment-case.selectors.ts';
import type { LoadPaymentOutput } from '../../machines/admin/payment-case/payment-case.types.ts';
import { AdminApiError } from '../../src/client/admin/admin-api.ts';
import type { AdminPaymentDetail } from '../../src/shared/admin/money.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof paymentCaseMachine>;
const PAYMENT_ID = '00000000-0000-4000-8000-000000000001';
const USER_ID = '10000000-0000-4000-8000-000000000001';

const detail = (actions: AdminPaymentDetail['actions']): AdminPaymentDetail => ({
  payment: {
    id: PAYMENT_ID,
    userId: USER_ID,
    investorName: 'Ada',
    investorEmail: 'ada@example.com',
    paymentMethod: 'WIRE',
    paymentStatus: 'AWAITING_FUNDS',
    settled: false,
    amount: 1000,
    processingFee: 0,
    totalAmount: 1000,
    cryptoCurrency: null,
    cryptoAmount: null,
    paymentRef: 'G2G-1',
    transactionId: 'G2G-1',
    receivedTotal: 0,
    receiptCount: 0,
    refund: null,
    issued: false,
    kycStatus: 'REJECTED',
    holdReason: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    completedAt: null,
  },
  receipts: [],
  refund: null,
  issuance: null,
  audit: [],
  wallets: { signed: `0x${'cd'.repeat(20)}`, registration: `0x${'ab'.repeat(20)}` },
  actions,
});
const ALL = detail({ recordReceipt: true, refund: true, issue: true });
const NONE = detail({ recordReceipt: false, refund: false, issue: false });
const RECEIPT = { requestId: 'r1', amount: 1000, receivedOn: '2026-11-24', reference: 'REF' };
const REFUND = { requestId: 'r2', reason: 'KYC rejected', outgoingReference: 'RET-1' };
const ISSUE = { requestId: 'r3', transactionHash: `0x${'a'.repeat(64)}` };
const REFUSED = new AdminApiError(409, 'This payment was already refunded.');

const events: AnyEventObject[] = [
  { type: 'case.retry' },
  { type: 'case.receipt', input: RECEIPT },
  { type: 'case.refund.ask' },
  { type: 'case.refund.cancel' },
  { type: 'case.refund.confirm', input: REFUND },
  { type: 'case.issue', input: ISSUE },
  { type: 'xstate.done.actor.loadPayment', output: ALL },
  { type: 'xstate.done.actor.loadPayment', output: NONE },
  { type: 'xstate.error.actor.loadPayment', error: new Error('offline') },
  { type: 'xstate.done.actor.recordReceipt', output: {} },
  { type: 'xstate.error.actor.recordReceipt', error: REFUSED },
  { type: 'xstate.done.actor.refundPayment', output: {} },
  { type: 'xstate.error.actor.refundPayment', error: REFUSED },
  { type: 'xstate.done.actor.issueTokens', output: {} },
  { type: 'xstate.error.actor.issueTokens', error: REFUSED },
];

type Call = { kind: string; input: unknown; running: boolean };
type Fakes = { calls: Call[] };

const fake = <I,>(fakes: Fakes, kind: string) =>
  fromPromise<never, I>(({ input, signal }) => {
    const call = { kind, input: input as unknown, running: true };
    fakes.calls.push(call);
    signal.addEventListener('abort', () => void (call.running = false));
    return new Promise(() => {});
  });

const runningKind = (s: Snapshot): string | null => {
  if (s.hasTag('loading') || s.matches({ shown: 'reloading' })) return 'loadPayment';
  if (s.matches({ shown: 'recording' })) return 'recordReceipt';
  if (s.matches({ shown: 'refunding' })) return 'refundPayment';
  if (s.matches({ shown: 'issuing' })) return 'issueTokens';
  return null;
};

describe('admin payment-case statechart paths', () => {
  const result = coverMachine(paymentCaseMachine, { name: 'admin-payment-case', events, input: { paymentId: PAYMENT_ID } });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the case invariants on every path, replayed on a real actor', async () => {
    const ended = await replayPaths<typeof paymentCaseMachine, Fakes>(result.paths, {
      input: { paymentId: PAYMENT_ID },
      setup: () => {
        const fakes: Fakes = { calls: [] };
        const machine = paymentCaseMachine.provide({
          actors: {
            loadPayment: fake<{ paymentId: string }>(fakes, 'loadPayment') as never,
            recordReceipt: fake(fakes, 'recordReceipt') as never,
            refundPayment: fake(fakes, 'refundPayment') as never,
            issueTokens: fake(fakes, 'issueTokens') as never,
          },
        });
        return { machine, fakes };
      },
      checkStep: ({ snapshot: s, event, fakes }) => {
        const answered = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
        if (answered) fakes.calls.filter((c) => c.kind === answered[2]).forEach((c) => void (c.running = false));
        const running = fakes.calls.filter((c) => c.running);
        const kind = runningKind(s);
        expect(running.map((c) => c.kind), 'one call exactly while it runs').toEqual(kind ? [kind] : []);
        expect(selectBusy(s)).toBe(kind !== null && !s.hasTag('loading'));
        if (kind === 'loadPayment') expect(running[0]!.input).toEqual({ paymentId: PAYMENT_ID });
        if (kind === 'recordReceipt') expect(running[0]!.input).toEqual({ paymentId: PAYMENT_ID, input: RECEIPT });
        if (kind === 'refundPayment') expect(running[0]!.input).toEqual({ paymentId: PAYMENT_ID, input: REFUND });
        if (kind === 'issueTokens') expect(running[0]!.input).toEqual({ userId: USER_ID, input: ISSUE });
        if (selectConfirmingRefund(s)) expect(s.context.detail!.actions.refund).toBe(true);
        // A change the server does not offer is ignored.
        if (['case.receipt', 'case.issue', 'case.refund.ask'].includes(event.type) && s.context.detail && !Object.values(s.context.detail.actions).some(Boolean)) {
          expect(s.matches({ shown: 'idle' })).toBe(true);
        }
        if (event.type.startsWith('xstate.error.actor.')) {
          const error = (event as unknown as { error: unknown }).error;
          expect(s.context.error).toBe(error instanceof AdminApiError ? error.message : ADMIN_CALL_FAILED);
          expect(s.context.notice).toBeNull();
        }
        if (event.type === 'xstate.done.actor.recordReceipt') expect(s.context.notice).toBe(CASE_NOTICES.receipt);
        if (event.type === 'xstate.done.actor.refundPayment') expect(s.context.notice).toBe(CASE_NOTICES.refund);
        if (event.type === 'xstate.done.actor.issueTokens') expect(s.context.notice).toBe(CASE_NOTICES.issue);
        if (selectPhase(s) === 'failed') expect(s.context.detail).toBeNull();
      },
    });
    expect(ended.length).toBeGreaterThan(5);
    console.log(`[paths] admin-payment-case: ${ended.length} paths replayed`);
  });
});
