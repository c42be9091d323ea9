/**
 * The journey's placement on the lifecycle chart (issue 27): a whole case's audit trail in order, each fact the
 * transition it caused, each other event in the state the case was in; and every state and fact it names is one the
 * chart has (a renamed state or event fails here, not on an auditor's screen).
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { investmentMachine } from '../../../machines/investment/investment.machine.ts';
import { LIFECYCLE_JOURNEY_STATES, placeOnLifecycle } from '../../../src/shared/admin/lifecycle-journey.ts';

const nodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(nodes)];
const stateIds = new Set(nodes(investmentMachine.root).map((n) => n.id));
const eventTypes = new Set(nodes(investmentMachine.root).flatMap((n) => [...n.transitions.keys()]));

describe('placeOnLifecycle', () => {
  it('places a whole case: facts as transitions, the rest in the state the case was in', () => {
    const trail = [
      'auth.register',
      'auth.login',
      'disclosure.section.opened',
      'disclosure.completed',
      'kyc.document.uploaded',
      'kyc.completed',
      'admin.kyc.resubmission-requested',
      'kyc.step.saved',
      'kyc.resubmitted',
      'legal.agreement.signed',
      'legal.completed',
      'payment.initiated',
      'payment.sent',
      'admin.kyc.document-viewed',
      'admin.kyc.first-approval',
      'admin.kyc.approved',
    ].map((action) => ({ action }));
    const placed = placeOnLifecycle([
      ...trail,
      { action: 'admin.money.receipt', detail: { to: 'ON_HOLD', held: 'UNDERPAID' } },
      { action: 'payment.requoted' },
      { action: 'admin.money.receipt', detail: { to: 'COMPLETED' } },
      { action: 'payment.held' },
      { action: 'admin.money.refund', detail: { method: 'CARD', investmentStillPaid: true } },
      { action: 'admin.money.issue' },
    ]);
    const S = LIFECYCLE_JOURNEY_STATES;
    expect(placed.map(({ state, fact }) => ({ state, fact }))).toEqual([
      { state: S.disclosure, fact: null },
      { state: null, fact: null },
      { state: S.disclosure, fact: null },
      { state: S.kycCollecting, fact: 'INVESTOR.DISCLOSURE_COMPLETED' },
      { state: S.kycCollecting, fact: null },
      { state: S.underReview, fact: 'INVESTOR.KYC_SUBMITTED' },
      { state: S.resubmission, fact: 'STAFF.KYC_RESUBMISSION_REQUESTED' },
      { state: S.resubmission, fact: null },
      { state: S.underReview, fact: 'INVESTOR.KYC_RESUBMITTED' },
      { state: S.agreements, fact: null },
      { state: S.choosing, fact: 'INVESTOR.AGREEMENTS_COMPLETED' },
      { state: S.choosing, fact: null },
      { state: S.awaitingFunds, fact: 'INVESTOR.TRANSFER_SENT' },
      { state: S.underReview, fact: null },
      { state: S.firstApproval, fact: 'STAFF.KYC_APPROVED' },
      { state: S.approved, fact: 'STAFF.KYC_APPROVED' },
      { state: S.onHold, fact: 'STAFF.FUNDS_RECEIVED' },
      { state: S.onHold, fact: null },
      { state: S.paid, fact: 'STAFF.FUNDS_RECEIVED' },
      { state: S.settled, fact: 'PROVIDER.CARD_SUCCEEDED' },
      { state: S.settled, fact: 'PROVIDER.REFUND_SUCCEEDED' },
      { state: S.tokensIssued, fact: 'STAFF.TOKENS_ISSUED' },
    ]);
  });

  it('a rejected investor refunded by wire ends in refunded; money paid twice keeps the investment settled', () => {
    const placed = placeOnLifecycle([
      { action: 'payment.completed' },
      { action: 'admin.kyc.rejected' },
      { action: 'admin.money.receipt', detail: { to: 'ON_HOLD', held: 'PAID_TWICE' } },
      { action: 'admin.money.refund', detail: { method: 'WIRE', investmentStillPaid: false } },
    ]);
    expect(placed.map((p) => p.state)).toEqual([
      LIFECYCLE_JOURNEY_STATES.paid,
      LIFECYCLE_JOURNEY_STATES.rejected,
      LIFECYCLE_JOURNEY_STATES.settled,
      LIFECYCLE_JOURNEY_STATES.refunded,
    ]);
    expect(placed.at(-1)!.fact).toBe('STAFF.REFUND_SENT');
  });

  it('a failed card is the way back to choosing; a copy sealed after the agreements sits where the case is then', () => {
    const placed = placeOnLifecycle([{ action: 'legal.completed' }, { action: 'legal.agreement.sealed' }, { action: 'payment.card_intent_created' }, { action: 'payment.failed' }]);
    expect(placed.map(({ state, fact }) => ({ state, fact }))).toEqual([
      { state: LIFECYCLE_JOURNEY_STATES.choosing, fact: 'INVESTOR.AGREEMENTS_COMPLETED' },
      { state: LIFECYCLE_JOURNEY_STATES.choosing, fact: null },
      { state: LIFECYCLE_JOURNEY_STATES.cardPending, fact: 'INVESTOR.CARD_PAYMENT_STARTED' },
      { state: LIFECYCLE_JOURNEY_STATES.choosing, fact: 'PROVIDER.CARD_FAILED' },
    ]);
  });

  it('a refund started and refused by the provider is placed by the trace it recorded, with the transitions it took', () => {
    const via = (id: string) => ({ lifecycle: { via: [id, 'not an id'] } });
    const placed = placeOnLifecycle([
      { action: 'admin.money.refund_started', detail: { lifecycle: { to: ['case.review.rejected', 'case.investing.refundPending'], via: ['investment.case.investing.settled.paid:STAFF.REFUND_STARTED:0'] } } },
      { action: 'admin.money.refund_refused', detail: { lifecycle: { to: ['case.review.rejected', 'case.investing.settled.paid'], via: ['investment.case.investing.refundPending:PROVIDER.REFUND_REFUSED:0'] } } },
      { action: 'admin.money.issue', detail: via('investment.case.investing.settled.paid:STAFF.TOKENS_ISSUED:0') },
      { action: 'legal.agreement.sealed', detail: via('investment.case.investing.settled.paid:STAFF.TOKENS_ISSUED:0') },
    ]);
    expect(placed).toEqual([
      { state: LIFECYCLE_JOURNEY_STATES.refundPending, fact: 'STAFF.REFUND_STARTED', via: ['investment.case.investing.settled.paid:STAFF.REFUND_STARTED:0'] },
      { state: LIFECYCLE_JOURNEY_STATES.paid, fact: 'PROVIDER.REFUND_REFUSED', via: ['investment.case.investing.refundPending:PROVIDER.REFUND_REFUSED:0'] },
      // Only well-formed ids are taken from a recorded trace; a step inside a state takes none.
      { state: LIFECYCLE_JOURNEY_STATES.tokensIssued, fact: 'STAFF.TOKENS_ISSUED', via: ['investment.case.investing.settled.paid:STAFF.TOKENS_ISSUED:0'] },
      { state: LIFECYCLE_JOURNEY_STATES.tokensIssued, fact: null, via: [] },
    ]);
  });

  it('names only states and events the chart has', () => {
    for (const id of Object.values(LIFECYCLE_JOURNEY_STATES)) expect(stateIds, id).toContain(id);
    const actions = ['disclosure.completed', 'kyc.completed', 'kyc.resubmitted', 'admin.kyc.first-approval', 'admin.kyc.approved', 'admin.kyc.rejected',
      'admin.kyc.resubmission-requested', 'legal.completed', 'payment.card_intent_created', 'payment.failed', 'payment.sent', 'payment.completed', 'payment.held',
      'admin.money.receipt', 'admin.money.refund', 'admin.money.issue'];
    for (const p of placeOnLifecycle(actions.map((action) => ({ action })))) {
      expect(eventTypes, p.fact!).toContain(p.fact);
      expect(stateIds, p.state!).toContain(p.state);
    }
  });
});
