/**
 * POST /api/payment/initiate, hostile first: before the agreements, tampered amounts (a cent, a fraction of a cent,
 * the fee, the total), the wrong wire reference, a card total above Stripe's ceiling, odd bodies; then the one open
 * payment per method under repeats and 20 parallel calls (one row, one card intent), and the refusal once paid.
 * Every refusal is shown to write nothing (every table counted).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import * as v from 'valibot';
import { CARD_MAX_TOTAL_CENTS, InitiatePaymentResponseSchema, paymentAmounts } from '../../src/shared/payment.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase } from './harness.ts';
import { initiate, initiateBody, paymentInvestor, paymentRows, auditActions } from './support/payment.ts';
import { rowCounts } from './support/row-counts.ts';

forEachDatabase('payment initiation', (t) => {
  const refuse = async (token: string, body: unknown, status: number, error: string) => {
    const before = await rowCounts(t.database.db);
    const res = await t.post('/api/payment/initiate', body, token);
    expect({ status: res.status, body: await res.json() }).toEqual({ status, body: { error } });
    expect(await rowCounts(t.database.db)).toEqual(before);
  };

  describe('refusals', () => {
    it('refuses every method before the agreements are complete, writing nothing', async () => {
      const investor = await paymentInvestor(t, { agreements: false });
      for (const method of ['CARD', 'CRYPTO', 'WIRE'] as const) await refuse(investor.token, initiateBody(investor, method), 409, messages.payment.agreementsFirst);
    });

    it('refuses tampered amounts, fees and totals (to the cent and below it)', async () => {
      const investor = await paymentInvestor(t);
      for (const method of ['CARD', 'CRYPTO', 'WIRE'] as const) {
        const right = initiateBody(investor, method);
        for (const tamper of [
          { amount: right.amount - 0.01 },
          { amount: right.amount + 0.001 },
          { amount: 1 },
          { processingFee: right.processingFee + 100, totalAmount: right.totalAmount + 100 },
          { processingFee: right.processingFee + 0.01 },
          { totalAmount: right.totalAmount + 1 },
          { totalAmount: right.totalAmount - 0.01 },
          { amount: right.amount * 2, totalAmount: right.totalAmount * 2 },
        ]) {
          await refuse(investor.token, { ...right, ...tamper }, 400, messages.payment.amountMismatch);
        }
      }
      // A crypto method's fee on a card is a tampered fee too.
      const card = initiateBody(investor, 'CARD');
      const cryptoFee = paymentAmounts(investor.amount, 'CRYPTO');
      await refuse(investor.token, { ...card, processingFee: cryptoFee.feeCents / 100, totalAmount: cryptoFee.totalCents / 100 }, 400, messages.payment.amountMismatch);
      expect(await paymentRows(t, investor.userId)).toEqual([]);
    });

    it("refuses a wire reference that is not the investor's", async () => {
      const investor = await paymentInvestor(t);
      const other = await paymentInvestor(t);
      for (const wireReference of ['G2G-INV-123456', initiateBody(other, 'WIRE').wireReference, '', 'g2g-inv-' + investor.userId.slice(0, 6)]) {
        await refuse(investor.token, initiateBody(investor, 'WIRE', { wireReference }), 400, messages.payment.wireReferenceMismatch);
      }
    });

    it("refuses a card total above Stripe's ceiling and points to wire", async () => {
      const investor = await paymentInvestor(t, { investmentAmount: 1_000_000 });
      expect(paymentAmounts(investor.amount, 'CARD').totalCents).toBeGreaterThan(CARD_MAX_TOTAL_CENTS);
      await refuse(investor.token, initiateBody(investor, 'CARD'), 400, messages.payment.cardAboveLimit);
      // Wire is fine for the same investment.
      expect((await initiate(t, investor, 'WIRE')).totalAmount).toBe(1_000_000);
    });

    it('refuses odd bodies: another method, extra fields, wrong types, negative, huge, odd Unicode', async () => {
      const investor = await paymentInvestor(t);
      const card = initiateBody(investor, 'CARD');
      for (const body of [
        { ...card, paymentMethod: 'BANK_TRANSFER' },
        { ...card, paymentMethod: 'card' },
        { ...card, userId: crypto.randomUUID() },
        { ...card, amount: String(card.amount) },
        { ...card, amount: -card.amount },
        { ...card, totalAmount: 1e300 },
        { ...initiateBody(investor, 'CRYPTO'), cryptoCurrency: 'DOGE' },
        { ...initiateBody(investor, 'WIRE'), wireReference: 'G2G-INV-\u202e' + 'x'.repeat(100) },
        null,
        [],
      ]) {
        const before = await rowCounts(t.database.db);
        const res = await t.post('/api/payment/initiate', body, investor.token);
        expect(res.status).toBe(400);
        expect(await rowCounts(t.database.db)).toEqual(before);
      }
      expect((await t.post('/api/payment/initiate', card)).status).toBe(401);
    });
  });

  describe('one open payment per method', () => {
    it('answers a repeated wire initiation with the same payment and reference', async () => {
      const investor = await paymentInvestor(t);
      const first = await initiate(t, investor, 'WIRE');
      const again = await initiate(t, investor, 'WIRE');
      expect(again).toEqual(first);
      expect(v.is(InitiatePaymentResponseSchema, first)).toBe(true);
      expect(first).toMatchObject({ paymentMethod: 'WIRE', amount: investor.amount, processingFee: 0, totalAmount: investor.amount, paymentRef: initiateBody(investor, 'WIRE').wireReference });
      const rows = await paymentRows(t, investor.userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: first.paymentId, paymentStatus: 'PENDING', amountCents: Math.round(investor.amount * 100), feeCents: 0, paymentRef: first.paymentRef });
      expect(await auditActions(t, investor.userId)).toEqual(['payment.initiated']);
    });

    it('creates one card intent for the payment: EUR, the total in cents, the ids in its metadata; a repeat reads it back', async () => {
      const investor = await paymentInvestor(t);
      const first = await initiate(t, investor, 'CARD');
      const { totalCents, feeCents } = paymentAmounts(investor.amount, 'CARD');
      expect(first).toMatchObject({ paymentMethod: 'CARD', amount: investor.amount, processingFee: feeCents / 100, totalAmount: totalCents / 100 });
      expect(v.is(InitiatePaymentResponseSchema, first)).toBe(true);
      expect(first.stripe.paymentIntentId).toMatch(/^pi_local_/);
      expect(first.stripe.clientSecret).toMatch(new RegExp(`^${first.stripe.paymentIntentId}_secret_`));
      const intent = await t.card.retrievePaymentIntent(first.stripe.paymentIntentId);
      expect(intent).toMatchObject({ amount: totalCents, currency: 'eur', status: 'requires_payment_method', metadata: { paymentId: first.paymentId, investmentId: investor.investmentId, userId: investor.userId } });
      expect(await initiate(t, investor, 'CARD')).toEqual(first);
      const [row] = await paymentRows(t, investor.userId);
      expect(row).toMatchObject({ providerIntentId: first.stripe.paymentIntentId, totalCents, paymentRef: expect.stringMatching(/^G2G-PAY-/) });
      expect(await auditActions(t, investor.userId)).toEqual(['payment.initiated', 'payment.card_intent_created']);
    });

    it('20 parallel card initiations: one payment, one intent, one answer', async () => {
      const investor = await paymentInvestor(t);
      const answers = await Promise.all(Array.from({ length: 20 }, () => t.post('/api/payment/initiate', initiateBody(investor, 'CARD'), investor.token)));
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
      const bodies = await Promise.all(answers.map((r) => r.json()));
      expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
      expect(await paymentRows(t, investor.userId)).toHaveLength(1);
      const intents = await t.database.db.select().from(schema.localCardIntents).where(eq(schema.localCardIntents.idempotencyKey, `g2g-payment-${bodies[0].paymentId}`));
      expect(intents).toHaveLength(1);
      const all = (await t.database.db.select().from(schema.localCardIntents)).filter((i) => i.metadata.userId === investor.userId);
      expect(all).toHaveLength(1);
    });

    it('20 parallel wire initiations: one payment', async () => {
      const investor = await paymentInvestor(t);
      const answers = await Promise.all(Array.from({ length: 20 }, () => t.post('/api/payment/initiate', initiateBody(investor, 'WIRE'), investor.token)));
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(new Set((await Promise.all(answers.map((r) => r.json()))).map((b) => b.paymentId)).size).toBe(1);
      expect(await paymentRows(t, investor.userId)).toHaveLength(1);
    });

    it('keeps one open payment per method side by side, and refuses every method once the payment step is done', async () => {
      const investor = await paymentInvestor(t);
      const card = await initiate(t, investor, 'CARD');
      const wire = await initiate(t, investor, 'WIRE');
      expect(card.paymentId).not.toBe(wire.paymentId);
      const sent = await t.post('/api/payment/process', { paymentMethod: 'WIRE', paymentId: wire.paymentId, transactionId: wire.paymentRef }, investor.token);
      expect(sent.status).toBe(200);
      for (const method of ['CARD', 'WIRE', 'CRYPTO'] as const) await refuse(investor.token, initiateBody(investor, method), 409, messages.payment.alreadyPaid);
    });

    it("never answers another investor's payment", async () => {
      const a = await paymentInvestor(t);
      const b = await paymentInvestor(t);
      const cardA = await initiate(t, a, 'CARD');
      const cardB = await initiate(t, b, 'CARD');
      expect(cardB.paymentId).not.toBe(cardA.paymentId);
      expect(cardB.stripe.paymentIntentId).not.toBe(cardA.stripe.paymentIntentId);
    });
  });
});
