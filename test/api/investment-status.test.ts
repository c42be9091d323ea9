/**
 * GET /api/investment/status (issue 28) on both databases: where the investor's own investment stands, from the case
 * on the lifecycle chart. The answer is checked against its strict schema on every read (no field beyond the
 * contract, so nothing staff-only rides along), names no member of staff, and is the caller's own: a wire under-paid
 * then completed and the tokens issued; a card paid, the KYC rejected, the money returned; steps asked for again.
 */
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { InvestmentStatusSchema, type InvestmentStatusResponse } from '../../src/shared/investment-status.ts';
import { bearer, forEachDatabase, type ApiTest } from './harness.ts';
import { completeSteps, passDisclosure } from './support/kyc.ts';
import { completeAgreements } from './support/legal.ts';
import { ethHash, issue, receipt, refund } from './support/money.ts';
import { initiate, type PaymentInvestor } from './support/payment.ts';
import { createStaff, type TestStaff } from './support/staff.ts';

async function status(t: ApiTest, token: string): Promise<InvestmentStatusResponse> {
  const res = await t.get('/api/investment/status', token);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return v.parse(InvestmentStatusSchema, await res.json());
}

const euros = (cents: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);

const namesNoStaff = (answer: InvestmentStatusResponse, staff: TestStaff[]) => {
  const text = JSON.stringify(answer);
  for (const member of staff) {
    expect(text).not.toContain(member.id);
    expect(text).not.toContain(member.email);
  }
};

forEachDatabase('the investor’s investment status', (t) => {
  /** Registered, disclosure done, the KYC submitted through the API, the agreements signed through the API. */
  async function signedInvestor(investmentAmount = 20_000): Promise<PaymentInvestor> {
    const { token, user, payload } = await t.register({ investmentAmount });
    await passDisclosure(t, user.userId);
    await completeSteps(t, token);
    expect((await t.post('/api/kyc/complete', {}, token)).status).toBe(200);
    await completeAgreements(t, token);
    return { token, userId: user.userId, email: payload.email, amount: investmentAmount, investmentId: '' };
  }
  const decide = (staff: TestStaff, userId: string, body: Record<string, unknown>) =>
    t.post(`/api/admin/kyc/cases/${userId}/decision`, { expectedRound: 1, ...body }, staff.token);

  it('a new investor: where to start, nothing paid, nothing issued; no token, no answer', async () => {
    const { token } = await t.register();
    const answer = await status(t, token);
    expect(answer).toMatchObject({ version: 1, headline: 'Read the offering documents to continue.', payment: null, tokens: null, refunds: [], timeline: [] });
    expect(answer.review).toEqual({ standing: 'collecting', resubmission: null });
    expect((await t.get('/api/investment/status')).status).toBe(401);
    expect((await t.get('/api/investment/status', 'not-a-token')).status).toBe(401);
  });

  it('a wire: awaiting, part received (what is still due), the rest, tokens issued with the hash; a timeline in the investor’s words', async () => {
    const compliance = await createStaff(t, ['compliance']);
    const finance = await createStaff(t, ['finance']);
    const ada = await signedInvestor();
    const other = await signedInvestor();
    expect((await decide(compliance, ada.userId, { decision: 'APPROVED' })).status).toBe(200);
    const wire = await initiate(t, ada, 'WIRE');
    expect((await t.post('/api/payment/process', { paymentMethod: 'WIRE', paymentId: wire.paymentId, transactionId: wire.paymentRef }, ada.token)).status).toBe(200);
    let answer = await status(t, ada.token);
    expect(answer.headline).toBe('We are waiting for your payment to arrive.');
    expect(answer.payment).toMatchObject({ paymentId: wire.paymentId, method: 'WIRE', stage: 'awaitingFunds', receivedCents: 0, stillDueCents: wire.totalAmount * 100, reference: wire.paymentRef, hold: null });
    // Where to send it, again: the bank details the payment page showed, with the investor's reference and its QR.
    const bank = await (await t.get('/api/payment/bank-transaction-config', ada.token)).json();
    expect(answer.payment?.transfer).toEqual({ ...bank.bankDetails, amountCents: wire.totalAmount * 100, qrImage: bank.qrImage });
    expect(answer.payment?.transfer?.qrImage).toMatch(/^data:image\/png;base64,/);

    const part = Math.round(wire.totalAmount * 40) / 100;
    expect((await receipt(t, finance.token, wire.paymentId, { amount: part, reference: 'BANK-A1' })).status).toBe(200);
    answer = await status(t, ada.token);
    const due = Math.round(wire.totalAmount * 100) - Math.round(part * 100);
    expect(answer.payment).toMatchObject({ stage: 'onHold', hold: 'underpaid', receivedCents: Math.round(part * 100), stillDueCents: due });
    expect(answer.headline).toMatch(/^We received part of your payment: €[\d,]+\.\d\d is still due\.$/);
    // The rest, to the same account with the same reference; the QR now asks for what is still due.
    expect(answer.payment?.transfer).toMatchObject({ reference: wire.paymentRef, amountCents: due, accountNumber: bank.bankDetails.accountNumber });
    expect(answer.payment?.transfer?.qrImage).not.toBe(bank.qrImage);

    expect((await receipt(t, finance.token, wire.paymentId, { amount: due / 100, reference: 'BANK-A2' })).status).toBe(200);
    answer = await status(t, ada.token);
    expect(answer.payment).toMatchObject({ stage: 'paid', stillDueCents: 0, paidAt: expect.any(String), transfer: null });
    expect(answer.headline).toBe('Your payment was received; your tokens will be issued.');

    const hash = ethHash();
    expect((await issue(t, finance.token, ada.userId, { transactionHash: hash })).status).toBe(200);
    answer = await status(t, ada.token);
    expect(answer.headline).toBe('Your tokens were issued to your wallet.');
    expect(answer.tokens).toMatchObject({ transactionHash: hash.toLowerCase(), explorerUrl: null, issuedAt: expect.any(String) });
    // With the issuer's block explorer configured, the hash is a link there.
    const linked = t.makeApp({ explorerTxUrl: 'https://etherscan.io/tx/{hash}' });
    const withLink = v.parse(InvestmentStatusSchema, await (await linked.request('/api/investment/status', { headers: bearer(ada.token) })).json());
    expect(withLink.tokens?.explorerUrl).toBe(`https://etherscan.io/tx/${hash.toLowerCase()}`);
    expect(answer.timeline.map((f) => [f.by, f.words])).toEqual([
      ['you', 'You submitted your identity verification.'],
      ['you', 'You signed the seven agreements.'],
      ['the foundation', 'The foundation approved your identity verification.'],
      ['you', 'You told us your bank transfer was sent.'],
      ['the foundation', `The foundation received ${euros(Math.round(part * 100))} of your payment.`],
      ['the foundation', `The foundation received ${euros(due)} of your payment.`],
      ['the foundation', 'Your tokens were sent to your wallet.'],
    ]);
    namesNoStaff(answer, [compliance, finance]);

    // Another investor's answer is theirs only.
    const theirs = await status(t, other.token);
    expect(theirs.payment).toBeNull();
    expect(JSON.stringify(theirs)).not.toContain(wire.paymentId);
    expect(theirs.headline).toBe('Your identity verification is under review; choose how to pay.');
  });

  it('a card paid, the KYC rejected, the money returned: refunded, with the amount', async () => {
    const compliance = await createStaff(t, ['compliance']);
    const finance = await createStaff(t, ['finance']);
    const gus = await signedInvestor();
    const card = await initiate(t, gus, 'CARD');
    expect((await status(t, gus.token)).payment).toMatchObject({ stage: 'cardPending', method: 'CARD', transfer: null });
    const paid = await t.post('/api/payment/test-card/confirm', { paymentIntentId: card.stripe.paymentIntentId, clientSecret: card.stripe.clientSecret, paymentMethod: 'pm_card_visa' }, gus.token);
    expect(paid.status).toBe(200);
    expect((await decide(compliance, gus.userId, { decision: 'REJECTED', reason: 'Forged document.' })).status).toBe(200);
    expect((await status(t, gus.token)).headline).toBe('Your identity verification was not approved; your payment will be returned to you.');
    expect((await refund(t, finance.token, card.paymentId)).status).toBe(200);
    const answer = await status(t, gus.token);
    expect(answer.headline).toBe('Your identity verification was not approved; your payment was returned to you.');
    expect(answer.review.standing).toBe('rejected');
    expect(answer.payment).toBeNull();
    // The chart takes no new payment from a rejected investor: the page offers none.
    expect(answer.next).toEqual({ redoSteps: false, payAgain: false });
    expect(answer.refunds).toEqual([{ paymentId: card.paymentId, method: 'CARD', amountCents: card.totalAmount * 100, at: expect.any(String) }]);
    expect(answer.timeline.map((f) => f.words).slice(-3)).toEqual([
      'Your card payment went through.',
      'The foundation did not approve your identity verification.',
      expect.stringMatching(/^€[\d,.]+ was returned to you\.$/),
    ]);
    namesNoStaff(answer, [compliance, finance]);
  });

  it('a wire held as under-paid and returned: refunded, and the chart lets the investor pay again', async () => {
    const finance = await createStaff(t, ['finance']);
    const ivy = await signedInvestor();
    const wire = await initiate(t, ivy, 'WIRE');
    expect((await t.post('/api/payment/process', { paymentMethod: 'WIRE', paymentId: wire.paymentId, transactionId: wire.paymentRef }, ivy.token)).status).toBe(200);
    expect((await receipt(t, finance.token, wire.paymentId, { amount: 100 })).status).toBe(200);
    expect((await status(t, ivy.token)).next).toEqual({ redoSteps: false, payAgain: false });
    expect((await refund(t, finance.token, wire.paymentId, { reason: 'Underpaid, returned', outgoingReference: 'RET-1' })).status).toBe(200);
    const answer = await status(t, ivy.token);
    expect(answer.headline).toBe('Your payment was returned to you; you may pay again.');
    expect(answer.payment).toBeNull();
    expect(answer.refunds).toEqual([{ paymentId: wire.paymentId, method: 'WIRE', amountCents: 10_000, at: expect.any(String) }]);
    expect(answer.next).toEqual({ redoSteps: false, payAgain: true });
  });

  it('steps asked for again: which, with the reviewer’s message to the investor', async () => {
    const compliance = await createStaff(t, ['compliance']);
    const fay = await signedInvestor();
    expect((await decide(compliance, fay.userId, { decision: 'RESUBMISSION_REQUESTED', steps: ['identity'], message: 'The passport photo is blurred.' })).status).toBe(200);
    const answer = await status(t, fay.token);
    expect(answer.headline).toBe('We asked you to redo some identity verification steps.');
    expect(answer.review).toEqual({ standing: 'resubmissionRequested', resubmission: { steps: ['identity'], message: 'The passport photo is blurred.' } });
    expect(answer.next).toEqual({ redoSteps: true, payAgain: false });
    expect(answer.timeline.at(-1)).toMatchObject({ by: 'the foundation', words: 'The foundation asked you to redo some verification steps.' });
  });
});
