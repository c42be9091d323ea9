/**
 * Refunds (issue 15; the rule in docs/decisions.md "Issue 15: refunds"): only for funds received, when the investor's
 * KYC is REJECTED or the payment is ON_HOLD, never after issuance. A card payment is refunded through the provider's
 * refund API (the local test provider and the real Stripe SDK against the fake Stripe): the provider's refund id is
 * recorded; a refusal (502) or an outage (503) records no refund, only the attempt in the audit trail. Crypto and wire need the outgoing reference.
 * A double click (parallel, or the same requestId twice) refunds once at the provider.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { RefundViewSchema } from '../../src/shared/admin/money.ts';
import { moneyMessages } from '../../src/shared/admin/money-messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { bearer, forEachDatabase, type ApiTest } from './harness.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { awaitingPayment, completedCardPayment, mailsTo, paymentRow, receipt, refund, refundBody, refundRows, setKyc, staffAudit, type MoneyCase } from './support/money.ts';
import { initiateBody, investmentRow, paymentInvestor } from './support/payment.ts';
import { stripeApp, type StripeApp } from './support/payment-stripe.ts';
import { rowCounts } from './support/row-counts.ts';
import { createStaff } from './support/staff.ts';
import { expectStatusPageLink } from './support/status-page-mail.ts';

const localRefunds = (t: ApiTest, intentId: string) => t.database.db.select().from(schema.localCardRefunds).where(eq(schema.localCardRefunds.paymentIntentId, intentId));

forEachDatabase('finance: refunds', (t) => {
  describe('card, through the local test provider', () => {
    it('refunds a rejected investor\u2019s card payment: provider refund recorded, payment REFUNDED, investor emailed, audited', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await completedCardPayment(t);
      await setKyc(t, p.userId, 'REJECTED');
      const res = await refund(t, finance.token, p.paymentId, { reason: 'KYC rejected: documents not genuine' });
      expect(res.status).toBe(200);
      // The answer passes the schema the back-office checks it with (issue 29).
      const body = v.parse(RefundViewSchema, await res.json());
      expect(body).toMatchObject({ status: 'SUCCEEDED', amount: p.total, providerRefundId: expect.stringMatching(/^re_local_/), outgoingReference: null });
      const provider = await localRefunds(t, p.intentId!);
      expect(provider).toHaveLength(1);
      expect(provider[0]).toMatchObject({ id: body.providerRefundId, amount: p.totalCents, status: 'succeeded' });
      expect((await paymentRow(t, p.paymentId)).paymentStatus).toBe('REFUNDED');
      expect(await investmentRow(t, p.userId)).toMatchObject({ paymentCompleted: false, completedAt: null });
      expect(await refundRows(t, p.paymentId)).toMatchObject([{ status: 'SUCCEEDED', staffId: finance.id, providerRefundId: body.providerRefundId, reason: 'KYC rejected: documents not genuine' }]);
      expect(mailsTo(t, p.email, 'G2G: your payment was refunded')).toHaveLength(1);
      expectStatusPageLink(mailsTo(t, p.email, 'G2G: your payment was refunded')[0]);
      expect(await staffAudit(t, p.userId)).toMatchObject([
        { action: 'admin.money.refund_started', staffId: finance.id, detail: { role: 'finance', paymentId: p.paymentId, lifecycle: { event: 'STAFF.REFUND_STARTED' } } },
        { action: 'admin.money.refund', staffId: finance.id, detail: { role: 'finance', providerRefundId: body.providerRefundId, to: 'REFUNDED' } },
      ]);
      // The status answer still reads, with the new status.
      const status = await t.get('/api/payment/status', p.token);
      expect(status.status).toBe(200);
      expect(((await status.json()) as { latestPayment: { paymentStatus: string } }).latestPayment.paymentStatus).toBe('REFUNDED');
      // Once refunded: another request is 409.
      const again = await refund(t, finance.token, p.paymentId);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: moneyMessages.alreadyRefunded });
    });

    it('refuses a refund for an approved (or pending) investor with a completed payment, writing nothing', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await completedCardPayment(t);
      for (const kyc of ['APPROVED', 'UNDER_REVIEW'] as const) {
        await setKyc(t, p.userId, kyc);
        const before = await rowCounts(t.database.db);
        const res = await refund(t, finance.token, p.paymentId);
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({ error: moneyMessages.refundNotAllowed });
        expect(await rowCounts(t.database.db)).toEqual(before);
      }
      expect(await localRefunds(t, p.intentId!)).toHaveLength(0);
    });

    it('a double click at once refunds once at the provider; the same requestId again answers the refund made', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await completedCardPayment(t);
      await setKyc(t, p.userId, 'REJECTED');
      const body = refundBody();
      const answers = await Promise.all([0, 1].map(() => t.post(`/api/admin/payments/${p.paymentId}/refund`, body, finance.token)));
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      expect([200, 409]).toContain(statuses[1]);
      expect(await localRefunds(t, p.intentId!)).toHaveLength(1);
      expect(await refundRows(t, p.paymentId)).toHaveLength(1);
      const replay = await t.post(`/api/admin/payments/${p.paymentId}/refund`, body, finance.token);
      expect(replay.status).toBe(200);
      expect(await localRefunds(t, p.intentId!)).toHaveLength(1);
      expect(mailsTo(t, p.email, 'G2G: your payment was refunded')).toHaveLength(1);
      expect((await staffAudit(t, p.userId)).map((e) => e.action)).toEqual(['admin.money.refund_started', 'admin.money.refund']);
      // Two different clicks (two requestIds) at once: still one.
      const q = await completedCardPayment(t);
      await setKyc(t, q.userId, 'REJECTED');
      await Promise.all([0, 1, 2].map(() => refund(t, finance.token, q.paymentId)));
      expect(await localRefunds(t, q.intentId!)).toHaveLength(1);
      expect(await refundRows(t, q.paymentId)).toMatchObject([{ status: 'SUCCEEDED' }]);
    });

    it('the provider refusing (an intent not succeeded there) answers 502 in words and records no refund, only the attempt', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await completedCardPayment(t);
      await setKyc(t, p.userId, 'REJECTED');
      await t.database.db.update(schema.localCardIntents).set({ status: 'canceled' }).where(eq(schema.localCardIntents.id, p.intentId!));
      const before = await rowCounts(t.database.db);
      const res = await refund(t, finance.token, p.paymentId);
      expect(res.status).toBe(502);
      const { error } = (await res.json()) as { error: string };
      expect(error).toMatch(/^The card provider refused the refund: .*canceled.* No refund was recorded; the attempt is in the audit trail\.$/);
      expect(await rowCounts(t.database.db)).toEqual({ ...before, audit_events: before.audit_events! + 2 });
      expect((await staffAudit(t, p.userId)).map((e) => [e.action, (e.detail as { lifecycle?: { event: string } }).lifecycle?.event])).toEqual([
        ['admin.money.refund_started', 'STAFF.REFUND_STARTED'],
        ['admin.money.refund_refused', 'PROVIDER.REFUND_REFUSED'],
      ]);
      expect((await paymentRow(t, p.paymentId)).paymentStatus).toBe('COMPLETED');
    });

    it('the local provider refuses a refund larger than captured and a key reused with another amount', async () => {
      const p = await completedCardPayment(t);
      await expect(t.card.refundPaymentIntent(p.intentId!, { amountCents: p.totalCents + 1, idempotencyKey: `k-${randomUUID()}` })).rejects.toThrow(/greater than/);
      const key = `k-${randomUUID()}`;
      const first = await t.card.refundPaymentIntent(p.intentId!, { amountCents: 100, idempotencyKey: key });
      expect(await t.card.refundPaymentIntent(p.intentId!, { amountCents: 100, idempotencyKey: key })).toEqual(first);
      await expect(t.card.refundPaymentIntent(p.intentId!, { amountCents: 200, idempotencyKey: key })).rejects.toThrow(/same parameters/);
      await expect(t.card.refundPaymentIntent(p.intentId!, { amountCents: p.totalCents, idempotencyKey: `k-${randomUUID()}` })).rejects.toThrow(/greater than/);
      expect(await localRefunds(t, p.intentId!)).toHaveLength(1);
    });
  });

  describe('crypto and wire', () => {
    it('an on-hold wire payment is refunded with the outgoing reference (required): the sum received goes back', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await awaitingPayment(t, 'WIRE');
      await receipt(t, finance.token, p.paymentId, { amount: 100.5 });
      expect((await paymentRow(t, p.paymentId)).paymentStatus).toBe('ON_HOLD');
      const before = await rowCounts(t.database.db);
      for (const outgoingReference of [undefined, '', 'x'.repeat(141), 'A\u0000B']) {
        const res = await refund(t, finance.token, p.paymentId, { reason: 'Underpaid, returned', ...(outgoingReference === undefined ? {} : { outgoingReference }) });
        expect(res.status, String(outgoingReference)).toBe(400);
      }
      expect(await rowCounts(t.database.db)).toEqual(before);
      const res = await refund(t, finance.token, p.paymentId, { reason: 'Underpaid, returned', outgoingReference: 'RET-2026-0001' });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'SUCCEEDED', amount: 100.5, outgoingReference: 'RET-2026-0001', providerRefundId: null });
      expect((await paymentRow(t, p.paymentId)).paymentStatus).toBe('REFUNDED');
      expect(mailsTo(t, p.email, 'G2G: your payment was refunded')[0]?.text).toContain('RET-2026-0001');
    });

    it('takes no receipt while a refund of the payment is under way (its amount was computed from the receipts)', async () => {
      const finance = await createStaff(t, ['finance']);
      const p = await awaitingPayment(t, 'WIRE');
      await receipt(t, finance.token, p.paymentId, { amount: 10 });
      await t.database.db.insert(schema.refunds).values({ paymentId: p.paymentId, userId: p.userId, requestId: randomUUID(), amountCents: 1000, status: 'PENDING', reason: 'x', staffId: finance.id, createdAt: t.clock.now() });
      const res = await receipt(t, finance.token, p.paymentId, { amount: 5, reference: 'late' });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: moneyMessages.refundInProgress });
      // And a second refund click meanwhile is told it is under way.
      const again = await refund(t, finance.token, p.paymentId, { outgoingReference: 'RET-2' });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: moneyMessages.refundInProgress });
      // A claim left behind (a crash) is taken up after five minutes: a wire refund then completes with its reference.
      t.clock.advance(6 * 60_000);
      await t.database.db.update(schema.refunds).set({ outgoingReference: 'RET-LEFT' }).where(eq(schema.refunds.paymentId, p.paymentId));
      const later = await refund(t, finance.token, p.paymentId, { outgoingReference: 'RET-3' });
      expect(later.status).toBe(200);
      expect(await later.json()).toMatchObject({ status: 'SUCCEEDED', outgoingReference: 'RET-LEFT', amount: 10 });
    });

    it('refuses a refund of a payment awaiting funds (nothing received) even for a rejected investor', async () => {
      const finance = await createStaff(t, ['finance']);
      const p: MoneyCase = await awaitingPayment(t, 'CRYPTO');
      await setKyc(t, p.userId, 'REJECTED');
      const res = await refund(t, finance.token, p.paymentId, { outgoingReference: 'x' });
      expect(res.status).toBe(409);
      expect(await refundRows(t, p.paymentId)).toHaveLength(0);
      expect((await refund(t, finance.token, randomUUID())).status).toBe(404);
      expect((await refund(t, finance.token, 'DROP TABLE')).status).toBe(404);
    });
  });
});

forEachDatabase('finance: card refunds through the Stripe SDK (fake Stripe API)', (t) => {
  let fake: FakeStripe;
  let s: StripeApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    s = stripeApp(t, fake);
  });
  afterAll(() => fake.close());

  const paidByStripe = async () => {
    const investor = await paymentInvestor(t);
    const res = await s.post('/api/payment/initiate', initiateBody(investor, 'CARD'), investor.token);
    const body = (await res.json()) as { paymentId: string; stripe: { paymentIntentId: string } };
    fake.update(body.stripe.paymentIntentId, { status: 'succeeded' });
    expect((await s.post('/api/payment/confirm-stripe', { paymentIntentId: body.stripe.paymentIntentId }, investor.token)).status).toBe(200);
    await setKyc(t, investor.userId, 'REJECTED');
    return { ...investor, paymentId: body.paymentId, intentId: body.stripe.paymentIntentId };
  };
  const refundVia = (token: string, paymentId: string, body = refundBody()) =>
    s.app.request(`/api/admin/payments/${paymentId}/refund`, { method: 'POST', headers: { 'content-type': 'application/json', ...bearer(token) }, body: JSON.stringify(body) });

  it('refunds through /v1/refunds with an idempotency key and records Stripe\u2019s refund id', async () => {
    const finance = await createStaff(t, ['finance']);
    const p = await paidByStripe();
    const res = await refundVia(finance.token, p.paymentId);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { providerRefundId: string };
    const made = [...fake.refunds.values()].filter((r) => r.payment_intent === p.intentId);
    expect(made).toHaveLength(1);
    expect(body.providerRefundId).toBe(made[0]!.id);
    const [row] = await refundRows(t, p.paymentId);
    const call = fake.requests.find((r) => r.path === '/v1/refunds' && r.form.payment_intent === p.intentId);
    expect(call).toMatchObject({ idempotencyKey: `g2g-refund-${row!.id}`, form: { amount: String(made[0]!.amount) } });
  });

  it('parallel refunds make one refund at Stripe', async () => {
    const finance = await createStaff(t, ['finance']);
    const p = await paidByStripe();
    const body = refundBody();
    await Promise.all([0, 1, 2].map(() => refundVia(finance.token, p.paymentId, body)));
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === p.intentId)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/v1/refunds' && r.form.payment_intent === p.intentId)).toHaveLength(1);
    expect(await refundRows(t, p.paymentId)).toMatchObject([{ status: 'SUCCEEDED' }]);
  });

  it('Stripe down: 503 in words; Stripe refusing: 502 in words; no refund recorded, only the attempts', async () => {
    const finance = await createStaff(t, ['finance']);
    const p = await paidByStripe();
    const before = await rowCounts(t.database.db);
    fake.failWith(500);
    const down = await refundVia(finance.token, p.paymentId);
    fake.failWith(0);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ error: moneyMessages.providerUnavailable });
    expect(await rowCounts(t.database.db)).toEqual({ ...before, audit_events: before.audit_events! + 2 });
    // Refunded at Stripe by someone else already: Stripe says so.
    fake.refunds.set('re_outside', { id: 're_outside', object: 'refund', amount: fake.intents.get(p.intentId)!.amount, currency: 'eur', payment_intent: p.intentId, status: 'succeeded', created: 0 });
    const refused = await refundVia(finance.token, p.paymentId);
    expect(refused.status).toBe(502);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^The card provider refused the refund: Charge .* has already been refunded\. No refund was recorded; the attempt is in the audit trail\.$/);
    expect(await rowCounts(t.database.db)).toEqual({ ...before, audit_events: before.audit_events! + 4 });
    expect((await paymentRow(t, p.paymentId)).paymentStatus).toBe('COMPLETED');
  });
});
