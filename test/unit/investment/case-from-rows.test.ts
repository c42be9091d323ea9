/**
 * caseFromRows on rows the API cannot make today but existing databases may hold (two settled payments from before
 * issue 26), and on the money states the API test reaches less directly (a refund under way from a hold, a refund
 * of the settled payment, a card left open beside a declared wire). Each derived state is one the chart accepts.
 */
import { describe, expect, it } from 'vitest';
import { investmentMachine } from '../../../machines/investment/investment.machine.ts';
import { caseFromRows, type CasePaymentRow, type CaseRows } from '../../../src/server/domain/investment/case-from-rows.ts';
import { leafStates } from '../../../src/server/domain/investment/investor-cases.ts';
import { isKycDone, kycStandingOf } from '../../../src/shared/kyc.ts';
import { kycAllowsProgress } from '../../../machines/investment/investment.rules.ts';

const WALLET = `0x${'ab'.repeat(20)}`;
const rows = (over: Partial<CaseRows> = {}): CaseRows => ({
  amountCents: 25_000_00,
  disclosureCompleted: true,
  kyc: { status: 'UNDER_REVIEW', submittedAt: '2026-11-20T10:00:00.000Z', round: 1, resubmissionSteps: [], approvers: [] },
  agreements: { status: 'COMPLETED', wallet: WALLET },
  payments: [],
  refunds: [],
  issuance: null,
  ...over,
});
const pay = (id: string, over: Partial<CasePaymentRow> = {}): CasePaymentRow => ({
  id,
  method: 'WIRE',
  status: 'AWAITING_FUNDS',
  totalCents: 25_000_00,
  paidTwice: false,
  receivedCents: 0,
  createdAt: '2026-11-21T10:00:00.000Z',
  completedAt: null,
  ...over,
});

const statesOf = (r: CaseRows) => {
  const derived = caseFromRows(r);
  const snapshot = investmentMachine.resolveState({ value: derived.value, context: derived.context });
  return { ...derived, states: leafStates(snapshot.value) };
};

describe('caseFromRows', () => {
  it('two settled payments left from before: the first settles, the second is held as paid twice, and it says so', () => {
    const derived = statesOf(
      rows({
        payments: [
          pay('wire', { status: 'COMPLETED', receivedCents: 25_000_00, completedAt: '2026-11-22T10:00:00.000Z' }),
          pay('card', { method: 'CARD', status: 'COMPLETED', totalCents: 26_000_00, completedAt: '2026-11-22T10:00:01.000Z' }),
        ],
      }),
    );
    expect(derived.states).toEqual(['case.review.underReview', 'case.investing.settled.paid']);
    expect(derived.context.payment?.id).toBe('wire');
    expect(derived.context.heldTwice).toEqual(['card']);
    expect(derived.anomalies).toEqual(['payment card is a second settled payment: held as paid twice']);
  });

  it('a refund under way: from a hold, and of the settled payment of a rejected investor', () => {
    const fromHold = statesOf(rows({ payments: [pay('wire', { status: 'ON_HOLD', receivedCents: 20_000_00 })], refunds: [{ paymentId: 'wire', status: 'PENDING' }] }));
    expect(fromHold.states).toEqual(['case.review.underReview', 'case.investing.refundPending']);
    expect(fromHold.context.refund).toEqual({ paymentId: 'wire', from: 'onHold' });
    const fromPaid = statesOf(
      rows({
        kyc: { ...rows().kyc, status: 'REJECTED' },
        payments: [pay('card', { method: 'CARD', status: 'COMPLETED', totalCents: 26_000_00, completedAt: '2026-11-22T10:00:00.000Z' })],
        refunds: [{ paymentId: 'card', status: 'PENDING' }],
      }),
    );
    expect(fromPaid.states).toEqual(['case.review.rejected', 'case.investing.refundPending']);
    expect(fromPaid.context.refund).toEqual({ paymentId: 'card', from: 'paid' });
  });

  it('a declared wire waits for funds even with a card left open; a failed card alone is choosing again', () => {
    const both = statesOf(rows({ payments: [pay('card', { method: 'CARD', status: 'PENDING', totalCents: 26_000_00 }), pay('wire')] }));
    expect(both.states).toEqual(['case.review.underReview', 'case.investing.payment.awaitingFunds']);
    const failed = statesOf(rows({ payments: [pay('card', { method: 'CARD', status: 'FAILED', totalCents: 26_000_00 })] }));
    expect(failed.states).toEqual(['case.review.underReview', 'case.investing.payment.choosing']);
    // Refunded, then a card tried and failed: choosing again, not refunded.
    const again = statesOf(rows({ payments: [pay('wire', { status: 'REFUNDED' }), pay('card', { method: 'CARD', status: 'FAILED', totalCents: 26_000_00, createdAt: '2026-11-23T10:00:00.000Z' })] }));
    expect(again.states).toEqual(['case.review.underReview', 'case.investing.payment.choosing']);
    expect(statesOf(rows({ payments: [pay('wire', { status: 'REFUNDED' })] })).states).toEqual(['case.review.underReview', 'case.investing.refunded']);
  });

  it('money returned: a card left open from before the transfer was abandoned; money paid twice stays held after the settled payment went back', () => {
    const abandoned = statesOf(rows({ payments: [pay('card', { method: 'CARD', status: 'PENDING', totalCents: 26_000_00 }), pay('wire', { status: 'REFUNDED', createdAt: '2026-11-21T11:00:00.000Z' })] }));
    expect(abandoned.states).toEqual(['case.review.underReview', 'case.investing.refunded']);
    const stillHeld = statesOf(
      rows({
        kyc: { ...rows().kyc, status: 'REJECTED' },
        payments: [
          pay('card', { method: 'CARD', status: 'REFUNDED', totalCents: 26_000_00, completedAt: '2026-11-22T10:00:00.000Z' }),
          pay('wire', { status: 'ON_HOLD', paidTwice: true, receivedCents: 25_000_00, createdAt: '2026-11-21T11:00:00.000Z' }),
        ],
        refunds: [{ paymentId: 'card', status: 'SUCCEEDED' }],
      }),
    );
    expect(stillHeld.states).toEqual(['case.review.rejected', 'case.investing.refunded']);
    expect(stillHeld.context).toMatchObject({ heldTwice: ['wire'], returning: [] });
    expect(stillHeld.anomalies).toEqual([]);
  });

  it('a first approval of the round is the four-eyes wait; a reopened KYC has its steps', () => {
    const first = statesOf(rows({ kyc: { ...rows().kyc, approvers: ['carla'] } }));
    expect(first.states[0]).toBe('case.review.firstApprovalGiven');
    expect(first.context.firstApprover).toBe('carla');
    const reopened = statesOf(rows({ kyc: { ...rows().kyc, status: 'RESUBMISSION_REQUESTED', submittedAt: null, round: 2, resubmissionSteps: ['address'] } }));
    expect(reopened.states[0]).toBe('case.review.resubmissionRequested');
    expect(reopened.context).toMatchObject({ kyc: 'resubmissionRequested', kycRound: 2, resubmissionSteps: ['address'] });
  });

  it('one rule for the steps after KYC: the chart reads the same standing from the rows as the server and the browser', () => {
    for (const status of ['UNDER_REVIEW', 'APPROVED', 'REJECTED', 'RESUBMISSION_REQUESTED'] as const) {
      const submittedAt = status === 'RESUBMISSION_REQUESTED' ? null : '2026-11-20T10:00:00.000Z';
      const derived = caseFromRows(rows({ kyc: { ...rows().kyc, status, submittedAt } }));
      expect(derived.context.kyc, status).toBe(kycStandingOf(status, submittedAt));
      expect(kycAllowsProgress(derived.context), status).toBe(isKycDone(status, submittedAt));
    }
  });
});
