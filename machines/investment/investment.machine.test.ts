/**
 * The lifecycle's rules on the pure chart (XState's transition function, as the server will use it): four-eyes with
 * two different reviewers who held compliance before the submission, resubmission rounds, the investing steps held
 * by the review, exact amounts, one settled payment, refunds and issuance to the signed wallet only. And that an
 * auditor can read every state, transition and guard: each has words of its own, and no guard is a bare `not(...)`.
 */
import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, transition, type AnyStateNode, type SnapshotFrom } from 'xstate';
import { investmentMachine } from './investment.machine.ts';
import type { InvestmentEvent, Reviewer } from './investment.types.ts';

type Snapshot = SnapshotFrom<typeof investmentMachine>;

const SUBMITTED = '2026-11-20T10:00:00.000Z';
const BEFORE = '2026-01-01T00:00:00.000Z';
const AFTER = '2026-11-21T00:00:00.000Z';
const WALLET = `0x${'ab'.repeat(20)}`;
const reviewer = (staffId: string, complianceSince: string | null = BEFORE): Reviewer => ({ staffId, complianceSince });

const start = (amountCents = 25_000_00) => getInitialSnapshot(investmentMachine, { amountCents });

/** Applies the events in order; each must be allowed (change the snapshot), else the test names the refused one. */
function run(snapshot: Snapshot, ...events: InvestmentEvent[]): Snapshot {
  for (const event of events) {
    if (!snapshot.can(event)) throw new Error(`refused: ${event.type} in ${JSON.stringify(snapshot.value)}`);
    [snapshot] = transition(investmentMachine, snapshot, event);
  }
  return snapshot;
}

const refuses = (snapshot: Snapshot, event: InvestmentEvent) => !snapshot.can(event);

const submitted = (amountCents?: number) =>
  run(start(amountCents), { type: 'INVESTOR.DISCLOSURE_COMPLETED' }, { type: 'INVESTOR.KYC_SUBMITTED', at: SUBMITTED });
const approve = (who: Reviewer, fourEyesAboveCents = 100_000_00, risk: { riskLevel: 'low' | 'medium' | 'high' | null; enhancedDueDiligence: boolean } = { riskLevel: 'low', enhancedDueDiligence: false }): InvestmentEvent => ({
  type: 'STAFF.KYC_APPROVED',
  reviewer: who,
  fourEyesAboveCents,
  ...risk,
});
const agreed = (s: Snapshot) => run(s, { type: 'INVESTOR.AGREEMENTS_COMPLETED', wallet: WALLET });
const wire = (paymentId = 'pay-wire', dueCents = 25_000_00): InvestmentEvent => ({ type: 'INVESTOR.TRANSFER_SENT', paymentId, method: 'WIRE', dueCents });
const funds = (paymentId: string, amountCents: number): InvestmentEvent => ({ type: 'STAFF.FUNDS_RECEIVED', staffId: 'fiona', paymentId, amountCents });

describe('the KYC review', () => {
  it('at or below the four-eyes threshold, one approval decides', () => {
    const s = run(submitted(100_000_00), approve(reviewer('carla')));
    expect(s.matches({ case: { review: 'approved' } })).toBe(true);
    expect(s.context.kyc).toBe('approved');
  });

  it('above it, a second and different reviewer approves; the same one again is refused', () => {
    const first = run(submitted(150_000_00), approve(reviewer('carla')));
    expect(first.matches({ case: { review: 'firstApprovalGiven' } })).toBe(true);
    expect(first.context.firstApprover).toBe('carla');
    expect(refuses(first, approve(reviewer('carla')))).toBe(true);
    expect(run(first, approve(reviewer('dmitri'))).matches({ case: { review: 'approved' } })).toBe(true);
  });

  it('above it, a reviewer given compliance after the submission (or not holding it) cannot approve', () => {
    expect(refuses(submitted(150_000_00), approve(reviewer('newcomer', AFTER)))).toBe(true);
    expect(refuses(submitted(150_000_00), approve(reviewer('nobody', null)))).toBe(true);
    const first = run(submitted(150_000_00), approve(reviewer('carla')));
    expect(refuses(first, approve(reviewer('newcomer', AFTER)))).toBe(true);
  });

  it('the threshold in force at the approval decides', () => {
    expect(run(submitted(150_000_00), approve(reviewer('carla'), 200_000_00)).matches({ case: { review: 'approved' } })).toBe(true);
  });

  it('a high-risk case needs two reviewers whatever its amount, each after the enhanced due diligence (issue 30)', () => {
    const high = { riskLevel: 'high' as const, enhancedDueDiligence: true };
    expect(refuses(submitted(10_000_00), approve(reviewer('carla'), 100_000_00, { riskLevel: 'high', enhancedDueDiligence: false }))).toBe(true);
    const first = run(submitted(10_000_00), approve(reviewer('carla'), 100_000_00, high));
    expect(first.matches({ case: { review: 'firstApprovalGiven' } })).toBe(true);
    expect(refuses(first, approve(reviewer('dmitri'), 100_000_00, { riskLevel: 'high', enhancedDueDiligence: false }))).toBe(true);
    expect(run(first, approve(reviewer('dmitri'), 100_000_00, high)).matches({ case: { review: 'approved' } })).toBe(true);
    // Scored medium, the same amount: one approval.
    expect(run(submitted(10_000_00), approve(reviewer('carla'), 100_000_00, { riskLevel: 'medium', enhancedDueDiligence: false })).context.kyc).toBe('approved');
  });

  it('a new list naming an approved investor reopens the review as a new round (ongoing monitoring)', () => {
    const approved = run(submitted(10_000_00), approve(reviewer('carla')));
    const hit = { type: 'MONITORING.NEW_HIT' as const, at: AFTER, list: 'EU consolidated financial sanctions' };
    const reopened = run(approved, hit);
    expect(reopened.context).toMatchObject({ kyc: 'underReview', kycRound: 2, kycSubmittedAt: AFTER, firstApprover: null });
    // Half approved under four-eyes: the first approval no longer counts.
    const half = run(submitted(150_000_00), approve(reviewer('carla')));
    expect(run(half, hit).matches({ case: { review: 'underReview' } })).toBe(true);
    expect(run(half, hit).context.firstApprover).toBeNull();
    // Under review already, or rejected: nothing to reopen.
    expect(refuses(submitted(), hit)).toBe(true);
    expect(refuses(run(submitted(), { type: 'STAFF.KYC_REJECTED', reviewer: reviewer('carla'), reason: 'x' }), hit)).toBe(true);
  });

  it('a resubmission reopens named steps, holds the investing steps, and a new round forgets earlier approvals', () => {
    const first = run(submitted(150_000_00), approve(reviewer('carla')));
    expect(refuses(first, { type: 'STAFF.KYC_RESUBMISSION_REQUESTED', reviewer: reviewer('dmitri'), steps: [] })).toBe(true);
    const asked = run(first, { type: 'STAFF.KYC_RESUBMISSION_REQUESTED', reviewer: reviewer('dmitri'), steps: ['identity'] });
    expect(asked.context).toMatchObject({ kyc: 'resubmissionRequested', resubmissionSteps: ['identity'], firstApprover: null });
    expect(refuses(asked, { type: 'INVESTOR.AGREEMENTS_COMPLETED', wallet: WALLET })).toBe(true);
    const again = run(asked, { type: 'INVESTOR.KYC_RESUBMITTED', at: AFTER });
    expect(again.context).toMatchObject({ kyc: 'underReview', kycRound: 2, kycSubmittedAt: AFTER, resubmissionSteps: [] });
    // Carla held compliance before round 2 was submitted too: her approval is a first one again.
    expect(run(again, approve(reviewer('carla'))).matches({ case: { review: 'firstApprovalGiven' } })).toBe(true);
  });

  it('a rejection is final and stops agreements and new payments', () => {
    const rejected = run(submitted(), { type: 'STAFF.KYC_REJECTED', reviewer: reviewer('carla'), reason: 'Document forged' });
    expect(rejected.context.kyc).toBe('rejected');
    expect(refuses(rejected, approve(reviewer('dmitri')))).toBe(true);
    expect(refuses(rejected, { type: 'INVESTOR.AGREEMENTS_COMPLETED', wallet: WALLET })).toBe(true);
  });
});

describe('the steps before the review', () => {
  it('nothing but the disclosure completion is allowed at the start, and KYC comes before everything else', () => {
    const s = start();
    expect(refuses(s, { type: 'INVESTOR.KYC_SUBMITTED', at: SUBMITTED })).toBe(true);
    expect(refuses(s, { type: 'INVESTOR.AGREEMENTS_COMPLETED', wallet: WALLET })).toBe(true);
    const kyc = run(s, { type: 'INVESTOR.DISCLOSURE_COMPLETED' });
    expect(refuses(kyc, { type: 'INVESTOR.AGREEMENTS_COMPLETED', wallet: WALLET })).toBe(true);
    expect(refuses(kyc, wire())).toBe(true);
  });
});

describe('payment', () => {
  it('exactly the amount due settles; less is held, and a later top-up to the exact sum settles', () => {
    const waiting = run(agreed(submitted()), wire());
    expect(run(waiting, funds('pay-wire', 25_000_00)).matches({ case: { investing: { settled: 'paid' } } })).toBe(true);
    const held = run(waiting, funds('pay-wire', 24_000_00));
    expect(held.matches({ case: { investing: { payment: 'onHold' } } })).toBe(true);
    const stillHeld = run(held, funds('pay-wire', 500_00));
    expect(stillHeld.matches({ case: { investing: { payment: 'onHold' } } })).toBe(true);
    expect(run(stillHeld, funds('pay-wire', 500_00)).matches({ case: { investing: { settled: 'paid' } } })).toBe(true);
  });

  it('one settled payment: a card charged after the wire settled is held as paid twice, and goes back', () => {
    const card: InvestmentEvent = { type: 'INVESTOR.CARD_PAYMENT_STARTED', paymentId: 'pay-card', dueCents: 26_000_00 };
    const both = run(agreed(submitted()), card, wire());
    const paid = run(both, funds('pay-wire', 25_000_00));
    const twice = run(paid, { type: 'PROVIDER.CARD_SUCCEEDED', paymentId: 'pay-card', amountCents: 26_000_00 });
    expect(twice.matches({ case: { investing: { settled: 'paid' } } })).toBe(true);
    expect(twice.context.payment?.id).toBe('pay-wire');
    expect(twice.context.heldTwice).toEqual(['pay-card']);
    const back = run(twice, { type: 'STAFF.REFUND_STARTED', staffId: 'fiona', paymentId: 'pay-card' }, { type: 'PROVIDER.REFUND_SUCCEEDED', paymentId: 'pay-card' });
    expect(back.context.heldTwice).toEqual([]);
    expect(back.matches({ case: { investing: { settled: 'paid' } } })).toBe(true);
    // The settled payment itself is not refunded while the KYC stands.
    expect(refuses(back, { type: 'STAFF.REFUND_STARTED', staffId: 'fiona', paymentId: 'pay-wire' })).toBe(true);
  });

  it('a card that succeeds while the wire waits settles; the wire money that then arrives is held', () => {
    const card: InvestmentEvent = { type: 'INVESTOR.CARD_PAYMENT_STARTED', paymentId: 'pay-card', dueCents: 26_000_00 };
    const paid = run(agreed(submitted()), card, wire(), { type: 'PROVIDER.CARD_SUCCEEDED', paymentId: 'pay-card', amountCents: 26_000_00 });
    expect(paid.context.payment).toMatchObject({ id: 'pay-card', method: 'CARD' });
    const twice = run(paid, funds('pay-wire', 25_000_00));
    expect(twice.context.heldTwice).toEqual(['pay-wire']);
  });

  it('a card payment takes no receipt from finance', () => {
    const pending = run(agreed(submitted()), { type: 'INVESTOR.CARD_PAYMENT_STARTED', paymentId: 'pay-card', dueCents: 26_000_00 });
    expect(refuses(pending, funds('pay-card', 26_000_00))).toBe(true);
  });
});

describe('tokens and refunds', () => {
  const paidApproved = () => run(agreed(run(submitted(), approve(reviewer('carla')))), wire(), funds('pay-wire', 25_000_00));

  it('tokens go only to the signed wallet, only once the KYC is approved', () => {
    expect(refuses(paidApproved(), { type: 'STAFF.TOKENS_ISSUED', staffId: 'fiona', wallet: `0x${'cd'.repeat(20)}`, transactionHash: '0x1' })).toBe(true);
    const issued = run(paidApproved(), { type: 'STAFF.TOKENS_ISSUED', staffId: 'fiona', wallet: WALLET.toUpperCase().replace('0X', '0x'), transactionHash: '0x1' });
    expect(issued.matches({ case: { investing: { settled: 'tokensIssued' } } })).toBe(true);
    const underReview = run(agreed(submitted()), wire(), funds('pay-wire', 25_000_00));
    expect(refuses(underReview, { type: 'STAFF.TOKENS_ISSUED', staffId: 'fiona', wallet: WALLET, transactionHash: '0x1' })).toBe(true);
  });

  it('a rejected investor who paid is refunded; a refused refund leaves the investment paid', () => {
    const paid = run(agreed(submitted()), wire(), funds('pay-wire', 25_000_00));
    const rejected = run(paid, { type: 'STAFF.KYC_REJECTED', reviewer: reviewer('carla'), reason: 'Sanctions list' });
    expect(refuses(rejected, { type: 'STAFF.TOKENS_ISSUED', staffId: 'fiona', wallet: WALLET, transactionHash: '0x1' })).toBe(true);
    const pending = run(rejected, { type: 'STAFF.REFUND_STARTED', staffId: 'fiona', paymentId: 'pay-wire' });
    expect(pending.matches({ case: { investing: 'refundPending' } })).toBe(true);
    expect(run(pending, { type: 'PROVIDER.REFUND_REFUSED', paymentId: 'pay-wire' }).matches({ case: { investing: { settled: 'paid' } } })).toBe(true);
    const refunded = run(pending, { type: 'STAFF.REFUND_SENT', staffId: 'fiona', paymentId: 'pay-wire', outgoingReference: 'OUT-1' });
    expect(refunded.matches({ case: { investing: 'refunded' } })).toBe(true);
    // Rejected: no new payment is started; a transfer the investor says they sent is still recorded (money moved).
    expect(refuses(refunded, { type: 'INVESTOR.CARD_PAYMENT_STARTED', paymentId: 'pay-2', dueCents: 26_000_00 })).toBe(true);
    expect(refuses(refunded, wire('pay-3'))).toBe(false);
  });

  it('money paid twice still goes back after the settled payment was refunded, and money arriving during a refund is held', () => {
    const card: InvestmentEvent = { type: 'INVESTOR.CARD_PAYMENT_STARTED', paymentId: 'pay-card', dueCents: 26_000_00 };
    const paid = run(agreed(submitted()), card, { type: 'PROVIDER.CARD_SUCCEEDED', paymentId: 'pay-card', amountCents: 26_000_00 });
    const twice = run(paid, funds('pay-wire', 25_000_00), { type: 'STAFF.KYC_REJECTED', reviewer: reviewer('carla'), reason: 'Sanctions list' });
    const pending = run(twice, { type: 'STAFF.REFUND_STARTED', staffId: 'fiona', paymentId: 'pay-card' });
    // A refusal about the other payment leaves the refund under way alone.
    expect(run(pending, { type: 'STAFF.REFUND_STARTED', staffId: 'fiona', paymentId: 'pay-wire' }, { type: 'PROVIDER.REFUND_REFUSED', paymentId: 'pay-wire' }).matches({ case: { investing: 'refundPending' } })).toBe(true);
    const refunded = run(pending, { type: 'PROVIDER.REFUND_SUCCEEDED', paymentId: 'pay-card' });
    expect(refunded.context.heldTwice).toEqual(['pay-wire']);
    const back = run(refunded, { type: 'STAFF.REFUND_STARTED', staffId: 'fiona', paymentId: 'pay-wire' }, { type: 'STAFF.REFUND_SENT', staffId: 'fiona', paymentId: 'pay-wire', outgoingReference: 'OUT-3' });
    expect(back.context.heldTwice).toEqual([]);
    expect(run(pending, funds('pay-late', 1_00)).context.heldTwice).toEqual(['pay-wire', 'pay-late']);
  });

  it('held money is returned, after which an investor still in good standing may pay again', () => {
    const held = run(agreed(submitted()), wire(), funds('pay-wire', 20_000_00));
    const refunded = run(held, { type: 'STAFF.REFUND_STARTED', staffId: 'fiona', paymentId: 'pay-wire' }, { type: 'STAFF.REFUND_SENT', staffId: 'fiona', paymentId: 'pay-wire', outgoingReference: 'OUT-2' });
    expect(refunded.context.payment).toBeNull();
    expect(run(refunded, wire('pay-2')).matches({ case: { investing: { payment: 'awaitingFunds' } } })).toBe(true);
  });
});

describe('an auditor reads every part', () => {
  const nodes = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states as Record<string, AnyStateNode>).flatMap((c) => [c, ...nodes(c)]);
  const all = nodes(investmentMachine.root);
  /** XState's not() is a function named 'not' holding the guards it negates; and()/or() hold theirs the same way. */
  const negations = (guard: unknown): string[] => {
    if (typeof guard !== 'function') return [];
    const inner = ((guard as { guards?: unknown[] }).guards ?? []).flatMap(negations);
    return guard.name === 'not' ? ['not', ...inner] : inner;
  };

  it('every state and every transition has a description', () => {
    const missing: string[] = [];
    for (const node of [investmentMachine.root, ...all]) {
      if (!node.description?.trim()) missing.push(`state ${node.id}`);
      for (const t of [...node.transitions.values()].flat()) if (!t.description?.trim()) missing.push(`${node.id} on ${t.eventType}`);
    }
    expect(missing).toEqual([]);
  });

  it('every event is a business fact with its actor, and no guard is a bare negation', () => {
    for (const node of all) {
      for (const t of [...node.transitions.values()].flat()) {
        expect(t.eventType).toMatch(/^(INVESTOR|STAFF|PROVIDER|MONITORING)\.[A-Z_]+$/);
        expect(negations(t.guard), `${node.id} on ${t.eventType}`).toEqual([]);
      }
    }
  });
});
