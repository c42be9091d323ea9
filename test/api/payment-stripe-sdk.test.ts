/**
 * The REAL card provider path: the `stripe` SDK (pinned API version, no retries) against a local fake of Stripe's
 * HTTP API. Initiation creates one PaymentIntent (form-encoded: EUR, the total in cents, the ids in the metadata, the
 * idempotency key derived from the payment id) and a repeat or 20 parallel calls reuse it; confirm-stripe retrieves
 * the intent from "Stripe" by the stored id and completes only a succeeded one with the payment's amount, currency
 * and metadata; the provider failing answers 503 and writes nothing; the local test routes are 404 with keys.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { paymentAmounts } from '../../src/shared/payment.ts';
import { STRIPE_API_VERSION } from '../../src/server/providers/card/stripe-card-provider.ts';
import { forEachDatabase } from './harness.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { initiateBody, investmentRow, paymentInvestor, paymentRows, type PaymentInvestor } from './support/payment.ts';
import { stripeApp, type StripeApp } from './support/payment-stripe.ts';
import { rowCounts } from './support/row-counts.ts';

forEachDatabase('card payments through the Stripe SDK (fake Stripe API)', (t) => {
  let fake: FakeStripe;
  let s: StripeApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    s = stripeApp(t, fake);
  });
  afterAll(() => fake.close());

  const start = async (investor?: PaymentInvestor) => {
    const who = investor ?? (await paymentInvestor(t));
    const res = await s.post('/api/payment/initiate', initiateBody(who, 'CARD'), who.token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { paymentId: string; stripe: { paymentIntentId: string; clientSecret: string } };
    return { ...who, paymentId: body.paymentId, intentId: body.stripe.paymentIntentId, clientSecret: body.stripe.clientSecret, body };
  };
  const confirm = async (token: string, paymentIntentId: string) => {
    const res = await s.post('/api/payment/confirm-stripe', { paymentIntentId }, token);
    return { status: res.status, body: await res.json() };
  };

  it("publishes Stripe's publishable key (no auth) and hides the local test routes", async () => {
    expect(await (await s.get('/api/payment/stripe-config')).json()).toEqual({ provider: 'stripe', publishableKey: fake.settings.publishableKey, testMode: true });
    const investor = await paymentInvestor(t);
    for (const path of ['/api/payment/test-card/confirm', '/api/payment/test-card/authenticate']) {
      expect((await s.post(path, { paymentIntentId: 'pi_x', clientSecret: 'x', paymentMethod: 'pm_card_visa', outcome: 'complete' }, investor.token)).status).toBe(404);
    }
  });

  it('creates the PaymentIntent as Stripe expects it: form-encoded, EUR, cents, metadata, idempotency key, pinned version', async () => {
    const before = fake.requests.length;
    const p = await start();
    const created = fake.requests.slice(before).filter((r) => r.method === 'POST');
    expect(created).toHaveLength(1);
    const { totalCents } = paymentAmounts(p.amount, 'CARD');
    expect(created[0]).toMatchObject({
      path: '/v1/payment_intents',
      idempotencyKey: `g2g-payment-${p.paymentId}`,
      form: { amount: String(totalCents), currency: 'eur', 'metadata[paymentId]': p.paymentId, 'metadata[investmentId]': p.investmentId, 'metadata[userId]': p.userId },
    });
    expect(fake.intents.get(p.intentId)).toMatchObject({ amount: totalCents, currency: 'eur', client_secret: p.clientSecret });
    expect(STRIPE_API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}/);
    // A repeat reads the stored intent back: no second create.
    const again = await s.post('/api/payment/initiate', initiateBody(p, 'CARD'), p.token);
    expect(((await again.json()) as { stripe: unknown }).stripe).toEqual(p.body.stripe);
    expect(fake.requests.slice(before).filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('20 parallel initiations: one payment, one intent at Stripe', async () => {
    const investor = await paymentInvestor(t);
    const before = fake.requests.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.post('/api/payment/initiate', initiateBody(investor, 'CARD'), investor.token)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = new Set((await Promise.all(answers.map((r) => r.json()))).map((b: { stripe: { paymentIntentId: string } }) => b.stripe.paymentIntentId));
    expect(ids.size).toBe(1);
    expect(await paymentRows(t, investor.userId)).toHaveLength(1);
    expect([...fake.intents.values()].filter((i) => i.metadata.userId === investor.userId)).toHaveLength(1);
    // The parallel calls share one create (Stripe refuses concurrent requests with one idempotency key).
    expect(fake.requests.slice(before).filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('confirm-stripe: refused while the intent is not succeeded, COMPLETED once it is, the same answer again', async () => {
    const p = await start();
    expect(await confirm(p.token, p.intentId)).toEqual({ status: 409, body: { error: messages.payment.cardNotSucceeded('requires_payment_method') } });
    fake.update(p.intentId, { status: 'requires_action' });
    expect(await confirm(p.token, p.intentId)).toEqual({ status: 409, body: { error: messages.payment.cardNotSucceeded('requires_action') } });
    expect(await paymentRows(t, p.userId)).toMatchObject([{ paymentStatus: 'PROCESSING' }]);
    fake.update(p.intentId, { status: 'requires_payment_method', last_payment_error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
    expect((await confirm(p.token, p.intentId)).status).toBe(409);
    expect(await paymentRows(t, p.userId)).toMatchObject([{ paymentStatus: 'PENDING', failureReason: 'Your card was declined.' }]);
    fake.update(p.intentId, { status: 'succeeded', last_payment_error: null });
    const done = await confirm(p.token, p.intentId);
    expect(done).toEqual({ status: 200, body: { paymentId: p.paymentId, paymentStatus: 'COMPLETED', paymentCompleted: true, nextStep: 'complete' } });
    expect(await paymentRows(t, p.userId)).toMatchObject([{ paymentStatus: 'COMPLETED', transactionId: p.intentId, failureReason: null }]);
    expect((await investmentRow(t, p.userId)).paymentCompleted).toBe(true);
    const before = await rowCounts(t.database.db);
    expect(await confirm(p.token, p.intentId)).toEqual(done);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("refuses a succeeded intent with another amount, currency or metadata, and another investor's intent", async () => {
    for (const patch of [{ amount: 100 }, { currency: 'usd' }, { metadata: { paymentId: crypto.randomUUID(), investmentId: 'x', userId: 'y' } }]) {
      const p = await start();
      fake.update(p.intentId, { status: 'succeeded', ...patch });
      const before = await rowCounts(t.database.db);
      expect(await confirm(p.token, p.intentId)).toEqual({ status: 409, body: { error: messages.payment.intentMismatch } });
      expect(await rowCounts(t.database.db)).toEqual(before);
      expect((await investmentRow(t, p.userId)).paymentCompleted).toBe(false);
    }
    const a = await start();
    const b = await start();
    fake.update(a.intentId, { status: 'succeeded' });
    expect(await confirm(b.token, a.intentId)).toEqual({ status: 409, body: { error: messages.payment.intentMismatch } });
    expect((await investmentRow(t, b.userId)).paymentCompleted).toBe(false);
  });

  it('answers 503 in our words when Stripe fails, writing nothing, and works again after', async () => {
    const p = await start();
    fake.update(p.intentId, { status: 'succeeded' });
    fake.failWith(500);
    const before = await rowCounts(t.database.db);
    expect(await confirm(p.token, p.intentId)).toEqual({ status: 503, body: { error: messages.payment.cardProviderUnavailable } });
    const other = await paymentInvestor(t);
    const counted = await rowCounts(t.database.db);
    const res = await s.post('/api/payment/initiate', initiateBody(other, 'CARD'), other.token);
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 503, body: { error: messages.payment.cardProviderUnavailable } });
    fake.failWith(0);
    // The open payment was kept (its intent is created on the next call, with the same key).
    expect((await rowCounts(t.database.db)).payments).toBe((counted.payments ?? 0) + 1);
    expect(before.payments).toBe(counted.payments);
    expect((await confirm(p.token, p.intentId)).status).toBe(200);
    const retry = await s.post('/api/payment/initiate', initiateBody(other, 'CARD'), other.token);
    expect(retry.status).toBe(200);
  });
});
