/**
 * Where each investor's case stands on the lifecycle chart, read from the rows the API leaves (issue 27): the
 * derivation a migration will use to give every existing investor a snapshot. Investors are taken through the steps
 * (the earlier steps set in the rows as other tests do, the money and the review through the real staff calls), and
 * after each the chart's state is the one the business would name. Each derived snapshot is the chart's own
 * (resolveState), and what it allows next is what the API allows next: the four-eyes second approval, issuance to the
 * signed wallet only. Issuance is decided by the chart, and its audit event records the fact and the states before and
 * after. Both databases.
 */
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema/index.ts';
import { investorCase, investorCases } from '../../src/server/domain/investment/investor-cases.ts';
import { forEachDatabase, randomWallet, type ApiTest } from './harness.ts';
import { passDisclosure } from './support/kyc.ts';
import { passKyc } from './support/legal.ts';
import { awaitingPayment, completedCardPayment, ethHash, issue, receipt, refund, setKyc, today } from './support/money.ts';
import { initiate, passAgreements, paymentInvestor } from './support/payment.ts';
import { createStaff } from './support/staff.ts';

const statesOf = async (t: ApiTest, userId: string) => (await investorCase(t.database.db, userId))!.states;

const decide = (t: ApiTest, token: string, userId: string, body: Record<string, unknown>) =>
  t.post(`/api/admin/kyc/cases/${userId}/decision`, { expectedRound: 1, ...body }, token);

forEachDatabase('the lifecycle read from the rows', (t) => {
  it('registration, disclosure, KYC and the review with four-eyes, step by step', async () => {
    const carla = await createStaff(t, ['compliance']);
    const dmitri = await createStaff(t, ['compliance']);
    const { user } = await t.register({ investmentAmount: 150_000 });
    expect(await statesOf(t, user.userId)).toEqual(['disclosure']);
    await passDisclosure(t, user.userId);
    expect(await statesOf(t, user.userId)).toEqual(['kycCollecting']);
    await passKyc(t, user.userId);
    expect(await statesOf(t, user.userId)).toEqual(['case.review.underReview', 'case.investing.agreements']);

    expect((await decide(t, carla.token, user.userId, { decision: 'APPROVED' })).status).toBe(200);
    const first = (await investorCase(t.database.db, user.userId))!;
    expect(first.states).toEqual(['case.review.firstApprovalGiven', 'case.investing.agreements']);
    expect(first.context.firstApprover).toBe(carla.id);
    // The chart, as derived, refuses Carla again and takes Dmitri: as the API does.
    const approval = (staffId: string) => ({ type: 'STAFF.KYC_APPROVED' as const, reviewer: { staffId, complianceSince: '2000-01-01T00:00:00.000Z' }, fourEyesAboveCents: 100_000_00, riskLevel: null, enhancedDueDiligence: false });
    expect(first.snapshot.can(approval(carla.id))).toBe(false);
    expect(first.snapshot.can(approval(dmitri.id))).toBe(true);
    expect((await decide(t, carla.token, user.userId, { decision: 'APPROVED' })).status).toBe(409);
    expect((await decide(t, dmitri.token, user.userId, { decision: 'APPROVED' })).status).toBe(200);
    expect(await statesOf(t, user.userId)).toEqual(['case.review.approved', 'case.investing.agreements']);
    const [approved] = await t.database.db.select({ detail: schema.auditEvents.detail }).from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, user.userId), eq(schema.auditEvents.action, 'admin.kyc.approved')));
    expect(approved!.detail).toMatchObject({ approvers: [carla.id, dmitri.id], lifecycle: { event: 'STAFF.KYC_APPROVED', from: ['case.review.firstApprovalGiven', 'case.investing.agreements'] } });
  });

  it('a resubmission request and a rejection', async () => {
    const carla = await createStaff(t, ['compliance']);
    const asked = await t.register();
    await passKyc(t, asked.user.userId);
    expect((await decide(t, carla.token, asked.user.userId, { decision: 'RESUBMISSION_REQUESTED', steps: ['identity'], message: 'The photo is blurred.' })).status).toBe(200);
    const reopened = (await investorCase(t.database.db, asked.user.userId))!;
    expect(reopened.states).toEqual(['case.review.resubmissionRequested', 'case.investing.agreements']);
    expect(reopened.context).toMatchObject({ kyc: 'resubmissionRequested', resubmissionSteps: ['identity'] });

    const refused = await t.register();
    await passKyc(t, refused.user.userId);
    expect((await decide(t, carla.token, refused.user.userId, { decision: 'REJECTED', reason: 'Sanctions list match' })).status).toBe(200);
    expect(await statesOf(t, refused.user.userId)).toEqual(['case.review.rejected', 'case.investing.agreements']);
  });

  it('payment: choosing, card pending, awaiting funds, on hold, paid, tokens to the signed wallet', async () => {
    const finance = await createStaff(t, ['finance']);
    const choosing = await paymentInvestor(t);
    expect(await statesOf(t, choosing.userId)).toEqual(['case.review.underReview', 'case.investing.payment.choosing']);
    await initiate(t, choosing, 'CARD');
    expect(await statesOf(t, choosing.userId)).toEqual(['case.review.underReview', 'case.investing.payment.cardPending']);

    const wire = await awaitingPayment(t, 'WIRE');
    expect(await statesOf(t, wire.userId)).toEqual(['case.review.underReview', 'case.investing.payment.awaitingFunds']);
    expect((await receipt(t, finance.token, wire.paymentId, { amount: wire.total - 100, receivedOn: today(t) })).status).toBe(200);
    const held = (await investorCase(t.database.db, wire.userId))!;
    expect(held.states).toEqual(['case.review.underReview', 'case.investing.payment.onHold']);
    expect(held.context.payment).toMatchObject({ id: wire.paymentId, receivedCents: wire.totalCents - 100_00, dueCents: wire.totalCents });
    expect((await receipt(t, finance.token, wire.paymentId, { amount: 100, receivedOn: today(t), reference: 'BANK-REF-2' })).status).toBe(200);
    expect(await statesOf(t, wire.userId)).toEqual(['case.review.underReview', 'case.investing.settled.paid']);
    // Each receipt's audit event names the transition it made.
    const receipts = await t.database.db.select({ detail: schema.auditEvents.detail }).from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, wire.userId), eq(schema.auditEvents.action, 'admin.money.receipt'))).orderBy(schema.auditEvents.seq);
    expect(receipts.map((r) => (r.detail as { lifecycle: unknown }).lifecycle)).toEqual([
      {
        event: 'STAFF.FUNDS_RECEIVED',
        from: ['case.review.underReview', 'case.investing.payment.awaitingFunds'],
        to: ['case.review.underReview', 'case.investing.payment.onHold'],
        via: ['investment.case.investing.payment.awaitingFunds:STAFF.FUNDS_RECEIVED:1'],
      },
      {
        event: 'STAFF.FUNDS_RECEIVED',
        from: ['case.review.underReview', 'case.investing.payment.onHold'],
        to: ['case.review.underReview', 'case.investing.settled.paid'],
        via: ['investment.case.investing.payment.onHold:STAFF.FUNDS_RECEIVED:0'],
      },
    ]);

    await setKyc(t, wire.userId, 'APPROVED');
    const paid = (await investorCase(t.database.db, wire.userId))!;
    const [legal] = await t.database.db.select().from(schema.legalAgreements).where(eq(schema.legalAgreements.userId, wire.userId));
    expect(paid.context.signedWallet).toBe(legal!.walletAddress);
    const issuance = (wallet: string) => ({ type: 'STAFF.TOKENS_ISSUED' as const, staffId: finance.id, wallet, transactionHash: ethHash() });
    expect(paid.snapshot.can(issuance(randomWallet()))).toBe(false);
    expect(paid.snapshot.can(issuance(legal!.walletAddress!))).toBe(true);
    expect((await issue(t, finance.token, wire.userId)).status).toBe(200);
    expect(await statesOf(t, wire.userId)).toEqual(['case.review.approved', 'case.investing.settled.tokensIssued']);
    // The chart decided, and the audit event says from where to where.
    const [issued] = await t.database.db.select({ detail: schema.auditEvents.detail }).from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, wire.userId), eq(schema.auditEvents.action, 'admin.money.issue')));
    expect((issued!.detail as { lifecycle: unknown }).lifecycle).toEqual({
      event: 'STAFF.TOKENS_ISSUED',
      from: ['case.review.approved', 'case.investing.settled.paid'],
      to: ['case.review.approved', 'case.investing.settled.tokensIssued'],
      via: ['investment.case.investing.settled.paid:STAFF.TOKENS_ISSUED:0'],
    });
  });

  it('a rejected investor paid by card is refunded; a second investor is still at the agreements', async () => {
    const finance = await createStaff(t, ['finance']);
    const card = await completedCardPayment(t);
    expect(await statesOf(t, card.userId)).toEqual(['case.review.underReview', 'case.investing.settled.paid']);
    await setKyc(t, card.userId, 'REJECTED');
    expect((await refund(t, finance.token, card.paymentId)).status).toBe(200);
    expect(await statesOf(t, card.userId)).toEqual(['case.review.rejected', 'case.investing.refunded']);
    const [refunded] = await t.database.db.select({ detail: schema.auditEvents.detail }).from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, card.userId), eq(schema.auditEvents.action, 'admin.money.refund')));
    expect((refunded!.detail as { lifecycle: unknown }).lifecycle).toEqual({
      event: 'PROVIDER.REFUND_SUCCEEDED',
      from: ['case.review.rejected', 'case.investing.refundPending'],
      to: ['case.review.rejected', 'case.investing.refunded'],
      via: ['investment.case.investing.refundPending:PROVIDER.REFUND_SUCCEEDED:0'],
    });

    const signing = await paymentInvestor(t, { agreements: false });
    const cases = await investorCases(t.database.db, [card.userId, signing.userId, '00000000-0000-4000-8000-000000000000']);
    expect([...cases.keys()].sort()).toEqual([card.userId, signing.userId].sort());
    expect(cases.get(signing.userId)!.states).toEqual(['case.review.underReview', 'case.investing.agreements']);
    await passAgreements(t, signing.userId);
    expect(await statesOf(t, signing.userId)).toEqual(['case.review.underReview', 'case.investing.payment.choosing']);
  });
});
