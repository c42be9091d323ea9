/**
 * The steps after KYC re-check it on the server (issue 15): once compliance rejects an investor, or asks for a
 * resubmission, the agreements and the START of a payment are refused (409, in words), whatever the browser believes;
 * recording what already happened (a wire the investor says was sent) is still accepted, so the money is on record
 * for finance to reconcile or refund.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { KYC_NOT_APPROVED } from '../../src/server/domain/kyc/kyc-done.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { initiate, initiateBody, paymentInvestor, paymentRows, type PaymentInvestor } from './support/payment.ts';
import { createStaff, type TestStaff } from './support/staff.ts';

forEachDatabase('KYC done, re-checked by the later steps', (t) => {
  const decide = async (officer: TestStaff, userId: string, body: Record<string, unknown>) => {
    const res = await t.post(`/api/admin/kyc/cases/${userId}/decision`, { expectedRound: 1, ...body }, officer.token);
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const refused = async (res: Promise<Response>, error: string) => {
    const answer = await res;
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ error });
  };
  const startingCalls = (investor: PaymentInvestor) => [
    () => t.post('/api/payment/initiate', initiateBody(investor, 'WIRE'), investor.token),
    () => t.post('/api/payment/initiate', initiateBody(investor, 'CARD'), investor.token),
    () => t.get('/api/payment/bank-transaction-config', investor.token),
    () => t.post('/api/legal/save-progress', { agreements: {} }, investor.token),
  ];

  it('refuses the agreements and starting a payment after a rejection, in its own words, and writes nothing', async () => {
    const officer = await createStaff(t, ['compliance']);
    const investor = await paymentInvestor(t);
    await decide(officer, investor.userId, { decision: 'REJECTED', reason: 'Documents do not match.' });
    for (const call of startingCalls(investor)) await refused(call(), KYC_NOT_APPROVED);
    expect(await paymentRows(t, investor.userId)).toEqual([]);
  });

  it('refuses them while a resubmission is asked for, and opens them again once the investor resubmitted', async () => {
    const officer = await createStaff(t, ['compliance']);
    const investor = await paymentInvestor(t);
    await decide(officer, investor.userId, { decision: 'RESUBMISSION_REQUESTED', steps: ['aml'], message: 'Please describe your occupation.' });
    for (const call of startingCalls(investor)) await refused(call(), messages.legal.kycFirst);
    // Back under review (as a resubmission ends): the calls open again.
    await t.database.db.update(schema.kycVerifications).set({ status: 'UNDER_REVIEW', reviewRound: 2, completedAt: t.clock.now() }).where(eq(schema.kycVerifications.userId, investor.userId));
    expect((await t.get('/api/payment/bank-transaction-config', investor.token)).status).toBe(200);
  });

  it('still records a wire the investor sent before the rejection', async () => {
    const officer = await createStaff(t, ['compliance']);
    const investor = await paymentInvestor(t);
    const wire = await initiate(t, investor, 'WIRE');
    await decide(officer, investor.userId, { decision: 'REJECTED', reason: 'Sanctions list match.' });
    const res = await t.post('/api/payment/process', { paymentMethod: 'WIRE', paymentId: wire.paymentId, transactionId: wire.paymentRef }, investor.token);
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await paymentRows(t, investor.userId);
    expect(row?.paymentStatus).toBe('AWAITING_FUNDS');
  });
});

export type { ApiTest };
