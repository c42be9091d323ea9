/**
 * POST /api/payment/stripe-webhook with the real Stripe provider: the signature over the raw bytes (none, a wrong
 * secret, a 600 s old header, a re-serialised body: 400, nothing written), a valid payment_intent.succeeded completing
 * the payment as confirm-stripe would, the same event delivered twice (recorded once, applied once), an unknown intent
 * (recorded, ignored, 200), payment_intent.payment_failed (reason kept, still PENDING), a signed event whose intent
 * does not match its payment (recorded, audited, nothing paid), an oversized body (413), and the local provider
 * (no webhooks: 400).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { WEBHOOK_BODY_LIMIT_BYTES } from '../../src/server/routes/payment.routes.ts';
import { forEachDatabase } from './harness.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { auditActions, currentStep, initiateBody, investmentRow, paymentInvestor, paymentRows } from './support/payment.ts';
import { intentEvent, signPayload, stripeApp, type StripeApp } from './support/payment-stripe.ts';
import { rowCounts } from './support/row-counts.ts';
import { expectStatusPageLink } from './support/status-page-mail.ts';

forEachDatabase('the Stripe webhook', (t) => {
  let fake: FakeStripe;
  let s: StripeApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    s = stripeApp(t, fake);
  });
  afterAll(() => fake.close());

  const start = async () => {
    const investor = await paymentInvestor(t);
    const res = await s.post('/api/payment/initiate', initiateBody(investor, 'CARD'), investor.token);
    const body = (await res.json()) as { paymentId: string; stripe: { paymentIntentId: string } };
    return { ...investor, paymentId: body.paymentId, intentId: body.stripe.paymentIntentId };
  };
  const secret = () => fake.settings.webhookSecret;
  const events = (id: string) => t.database.db.select().from(schema.cardProviderEvents).where(eq(schema.cardProviderEvents.eventId, id));

  it('refuses a missing, wrong, stale or re-serialised signature with 400, writing nothing', async () => {
    const p = await start();
    const intent = fake.update(p.intentId, { status: 'succeeded' });
    const payload = intentEvent('payment_intent.succeeded', intent);
    const now = Math.floor(Date.now() / 1000);
    const before = await rowCounts(t.database.db);
    for (const [payloadSent, signature] of [
      [payload, undefined],
      [payload, ''],
      [payload, 'garbage'],
      [payload, signPayload(payload, 'whsec_anotherSecret1234')],
      [payload, signPayload(payload, secret(), now - 600)],
      [JSON.stringify(JSON.parse(payload), null, 2), signPayload(payload, secret())],
      [payload.replace(`"amount":${intent.amount}`, `"amount":${intent.amount + 1}`), signPayload(payload, secret())],
    ] as const) {
      const res = await s.webhook(payloadSent, signature);
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { error: messages.payment.webhookSignature } });
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
    expect((await investmentRow(t, p.userId)).paymentCompleted).toBe(false);
  });

  it('a valid payment_intent.succeeded completes the payment, once, however often it is delivered', async () => {
    const p = await start();
    const intent = fake.update(p.intentId, { status: 'succeeded' });
    const payload = intentEvent('payment_intent.succeeded', intent);
    const res = await s.webhook(payload, signPayload(payload, secret()));
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 200, body: { received: true } });
    expect(await paymentRows(t, p.userId)).toMatchObject([{ paymentStatus: 'COMPLETED', transactionId: p.intentId }]);
    expect((await investmentRow(t, p.userId)).paymentCompleted).toBe(true);
    expect(await currentStep(t, p.userId)).toBe('complete');
    expect(t.mailer.sent.filter((m) => m.to === p.email && m.subject.startsWith('G2G: payment'))).toHaveLength(1);
    // Through the webhook (no one signed in): the link all the same.
    expectStatusPageLink(t.mailer.sent.find((m) => m.to === p.email && m.subject === 'G2G: payment received'));
    const eventId = (JSON.parse(payload) as { id: string }).id;
    expect(await events(eventId)).toMatchObject([{ type: 'payment_intent.succeeded', paymentIntentId: p.intentId }]);

    const before = await rowCounts(t.database.db);
    for (let i = 0; i < 3; i++) expect((await s.webhook(payload, signPayload(payload, secret()))).status).toBe(200);
    // The same succeeded intent in another event (Stripe may send both): applied already, nothing more.
    const other = intentEvent('payment_intent.succeeded', intent);
    expect((await s.webhook(other, signPayload(other, secret()))).status).toBe(200);
    const after = await rowCounts(t.database.db);
    expect({ ...after, card_provider_events: before.card_provider_events }).toEqual(before);
    expect(after.card_provider_events).toBe((before.card_provider_events ?? 0) + 1);
    // confirm-stripe from the browser afterwards answers the same completion.
    expect((await (await s.post('/api/payment/confirm-stripe', { paymentIntentId: p.intentId }, p.token)).json()).paymentStatus).toBe('COMPLETED');
    expect((await auditActions(t, p.userId)).filter((a) => a === 'payment.completed')).toHaveLength(1);
  });

  it('the same event delivered 10 times at once is applied once', async () => {
    const p = await start();
    const payload = intentEvent('payment_intent.succeeded', fake.update(p.intentId, { status: 'succeeded' }));
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.webhook(payload, signPayload(payload, secret()))));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await auditActions(t, p.userId)).filter((a) => a === 'payment.completed')).toHaveLength(1);
  });

  it('the webhook and 10 confirm-stripe calls racing complete the payment once', async () => {
    const p = await start();
    const payload = intentEvent('payment_intent.succeeded', fake.update(p.intentId, { status: 'succeeded' }));
    const answers = await Promise.all([
      s.webhook(payload, signPayload(payload, secret())),
      ...Array.from({ length: 10 }, () => s.post('/api/payment/confirm-stripe', { paymentIntentId: p.intentId }, p.token)),
    ]);
    expect(answers.map((r) => r.status)).toEqual(Array(11).fill(200));
    expect((await auditActions(t, p.userId)).filter((a) => a === 'payment.completed')).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.to === p.email && m.subject.startsWith('G2G: payment'))).toHaveLength(1);
  });

  it('records and ignores an unknown intent and other event types', async () => {
    const before = await rowCounts(t.database.db);
    const unknown = intentEvent('payment_intent.succeeded', { ...fake.update((await start()).intentId, {}), id: 'pi_unknownToUs123' });
    const counted = await rowCounts(t.database.db);
    expect((await s.webhook(unknown, signPayload(unknown, secret()))).status).toBe(200);
    const charge = JSON.stringify({ id: `evt_charge_${Date.now()}`, object: 'event', type: 'charge.succeeded', data: { object: { id: 'ch_1', object: 'charge' } } });
    expect((await s.webhook(charge, signPayload(charge, secret()))).status).toBe(200);
    const after = await rowCounts(t.database.db);
    expect(after.card_provider_events).toBe((counted.card_provider_events ?? 0) + 2);
    expect({ ...after, card_provider_events: 0 }).toEqual({ ...counted, card_provider_events: 0 });
    expect(before.card_provider_events).toBe(counted.card_provider_events);
  });

  it('payment_intent.payment_failed keeps the payment PENDING with the reason', async () => {
    const p = await start();
    const intent = fake.update(p.intentId, { status: 'requires_payment_method', last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
    const payload = intentEvent('payment_intent.payment_failed', intent);
    expect((await s.webhook(payload, signPayload(payload, secret()))).status).toBe(200);
    expect(await paymentRows(t, p.userId)).toMatchObject([{ paymentStatus: 'PENDING', failureReason: 'Your card has insufficient funds.' }]);
    expect(await auditActions(t, p.userId)).toContain('payment.card_declined');
    expect((await investmentRow(t, p.userId)).paymentCompleted).toBe(false);
  });

  it('a signed event whose intent does not match its payment is recorded and audited, never paid', async () => {
    const p = await start();
    const intent = fake.update(p.intentId, { status: 'succeeded', amount: 100 });
    const payload = intentEvent('payment_intent.succeeded', intent);
    expect((await s.webhook(payload, signPayload(payload, secret()))).status).toBe(200);
    expect(await paymentRows(t, p.userId)).toMatchObject([{ paymentStatus: 'PENDING', transactionId: null }]);
    expect((await investmentRow(t, p.userId)).paymentCompleted).toBe(false);
    expect(await auditActions(t, p.userId)).toContain('payment.webhook_refused');
  });

  it('refuses a body over its limit with 413', async () => {
    const big = JSON.stringify({ id: 'evt_big', type: 'x', pad: 'x'.repeat(WEBHOOK_BODY_LIMIT_BYTES) });
    const res = await s.webhook(big, signPayload(big, secret()));
    expect(res.status).toBe(413);
  });

  it('the local test provider receives no webhooks', async () => {
    const payload = JSON.stringify({ id: 'evt_local', type: 'payment_intent.succeeded', data: { object: {} } });
    const res = await t.request('/api/payment/stripe-webhook', { method: 'POST', headers: { 'stripe-signature': signPayload(payload, secret()) }, body: payload });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { error: messages.payment.webhookSignature } });
  });
});
