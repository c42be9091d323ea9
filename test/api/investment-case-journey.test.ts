/**
 * The stored case follows the investment through the real API (issue 27), on both databases: every call that moves
 * the case stores it in the same transaction, one version higher, equal to the chart's reading of the rows and with
 * no anomaly; a call that does not move it (a repeat, a payment started by wire) leaves the version; the audit event
 * of each decided fact names the states it went from and to, and they are the stored ones. Two journeys: wire with an
 * under-payment to tokens issued, and a card paid, the KYC rejected, the money refunded.
 */
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { DisclosureSection } from '../../src/shared/disclosure.ts';
import type { LifecycleInvestorsPage } from '../../src/shared/admin/lifecycle.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { recordCase } from '../../src/server/domain/investment/record-case.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { completeSteps } from './support/kyc.ts';
import { completeAgreements } from './support/legal.ts';
import { issue, receipt, refund } from './support/money.ts';
import { initiate, type PaymentInvestor } from './support/payment.ts';
import { createStaff } from './support/staff.ts';
import { expectStoredCase, storedCase } from './support/stored-case.ts';

const ok = async (res: Response, what: string) => {
  expect(res.status, `${what}: ${res.status === 200 ? '' : await res.clone().text()}`).toBe(200);
  return res;
};

/** Reads every active disclosure document for its minimum time on the server's clock, then completes the step. */
async function readDisclosure(t: ApiTest, token: string) {
  const sections = (await (await t.get('/api/disclosure/sections', token)).json()) as DisclosureSection[];
  for (const s of sections) {
    await ok(await t.post('/api/disclosure/save-progress', { sectionProgress: { [s.id]: { opened: true, timeSpent: 0 } } }, token), 'open');
    const seconds = Math.ceil(s.minReadingTime * 60);
    t.clock.advance(seconds * 1000);
    await ok(await t.post('/api/disclosure/save-progress', { sectionProgress: { [s.id]: { opened: true, timeSpent: seconds, scrolled: true, completed: true } } }, token), 'read');
  }
  return t.post('/api/disclosure/complete', { sectionProgress: {} }, token);
}

/** The latest audit event's lifecycle trace of the investor, for `action`. */
async function traceOf(t: ApiTest, userId: string, action: string) {
  const events = await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.userId, userId)).orderBy(asc(schema.auditEvents.seq));
  const event = events.filter((e) => e.action === action).at(-1);
  return (event?.detail as { lifecycle?: { event: string; from: string[]; to: string[] | null; via: string[] } } | undefined)?.lifecycle;
}

forEachDatabase('the stored case through the API', (t) => {
  /** Each step: the stored case, its version `changes` (one unless told) higher than before. */
  function stepper(userId: string) {
    let version = 0;
    return async (states: string[], { changes = 1 } = {}) => {
      const stored = await expectStoredCase(t, userId, states);
      expect(stored.version, states.join(' + ')).toBe(version + changes);
      version = stored.version;
      return stored;
    };
  }

  async function submittedInvestor() {
    const registered = await t.register({ investmentAmount: 20_000 });
    const userId = registered.user.userId;
    const step = stepper(userId);
    await step(['disclosure']);
    await ok(await readDisclosure(t, registered.token), 'disclosure complete');
    await step(['kycCollecting']);
    expect(await traceOf(t, userId, 'disclosure.completed')).toEqual({
      event: 'INVESTOR.DISCLOSURE_COMPLETED',
      from: ['disclosure'],
      to: ['kycCollecting'],
      via: ['investment.disclosure:INVESTOR.DISCLOSURE_COMPLETED:0'],
    });
    // Completing again changes nothing.
    await ok(await t.post('/api/disclosure/complete', { sectionProgress: {} }, registered.token), 'disclosure again');
    await step(['kycCollecting'], { changes: 0 });

    await completeSteps(t, registered.token);
    await step(['kycCollecting'], { changes: 0 });
    await ok(await t.post('/api/kyc/complete', {}, registered.token), 'kyc complete');
    await step(['case.review.underReview', 'case.investing.agreements']);
    expect((await traceOf(t, userId, 'kyc.completed'))?.to).toEqual(['case.review.underReview', 'case.investing.agreements']);

    await completeAgreements(t, registered.token);
    await step(['case.review.underReview', 'case.investing.payment.choosing']);
    const [investment] = await t.database.db.select().from(schema.investments).where(eq(schema.investments.userId, userId));
    const investor: PaymentInvestor = { token: registered.token, userId, email: registered.payload.email, amount: investment!.amount, investmentId: investment!.id };
    return { investor, step };
  }

  it('wire: sent, approved, under-paid then the rest, tokens issued; every change stored once, as the rows say', async () => {
    const compliance = await createStaff(t, ['compliance']);
    const finance = await createStaff(t, ['finance']);
    const { investor, step } = await submittedInvestor();

    const wire = await initiate(t, investor, 'WIRE');
    await step(['case.review.underReview', 'case.investing.payment.choosing'], { changes: 0 });
    await ok(await t.post('/api/payment/process', { paymentMethod: 'WIRE', paymentId: wire.paymentId, transactionId: wire.paymentRef }, investor.token), 'process');
    await step(['case.review.underReview', 'case.investing.payment.awaitingFunds']);
    expect((await traceOf(t, investor.userId, 'payment.sent'))?.event).toBe('INVESTOR.TRANSFER_SENT');

    await ok(await t.post(`/api/admin/kyc/cases/${investor.userId}/decision`, { expectedRound: 1, decision: 'APPROVED' }, compliance.token), 'approve');
    await step(['case.review.approved', 'case.investing.payment.awaitingFunds']);

    const part = Math.round(wire.totalAmount * 40) / 100;
    await ok(await receipt(t, finance.token, wire.paymentId, { amount: part, reference: 'BANK-PART-1' }), 'under-payment');
    const held = await step(['case.review.approved', 'case.investing.payment.onHold']);
    expect(held.context.payment).toMatchObject({ id: wire.paymentId, receivedCents: Math.round(part * 100) });
    const rest = Math.round((wire.totalAmount - part) * 100) / 100;
    await ok(await receipt(t, finance.token, wire.paymentId, { amount: rest, reference: 'BANK-PART-2' }), 'the rest');
    await step(['case.review.approved', 'case.investing.settled.paid']);
    expect(await traceOf(t, investor.userId, 'admin.money.receipt')).toEqual({
      event: 'STAFF.FUNDS_RECEIVED',
      from: ['case.review.approved', 'case.investing.payment.onHold'],
      to: ['case.review.approved', 'case.investing.settled.paid'],
      via: ['investment.case.investing.payment.onHold:STAFF.FUNDS_RECEIVED:0'],
    });

    await ok(await issue(t, finance.token, investor.userId), 'issue');
    const done = await step(['case.review.approved', 'case.investing.settled.tokensIssued']);
    expect(done.context.issuance).not.toBeNull();
    // Refused by the chart: nothing written, the version stays.
    expect((await refund(t, finance.token, wire.paymentId, { outgoingReference: 'RET-1' })).status).toBe(409);
    await step(['case.review.approved', 'case.investing.settled.tokensIssued'], { changes: 0 });
  });

  it('card: paid, KYC rejected, refunded; the card start and the provider’s answers are stored too', async () => {
    const compliance = await createStaff(t, ['compliance']);
    const finance = await createStaff(t, ['finance']);
    const { investor, step } = await submittedInvestor();

    const card = await initiate(t, investor, 'CARD');
    await step(['case.review.underReview', 'case.investing.payment.cardPending']);
    expect((await traceOf(t, investor.userId, 'payment.initiated'))?.event).toBe('INVESTOR.CARD_PAYMENT_STARTED');
    const pay = (paymentMethod: string) =>
      t.post('/api/payment/test-card/confirm', { paymentIntentId: card.stripe.paymentIntentId, clientSecret: card.stripe.clientSecret, paymentMethod }, investor.token);
    // A declined card keeps the attempt open (the intent takes another card): the case stays where it is.
    await pay('pm_card_chargeDeclined');
    await step(['case.review.underReview', 'case.investing.payment.cardPending'], { changes: 0 });
    await ok(await pay('pm_card_visa'), 'card paid');
    await step(['case.review.underReview', 'case.investing.settled.paid']);

    await ok(await t.post(`/api/admin/kyc/cases/${investor.userId}/decision`, { expectedRound: 1, decision: 'REJECTED', reason: 'Document forged.' }, compliance.token), 'reject');
    await step(['case.review.rejected', 'case.investing.settled.paid']);
    // Tokens to a rejected investor: refused by the chart, nothing stored.
    expect((await issue(t, finance.token, investor.userId)).status).toBe(409);
    await step(['case.review.rejected', 'case.investing.settled.paid'], { changes: 0 });

    // The refund is claimed (refund pending) and made by the provider in one call: two changes, two versions.
    await ok(await refund(t, finance.token, card.paymentId), 'refund');
    await step(['case.review.rejected', 'case.investing.refunded'], { changes: 2 });
    expect(await traceOf(t, investor.userId, 'admin.money.refund')).toEqual({
      event: 'PROVIDER.REFUND_SUCCEEDED',
      from: ['case.review.rejected', 'case.investing.refundPending'],
      to: ['case.review.rejected', 'case.investing.refunded'],
      via: ['investment.case.investing.refundPending:PROVIDER.REFUND_SUCCEEDED:0'],
    });
  });

  it('rows written that the chart did not decide are kept on the case as an anomaly, without blocking anything', async () => {
    const { user } = await t.register();
    const expected = { event: 'INVESTOR.DISCLOSURE_COMPLETED' as const, from: ['disclosure'], to: ['kycCollecting'], via: ['investment.disclosure:INVESTOR.DISCLOSURE_COMPLETED:0'] };
    // The rows still say disclosure: a route that claimed the step done without writing it.
    await recordCase(t.database.db, user.userId, expected, t.clock.now());
    const stored = await storedCase(t, user.userId);
    expect(stored.states).toEqual(['disclosure']);
    expect(stored.anomalies).toEqual(['The chart expected INVESTOR.DISCLOSURE_COMPLETED to lead from disclosure to kycCollecting; the rows say disclosure.']);
    const auditor = await createStaff(t, ['auditor']);
    const listed = (await (await t.get('/api/admin/lifecycle/investors?state=investment.disclosure', auditor.token)).json()) as LifecycleInvestorsPage;
    expect(listed.investors.find((i) => i.userId === user.userId)?.anomalies).toEqual(stored.anomalies);
  });
});
