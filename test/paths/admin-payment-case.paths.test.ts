/**
 * Paths of one payment in the back office (issue 15): loaded (with the changes the server offers, or none), failed
 * and Try again; a receipt, a refund through its confirm step (cancel or confirm), an issuance, each typed into the
 * chart's drafts (issue 29), refused before sending when a field is invalid (every invalid field named, focus on the
 * first), done (then the payment loaded again, its form emptied) or refused by the server (its words, the draft and
 * its request id kept for sending again); a change the server does not offer is ignored. Replayed on a real actor
 * with fake calls; after each step: one call exactly while it runs, with the payment's id and the request built from
 * the draft; only valid requests are sent; nothing sent while the refund waits for its confirmation.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { CASE_NOTICES, paymentCaseMachine } from '../../machines/admin/payment-case/payment-case.machine.ts';
import { ADMIN_CALL_FAILED } from '../../machines/admin/admin-failure.ts';
import { selectBusy, selectConfirmingRefund, selectPhase } from '../../machines/admin/payment-case/payment-case.selectors.ts';
import type { LoadPaymentOutput } from '../../machines/admin/payment-case/payment-case.types.ts';
import { AdminApiError } from '../../src/client/admin/admin-api.ts';
import { IssuanceRequestSchema, RecordReceiptRequestSchema, RefundRequestSchema, type AdminPaymentDetail } from '../../src/shared/admin/money.ts';
import { moneyMessages } from '../../src/shared/admin/money-messages.ts';
import { check } from '../../src/shared/validate.ts';
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
const TODAY = '2026-11-24';
const SEED = '5f0c2a9e-1b7d-4c3a-9e2f-000000000000';
const INPUT = { paymentId: PAYMENT_ID, today: TODAY, requestSeed: SEED };
const HASH = `0x${'a'.repeat(64)}`;
const REFUSED = new AdminApiError(409, 'This payment was already refunded.');

const events: AnyEventObject[] = [
  { type: 'case.retry' },
  { type: 'case.receipt.edit', field: 'amount', value: '1000' },
  { type: 'case.receipt.edit', field: 'reference', value: 'REF' },
  { type: 'case.receipt.edit', field: 'receivedOn', value: '2026-11-25' },
  { type: 'case.receipt.submit' },
  { type: 'case.refund.ask' },
  { type: 'case.refund.edit', field: 'reason', value: 'KYC rejected' },
  { type: 'case.refund.edit', field: 'outgoingReference', value: 'RET-1' },
  { type: 'case.refund.cancel' },
  { type: 'case.refund.confirm' },
  { type: 'case.issue.edit', field: 'transactionHash', value: HASH },
  { type: 'case.issue.submit' },
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
  const result = coverMachine(paymentCaseMachine, { name: 'admin-payment-case', events, input: INPUT, ignoreContext: ['requestId', 'requestFor', 'made', 'focus'] });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the case invariants on every path, replayed on a real actor', async () => {
    const ended = await replayPaths<typeof paymentCaseMachine, Fakes>(result.paths, {
      input: INPUT,
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
        // Only a request the server's schema takes is sent, built from the draft, with the id the chart keeps for it.
        const sent = running[0]?.input as { input?: { requestId: string } } | undefined;
        if (kind === 'recordReceipt') {
          expect(sent).toEqual({ paymentId: PAYMENT_ID, input: { requestId: s.context.requestId, amount: 1000, receivedOn: TODAY, reference: 'REF' } });
          expect(check(RecordReceiptRequestSchema, sent!.input).success).toBe(true);
        }
        if (kind === 'refundPayment') {
          expect(sent).toEqual({ paymentId: PAYMENT_ID, input: { requestId: s.context.requestId, reason: 'KYC rejected', outgoingReference: 'RET-1' } });
          expect(check(RefundRequestSchema, sent!.input).success).toBe(true);
        }
        if (kind === 'issueTokens') {
          expect(sent).toEqual({ userId: USER_ID, input: { requestId: s.context.requestId, transactionHash: HASH } });
          expect(check(IssuanceRequestSchema, sent!.input).success).toBe(true);
        }
        if (kind && kind !== 'loadPayment') expect(s.context.requestId!.startsWith(SEED.slice(0, 24))).toBe(true);
        // A refused submit names every invalid field and sends nothing.
        if (event.type === 'case.receipt.submit' && s.matches({ shown: 'idle' }) && s.context.detail?.actions.recordReceipt) {
          expect(Object.keys(s.context.issues).some((k) => k.startsWith('receipt.'))).toBe(true);
          expect(s.context.focus?.field).toBe(Object.keys(s.context.issues).find((k) => k.startsWith('receipt.')));
        }
        if (s.context.issues['receipt.receivedOn']) expect(s.context.issues['receipt.receivedOn']).toBe(moneyMessages.receivedOnFuture);
        if (event.type === 'case.refund.confirm' && s.matches({ shown: 'confirmingRefund' })) expect(Object.keys(s.context.issues).some((k) => k.startsWith('refund.'))).toBe(true);
        // A server's refusal keeps the request id: sending the same draft again is the same request.
        if (event.type.startsWith('xstate.error.actor.') && event.type !== 'xstate.error.actor.loadPayment') expect(s.context.requestId).not.toBeNull();
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
        if (event.type === 'xstate.done.actor.recordReceipt') expect([s.context.notice, s.context.receipt]).toEqual([CASE_NOTICES.receipt, { amount: '', receivedOn: s.context.receipt.receivedOn, reference: '' }]);
        if (event.type === 'xstate.done.actor.refundPayment') expect([s.context.notice, s.context.refund]).toEqual([CASE_NOTICES.refund, { reason: '', outgoingReference: '' }]);
        if (event.type === 'xstate.done.actor.issueTokens') expect([s.context.notice, s.context.issue]).toEqual([CASE_NOTICES.issue, { transactionHash: '' }]);
        if (event.type.startsWith('xstate.done.actor.') && event.type !== 'xstate.done.actor.loadPayment') expect(s.context.requestId).toBeNull();
        if (selectPhase(s) === 'failed') expect(s.context.detail).toBeNull();
      },
    });
    expect(ended.length).toBeGreaterThan(5);
    console.log(`[paths] admin-payment-case: ${ended.length} paths replayed`);
  });
});
