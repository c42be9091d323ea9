/**
 * A hostile review of the payment server (issue 13): each test here is a hole an attacker or an unlucky investor could
 * use, proven first (the test failed on the code as merged) and then closed, or a rule checked on the edges the other
 * payment tests do not reach (amounts whose cents are not exact in binary floating point, the fee's half cent).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { CARD_MAX_TOTAL_CENTS, paymentAmounts } from '../../src/shared/payment.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { loadBankSettings } from '../../src/server/config/bank-env.ts';
import { loadCryptoSettings } from '../../src/server/config/crypto-env.ts';
import { ConfigError } from '../../src/server/config/env.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { auditActions, initiate, initiateBody, investmentRow, paymentInvestor, paymentRows, insertCryptoPayment, type PaymentInvestor } from './support/payment.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { intentEvent, signPayload, stripeApp, type StripeApp } from './support/payment-stripe.ts';
import { rowCounts } from './support/row-counts.ts';

const ETH_HASH = `0x${'ab'.repeat(32)}`;
const BTC_HASH = 'cd'.repeat(32);

const mailsTo = (t: ApiTest, email: string) => t.mailer.sent.filter((m) => m.to === email && m.subject.startsWith('G2G: payment'));

forEachDatabase('payment review (hostile)', (t) => {
  const process = (token: string, body: unknown) => t.post('/api/payment/process', body, token);

  describe('paying twice', () => {
    it('a test card is not charged once the payment step is done by wire: its intent canceled, confirm 409, one mail', async () => {
      const investor = await paymentInvestor(t);
      const card = await initiate(t, investor, 'CARD');
      const wire = await initiate(t, investor, 'WIRE');
      expect((await process(investor.token, { paymentMethod: 'WIRE', paymentId: wire.paymentId, transactionId: wire.paymentRef })).status).toBe(200);
      const res = await t.post(
        '/api/payment/test-card/confirm',
        { paymentIntentId: card.stripe.paymentIntentId, clientSecret: card.stripe.clientSecret, paymentMethod: 'pm_card_visa' },
        investor.token,
      );
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 409, body: { error: messages.payment.alreadyPaid } });
      // The card's intent was canceled at the provider when the wire was sent: nothing can charge it any more.
      const [intent] = await t.database.db.select().from(schema.localCardIntents).where(eq(schema.localCardIntents.id, card.stripe.paymentIntentId));
      expect(intent?.status).toBe('canceled');
      expect((await paymentRows(t, investor.userId)).map((p) => `${p.paymentMethod}:${p.paymentStatus}`).sort()).toEqual(['CARD:FAILED', 'WIRE:AWAITING_FUNDS']);
      await t.runDueJobs();
      expect(mailsTo(t, investor.email)).toHaveLength(1);
      expect((await auditActions(t, investor.userId)).filter((a) => a !== 'payment.initiated' && a !== 'payment.card_intent_created')).toEqual(['payment.sent', 'payment.failed']);
    });
  });

  describe('methods', () => {
    it('process takes CRYPTO and WIRE only (BANK_TRANSFER, CARD, lower case: 400), writing nothing', async () => {
      const investor = await paymentInvestor(t);
      const wire = await initiate(t, investor, 'WIRE');
      const before = await rowCounts(t.database.db);
      for (const paymentMethod of ['BANK_TRANSFER', 'CARD', 'wire', 'WIRE ', null]) {
        const res = await process(investor.token, { paymentMethod, paymentId: wire.paymentId, transactionId: wire.paymentRef });
        expect(res.status).toBe(400);
      }
      expect(await rowCounts(t.database.db)).toEqual(before);
      expect((await investmentRow(t, investor.userId)).paymentCompleted).toBe(false);
    });
  });

  describe('replay of a crypto transaction across investors', () => {
    it('records a hash another payment already gave (in any letter case) and flags it for reconciliation: a stranger giving a real investor\'s hash first blocks nobody', async () => {
      const a = await paymentInvestor(t);
      const b = await paymentInvestor(t);
      const paymentA = await insertCryptoPayment(t, a, 'ETH');
      const paymentB = await insertCryptoPayment(t, b, 'USDT');
      expect((await process(a.token, { paymentMethod: 'CRYPTO', paymentId: paymentA.id, transactionId: ETH_HASH })).status).toBe(200);
      const res = await process(b.token, { paymentMethod: 'CRYPTO', paymentId: paymentB.id, transactionId: ` ${ETH_HASH.toUpperCase().replace('0X', '0x')} ` });
      expect(res.status).toBe(200);
      expect((await paymentRows(t, b.userId))[0]).toMatchObject({ paymentStatus: 'AWAITING_FUNDS', transactionId: ETH_HASH });
      const sent = await t.database.db.select({ detail: schema.auditEvents.detail }).from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, b.userId), eq(schema.auditEvents.action, 'payment.sent')));
      expect(sent.map((e) => e.detail.transactionAlsoClaimedBy)).toEqual([[paymentA.id]]);
      const first = await t.database.db.select({ detail: schema.auditEvents.detail }).from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, a.userId), eq(schema.auditEvents.action, 'payment.sent')));
      expect(first.map((e) => e.detail.transactionAlsoClaimedBy)).toEqual([undefined]);
    });

    it('the same hash given by 8 investors at once: every step is done, every claim after the first names the earlier ones', async () => {
      const investors: PaymentInvestor[] = [];
      for (let i = 0; i < 8; i++) investors.push(await paymentInvestor(t));
      const rows = await Promise.all(investors.map((investor) => insertCryptoPayment(t, investor, 'ETH')));
      const hash = `0x${'5e'.repeat(32)}`;
      const answers = await Promise.all(investors.map((investor, i) => process(investor.token, { paymentMethod: 'CRYPTO', paymentId: rows[i]?.id, transactionId: hash })));
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
      const events = await t.database.db
        .select({ detail: schema.auditEvents.detail })
        .from(schema.auditEvents)
        .where(and(eq(schema.auditEvents.action, 'payment.sent'), inArray(schema.auditEvents.userId, investors.map((i) => i.userId))));
      const flagged = events.map((e) => ((e.detail.transactionAlsoClaimedBy as string[] | undefined) ?? []).length).sort();
      // Serialised by the lock on the hash: the n-th claim sees the n-1 before it.
      expect(flagged).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    });

    it('a Bitcoin transaction id pasted in capitals is the same transaction', async () => {
      const a = await paymentInvestor(t);
      const b = await paymentInvestor(t);
      const paymentA = await insertCryptoPayment(t, a, 'BTC');
      const paymentB = await insertCryptoPayment(t, b, 'BTC');
      expect((await process(a.token, { paymentMethod: 'CRYPTO', paymentId: paymentA.id, transactionId: BTC_HASH.toUpperCase() })).status).toBe(200);
      const res = await process(b.token, { paymentMethod: 'CRYPTO', paymentId: paymentB.id, transactionId: BTC_HASH });
      expect(res.status).toBe(200);
      expect((await paymentRows(t, b.userId))[0]?.transactionId).toBe(BTC_HASH);
      // Stored in lower case; the investor's own repeat, in either case, answers the same.
      expect((await paymentRows(t, a.userId))[0]?.transactionId).toBe(BTC_HASH);
      expect((await process(a.token, { paymentMethod: 'CRYPTO', paymentId: paymentA.id, transactionId: BTC_HASH })).status).toBe(200);
    });
  });

  describe('amounts in cents, exactly', () => {
    const setAmount = (investor: PaymentInvestor, amount: number) =>
      t.database.db.update(schema.investments).set({ amount }).where(eq(schema.investments.id, investor.investmentId));

    it('10,000.10 and 10,000.50 (a half-cent crypto fee, rounded up): the server’s cents, and the browser’s same figures accepted', async () => {
      for (const [amount, method, cents] of [
        [10_000.1, 'WIRE', { amountCents: 1_000_010, feeCents: 0, totalCents: 1_000_010 }],
        [10_000.1, 'CARD', { amountCents: 1_000_010, feeCents: 40_000, totalCents: 1_040_010 }],
        [10_000.5, 'CRYPTO', { amountCents: 1_000_050, feeCents: 10_001, totalCents: 1_010_051 }],
      ] as const) {
        const investor = await paymentInvestor(t);
        await setAmount(investor, amount);
        const body = initiateBody({ amount, userId: investor.userId }, method);
        const res = await t.post('/api/payment/initiate', body, investor.token);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ amount: cents.amountCents / 100, processingFee: cents.feeCents / 100, totalAmount: cents.totalCents / 100 });
        expect(await paymentRows(t, investor.userId)).toMatchObject([cents]);
        // A cent off on any figure is refused.
        const off = await t.post('/api/payment/initiate', { ...body, processingFee: body.processingFee + 0.01 }, investor.token);
        expect(off.status).toBe(400);
      }
    });

    it('a fraction of a cent on any figure is refused, however small (the server compares exact cents)', async () => {
      const investor = await paymentInvestor(t);
      await setAmount(investor, 10_000.1);
      const body = initiateBody({ amount: 10_000.1, userId: investor.userId }, 'CARD');
      const before = await rowCounts(t.database.db);
      for (const tampered of [{ amount: body.amount + 4e-7 }, { processingFee: body.processingFee - 1e-7 }, { totalAmount: body.totalAmount + 5e-7 }]) {
        const res = await t.post('/api/payment/initiate', { ...body, ...tampered }, investor.token);
        expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { error: messages.payment.amountMismatch } });
      }
      expect(await rowCounts(t.database.db)).toEqual(before);
    });

    it('999,999.99: wire exact to the cent; by card the total is above Stripe’s ceiling and refused with no row left', async () => {
      const investor = await paymentInvestor(t);
      await setAmount(investor, 999_999.99);
      expect(paymentAmounts(999_999.99, 'CARD').totalCents).toBeGreaterThan(CARD_MAX_TOTAL_CENTS);
      const before = await rowCounts(t.database.db);
      const card = await t.post('/api/payment/initiate', initiateBody({ amount: 999_999.99, userId: investor.userId }, 'CARD'), investor.token);
      expect({ status: card.status, body: await card.json() }).toEqual({ status: 400, body: { error: messages.payment.cardAboveLimit } });
      expect(await rowCounts(t.database.db)).toEqual(before);
      const wire = await initiate(t, { ...investor, amount: 999_999.99 }, 'WIRE');
      expect(wire.totalAmount).toBe(999_999.99);
      expect((await paymentRows(t, investor.userId))[0]).toMatchObject({ amountCents: 99_999_999, totalCents: 99_999_999 });
    });
  });
});

describe('payment review: where the money goes, in production', () => {
  /** Everything configured: each test leaves one variable out. */
  const PRODUCTION = {
    NODE_ENV: 'production',
    CRYPTO_WALLET_ETH: `0x${'2a'.repeat(20)}`,
    CRYPTO_WALLET_USDC: `0x${'2b'.repeat(20)}`,
    CRYPTO_WALLET_USDT: `0x${'2c'.repeat(20)}`,
    CRYPTO_WALLET_BTC: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    BANK_NAME: 'Foundation Bank',
    BANK_ACCOUNT_NAME: 'G2G Token Foundation',
    BANK_IBAN: 'GB33BUKB20201555555555',
    BANK_BIC: 'BUKBGB22',
  };
  const refusal = (load: () => unknown) => {
    try {
      load();
    } catch (error) {
      if (error instanceof ConfigError) return error.variable;
      throw error;
    }
    return null;
  };

  it('everything configured starts, with no indicative rates unless they are set (no demo default in production)', () => {
    const crypto = loadCryptoSettings(PRODUCTION);
    expect([crypto.demoDefaults, crypto.indicativeRates]).toEqual([[], {}]);
    expect(loadBankSettings(PRODUCTION).demoDefaults).toEqual([]);
  });

  // The demo BTC address is BIP-173's test vector, whose key is 1: anyone could spend what an investor sends there.
  it.each(['CRYPTO_WALLET_ETH', 'CRYPTO_WALLET_BTC', 'CRYPTO_WALLET_USDC', 'CRYPTO_WALLET_USDT'])('a demo %s stops a production start', (name) => {
    const { [name]: _left, ...env } = PRODUCTION as Record<string, string>;
    expect(refusal(() => loadCryptoSettings(env))).toBe(name);
    expect(refusal(() => loadCryptoSettings({ ...env, NODE_ENV: 'development' }))).toBeNull();
  });

  it.each(['BANK_NAME', 'BANK_ACCOUNT_NAME', 'BANK_IBAN', 'BANK_BIC'])('a demo %s stops a production start', (name) => {
    const { [name]: _left, ...env } = PRODUCTION as Record<string, string>;
    expect(refusal(() => loadBankSettings(env))).toBe(name);
    expect(refusal(() => loadBankSettings({ ...env, NODE_ENV: 'development' }))).toBeNull();
  });
});

forEachDatabase('payment review: the open card payment once the step is done (Stripe SDK, fake Stripe API)', (t) => {
  let fake: FakeStripe;
  let s: StripeApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    s = stripeApp(t, fake);
  });
  afterAll(() => fake.close());

  const cardThenWire = async () => {
    const investor = await paymentInvestor(t);
    const card = (await (await s.post('/api/payment/initiate', initiateBody(investor, 'CARD'), investor.token)).json()) as { stripe: { paymentIntentId: string } };
    const wire = (await (await s.post('/api/payment/initiate', initiateBody(investor, 'WIRE'), investor.token)).json()) as { paymentId: string; paymentRef: string };
    const sent = await s.post('/api/payment/process', { paymentMethod: 'WIRE', paymentId: wire.paymentId, transactionId: wire.paymentRef }, investor.token);
    return { investor, intentId: card.stripe.paymentIntentId, sent };
  };

  it('sending the wire cancels the card intent at Stripe (Stripe.js can no longer charge it): the card payment FAILED', async () => {
    const { investor, intentId, sent } = await cardThenWire();
    expect(sent.status).toBe(200);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intentId}/cancel`)).toHaveLength(1);
    expect(fake.intents.get(intentId)?.status).toBe('canceled');
    expect((await paymentRows(t, investor.userId)).map((p) => `${p.paymentMethod}:${p.paymentStatus}`).sort()).toEqual(['CARD:FAILED', 'WIRE:AWAITING_FUNDS']);
  });

  it("Stripe's payment_intent.canceled for the intent we canceled is taken as known, not audited as a refusal", async () => {
    const { investor, intentId } = await cardThenWire();
    const intent = fake.intents.get(intentId);
    if (!intent) throw new Error('no fake intent');
    const payload = intentEvent('payment_intent.canceled', intent);
    expect((await s.webhook(payload, signPayload(payload, fake.settings.webhookSecret))).status).toBe(200);
    expect(await auditActions(t, investor.userId)).not.toContain('payment.webhook_refused');
    expect((await paymentRows(t, investor.userId)).find((p) => p.paymentMethod === 'CARD')?.paymentStatus).toBe('FAILED');
  });

  it('Stripe failing: the wire is still sent (200, step done), the card payment stays as it was', async () => {
    try {
      const investor = await paymentInvestor(t);
      const card = (await (await s.post('/api/payment/initiate', initiateBody(investor, 'CARD'), investor.token)).json()) as { stripe: { paymentIntentId: string } };
      const wire = (await (await s.post('/api/payment/initiate', initiateBody(investor, 'WIRE'), investor.token)).json()) as { paymentId: string; paymentRef: string };
      fake.failWith(500);
      const sent = await s.post('/api/payment/process', { paymentMethod: 'WIRE', paymentId: wire.paymentId, transactionId: wire.paymentRef }, investor.token);
      expect(sent.status).toBe(200);
      expect(fake.intents.get(card.stripe.paymentIntentId)?.status).toBe('requires_payment_method');
      expect((await paymentRows(t, investor.userId)).map((p) => `${p.paymentMethod}:${p.paymentStatus}`).sort()).toEqual(['CARD:PENDING', 'WIRE:AWAITING_FUNDS']);
    } finally {
      fake.failWith(0);
    }
  });

  it('an intent that had already succeeded at Stripe is recorded as paid, as it is (never hidden)', async () => {
    const investor = await paymentInvestor(t);
    const card = (await (await s.post('/api/payment/initiate', initiateBody(investor, 'CARD'), investor.token)).json()) as { stripe: { paymentIntentId: string } };
    const wire = (await (await s.post('/api/payment/initiate', initiateBody(investor, 'WIRE'), investor.token)).json()) as { paymentId: string; paymentRef: string };
    fake.update(card.stripe.paymentIntentId, { status: 'succeeded' });
    const sent = await s.post('/api/payment/process', { paymentMethod: 'WIRE', paymentId: wire.paymentId, transactionId: wire.paymentRef }, investor.token);
    expect(sent.status).toBe(200);
    expect((await paymentRows(t, investor.userId)).map((p) => `${p.paymentMethod}:${p.paymentStatus}`).sort()).toEqual(['CARD:COMPLETED', 'WIRE:AWAITING_FUNDS']);
  });
});
