/**
 * Paths of the investment's lifecycle (issue 27): every state and every transition of the chart reached by generated
 * paths of business facts (the investor's, staff's and the providers'), bounded to two review rounds. On every step of
 * every path the invariants the server will rely on hold: at most one settled payment (a payment paid twice is never
 * the settling one), tokens only after an approved KYC and only to the signed wallet, money returned only when it was
 * held or the KYC rejected, and the investing steps never past agreements while the review stops them.
 * The paths are recorded for the statechart explorer; the API replay of them comes with the server's use of the chart.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { investmentMachine } from '../../machines/investment/investment.machine.ts';
import type { InvestmentEvent, Reviewer } from '../../machines/investment/investment.types.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';

type Snapshot = SnapshotFrom<typeof investmentMachine>;

const AMOUNT = 150_000_00;
const SUBMITTED = '2026-11-20T10:00:00.000Z';
const RESUBMITTED = '2026-11-24T10:00:00.000Z';
const SIGNED = `0x${'ab'.repeat(20)}`;
const OTHER = `0x${'cd'.repeat(20)}`;
const carla: Reviewer = { staffId: 'carla', complianceSince: '2026-01-01T00:00:00.000Z' };
const dmitri: Reviewer = { staffId: 'dmitri', complianceSince: '2026-02-01T00:00:00.000Z' };
const newcomer: Reviewer = { staffId: 'nina', complianceSince: '2026-11-21T00:00:00.000Z' };
const MONITORED = '2026-11-25T09:00:00.000Z';
const LOW_RISK = { riskLevel: 'low', enhancedDueDiligence: false } as const;

/** The facts that can happen next, with the amounts and ids the case stands at. */
function events(s: Snapshot): InvestmentEvent[] {
  const { payment, refund, heldTwice } = s.context;
  const facts: InvestmentEvent[] = [
    { type: 'INVESTOR.DISCLOSURE_COMPLETED' },
    { type: 'INVESTOR.KYC_SUBMITTED', at: SUBMITTED },
    { type: 'INVESTOR.KYC_RESUBMITTED', at: RESUBMITTED },
    // Four-eyes applies (threshold below the amount): Carla, Dmitri, and Nina who became compliance after submission.
    { type: 'STAFF.KYC_APPROVED', reviewer: carla, fourEyesAboveCents: 100_000_00, ...LOW_RISK },
    { type: 'STAFF.KYC_APPROVED', reviewer: dmitri, fourEyesAboveCents: 100_000_00, ...LOW_RISK },
    { type: 'STAFF.KYC_APPROVED', reviewer: newcomer, fourEyesAboveCents: 100_000_00, ...LOW_RISK },
    // A threshold above the amount: one approval decides.
    { type: 'STAFF.KYC_APPROVED', reviewer: carla, fourEyesAboveCents: 200_000_00, ...LOW_RISK },
    // The threshold raised after Carla's first approval: another reviewer's approval decides alone (even Nina's).
    { type: 'STAFF.KYC_APPROVED', reviewer: newcomer, fourEyesAboveCents: 200_000_00, ...LOW_RISK },
    // Scored high risk (issue 30), the amount under the threshold: two approvals, each only with the enhanced due
    // diligence done (Carla's without it is refused).
    { type: 'STAFF.KYC_APPROVED', reviewer: carla, fourEyesAboveCents: 200_000_00, riskLevel: 'high', enhancedDueDiligence: false },
    { type: 'STAFF.KYC_APPROVED', reviewer: dmitri, fourEyesAboveCents: 200_000_00, riskLevel: 'high', enhancedDueDiligence: true },
    { type: 'STAFF.KYC_REJECTED', reviewer: carla, reason: 'Sanctions list match' },
    // Ongoing monitoring: a new list names the investor after an approval.
    { type: 'MONITORING.NEW_HIT', at: MONITORED, list: 'EU consolidated financial sanctions' },
    { type: 'STAFF.KYC_RESUBMISSION_REQUESTED', reviewer: dmitri, steps: ['identity'] },
    { type: 'INVESTOR.AGREEMENTS_COMPLETED', wallet: SIGNED },
    { type: 'INVESTOR.CARD_PAYMENT_STARTED', paymentId: 'pay-card', dueCents: 156_000_00 },
    { type: 'INVESTOR.TRANSFER_SENT', paymentId: 'pay-wire', method: 'WIRE', dueCents: AMOUNT },
    { type: 'PROVIDER.CARD_SUCCEEDED', paymentId: 'pay-card', amountCents: 156_000_00 },
    { type: 'PROVIDER.CARD_FAILED', paymentId: 'pay-card' },
    { type: 'STAFF.TOKENS_ISSUED', staffId: 'fiona', wallet: SIGNED, transactionHash: `0x${'1'.repeat(64)}` },
    { type: 'STAFF.TOKENS_ISSUED', staffId: 'fiona', wallet: OTHER, transactionHash: `0x${'2'.repeat(64)}` },
  ];
  if (payment && payment.method !== 'CARD') {
    // Part of what is due, then exactly the rest.
    facts.push({ type: 'STAFF.FUNDS_RECEIVED', staffId: 'fiona', paymentId: payment.id, amountCents: payment.dueCents - payment.receivedCents });
    if (payment.receivedCents < 100_000_00) facts.push({ type: 'STAFF.FUNDS_RECEIVED', staffId: 'fiona', paymentId: payment.id, amountCents: 50_000_00 });
  }
  // Wire money arriving for a transfer the card overtook.
  if (payment?.method === 'CARD') facts.push({ type: 'STAFF.FUNDS_RECEIVED', staffId: 'fiona', paymentId: 'pay-wire', amountCents: AMOUNT });
  for (const id of new Set([payment?.id, refund?.paymentId, ...heldTwice].filter((x): x is string => !!x))) {
    facts.push(
      { type: 'STAFF.REFUND_STARTED', staffId: 'fiona', paymentId: id },
      { type: 'PROVIDER.REFUND_SUCCEEDED', paymentId: id },
      { type: 'STAFF.REFUND_SENT', staffId: 'fiona', paymentId: id, outgoingReference: 'OUT-1' },
      { type: 'PROVIDER.REFUND_REFUSED', paymentId: id },
    );
  }
  return facts;
}

const result = coverMachine(investmentMachine, {
  name: 'lifecycle',
  input: { amountCents: AMOUNT },
  events: events as (s: ReturnType<typeof investmentMachine.transition>) => readonly AnyEventObject[],
  // Two review rounds, one payment paid twice, and a second payment after a refund are enough to reach every part.
  stopWhen: (s) => s.context.kycRound > 2 || s.context.heldTwice.length > 1 || s.matches({ case: { investing: 'refunded' } }) && s.context.kycRound > 1,
  limit: 200_000,
});

const settled = (s: Snapshot) => s.matches({ case: { investing: 'settled' } });

describe('investment lifecycle statechart paths', () => {
  it('reaches every state and every transition', () => {
    expectFullCoverage(result);
    console.log(`[paths] lifecycle: ${result.states} states, ${result.transitions} transitions, ${result.paths.length} paths`);
  });

  it('keeps the invariants on every step of every path', () => {
    for (const path of result.paths) {
      let previous: Snapshot | null = null;
      for (const step of path.steps) {
        const s = step.state as Snapshot;
        const event = step.event as InvestmentEvent;
        const { context } = s;
        // A high-risk case is never approved, not even half, before its enhanced due diligence is done.
        if (previous && event.type === 'STAFF.KYC_APPROVED' && event.riskLevel === 'high' && !event.enhancedDueDiligence) {
          expect(s.value).toEqual(previous.value);
        }
        // At most one settled payment: the settling one is never among those held as paid twice.
        if (settled(s)) {
          expect(context.payment).not.toBeNull();
          expect(context.heldTwice).not.toContain(context.payment!.id);
          expect(context.payment!.receivedCents).toBe(context.payment!.dueCents);
        }
        // Tokens go out only to an approved investor (monitoring may reopen the review afterwards).
        if (s.matches({ case: { investing: { settled: 'tokensIssued' } } }) && !previous?.matches({ case: { investing: { settled: 'tokensIssued' } } })) {
          expect(context.kyc).toBe('approved');
        }
        if (s.matches({ case: { investing: { settled: 'tokensIssued' } } })) {
          expect(context.issuance?.wallet).toBe(context.signedWallet);
        }
        if (s.matches({ case: { investing: 'refundPending' } })) {
          const from = context.refund!.from;
          expect(from === 'onHold' || context.kyc === 'rejected').toBe(true);
        }
        // Agreements and new payments never move on while the review stops them.
        if (previous && (previous.context.kyc === 'rejected' || previous.context.kyc === 'resubmissionRequested')) {
          expect(previous.matches({ case: { investing: 'agreements' } }) && !s.matches({ case: { investing: 'agreements' } })).toBe(false);
        }
        previous = s;
      }
    }
  });
});
