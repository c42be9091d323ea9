/**
 * Issue 26, fault 1: "a production start takes test cards as real money". With NODE_ENV=production, PostgreSQL,
 * BANK_* and CRYPTO_WALLET_* set but no STRIPE_*, the server used to start with the local test card provider: an
 * investor initiated CARD, confirmed with pm_card_visa, and the investment showed PAID with no money moved.
 *
 * Now card is not offered there: the card provider the start makes from those settings is none, stripe-config says
 * so and why, CARD initiation and confirmation are refused (400, nothing written), the test-card routes do not exist
 * (404), the webhook is 404, a card refund is refused writing nothing, and crypto and wire work as before. The app
 * here gets its card provider from the same two calls a real start makes (loadCardSettings, createCardProvider), on
 * PGlite and PostgreSQL; the last test is a real production start on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { moneyMessages } from '../../src/shared/admin/money-messages.ts';
import { messages } from '../../src/shared/messages.ts';
import type { AppEnv } from '../../src/server/app-context.ts';
import { loadCardSettings } from '../../src/server/config/stripe-env.ts';
import { createMemoryLog } from '../../src/server/log.ts';
import { createCardProvider } from '../../src/server/providers/card/create-card-provider.ts';
import { createLocalCardProvider } from '../../src/server/providers/card/local-card-provider.ts';
import { startServer } from '../../src/server/start-server.ts';
import { MailSink } from '../../src/tools/bench/cluster-mail.ts';
import { bearer, forEachDatabase, individualPayload } from './harness.ts';
import { completedCardPayment, refund, refundRows, setKyc } from './support/money.ts';
import { initiateBody, investmentRow, paymentInvestor, paymentRows } from './support/payment.ts';
import { rowCounts } from './support/row-counts.ts';
import { createStaff } from './support/staff.ts';
import { freshPostgresDatabase, freshTempDir } from './support/test-databases.ts';
import { FOUNDATION_PAYMENT_ENV } from './support/production-env.ts';

/** The reported settings: production, PostgreSQL, the foundation's bank and wallets, no STRIPE_*. */
const PRODUCTION_WITHOUT_STRIPE = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://g2g@db.invalid:5432/g2g',
  ...FOUNDATION_PAYMENT_ENV,
};

const NOT_OFFERED = { provider: 'unavailable', publishableKey: null, testMode: false, reason: 'not-configured' };

forEachDatabase('card not offered: production without Stripe keys', (t) => {
  let app: Hono<AppEnv>;
  const startLog = createMemoryLog();
  beforeAll(async () => {
    const card = await createCardProvider(loadCardSettings(PRODUCTION_WITHOUT_STRIPE), { db: t.database.db, clock: t.clock, log: startLog });
    app = t.makeApp({}, { card });
  });
  const send = async (path: string, body?: unknown, token?: string) => {
    const res = await app.request(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await t.runDueJobs();
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('stripe-config tells the browser card is not offered, and why', async () => {
    expect(await send('/api/payment/stripe-config')).toEqual({ status: 200, body: NOT_OFFERED });
    expect(startLog.entries).toContainEqual(expect.objectContaining({ level: 'warn', message: expect.stringMatching(/Card payments are NOT offered/) }));
  });

  it('the reported attack: CARD initiation refused (400, nothing written), pm_card_visa has nowhere to go, the investment stays unpaid', async () => {
    const investor = await paymentInvestor(t);
    const before = await rowCounts(t.database.db);
    expect(await send('/api/payment/initiate', initiateBody(investor, 'CARD'), investor.token)).toEqual({ status: 400, body: { error: messages.payment.cardNotOffered } });
    // The local provider's browser calls do not exist; confirm-stripe is refused before anything is read.
    const confirm = await send('/api/payment/test-card/confirm', { paymentIntentId: 'pi_local_0123456789abcdef01234567', clientSecret: 'pi_local_x_secret_y', paymentMethod: 'pm_card_visa' }, investor.token);
    expect(confirm.status).toBe(404);
    expect((await send('/api/payment/test-card/authenticate', { paymentIntentId: 'pi_local_x', clientSecret: 'pi_local_x_secret_y', outcome: 'complete' }, investor.token)).status).toBe(404);
    expect(await send('/api/payment/confirm-stripe', { paymentIntentId: 'pi_local_0123456789abcdef01234567' }, investor.token)).toEqual({ status: 400, body: { error: messages.payment.cardNotOffered } });
    expect(await rowCounts(t.database.db)).toEqual(before);
    expect(await paymentRows(t, investor.userId)).toEqual([]);
    expect(await investmentRow(t, investor.userId)).toMatchObject({ paymentCompleted: false, completedAt: null });
    expect((await send('/api/payment/status', undefined, investor.token)).body).toMatchObject({ paymentStatus: 'NOT_STARTED', investment: { paymentCompleted: false } });
  });

  it('a forged CARD initiation with any amounts is refused the same way, before the amounts are looked at', async () => {
    const investor = await paymentInvestor(t);
    const before = await rowCounts(t.database.db);
    expect(await send('/api/payment/initiate', initiateBody(investor, 'CARD', { totalAmount: 1 }), investor.token)).toEqual({ status: 400, body: { error: messages.payment.cardNotOffered } });
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('crypto and wire are offered as before', async () => {
    const investor = await paymentInvestor(t);
    const wire = await send('/api/payment/initiate', initiateBody(investor, 'WIRE'), investor.token);
    expect(wire).toMatchObject({ status: 200, body: { paymentMethod: 'WIRE' } });
    const done = await send('/api/payment/process', { paymentMethod: 'WIRE', paymentId: wire.body.paymentId, transactionId: wire.body.paymentRef }, investor.token);
    expect(done).toMatchObject({ status: 200, body: { paymentStatus: 'AWAITING_FUNDS' } });
  });

  it('the card webhook does not exist without a card provider (404)', async () => {
    const res = await app.request('/api/payment/stripe-webhook', { method: 'POST', headers: { 'stripe-signature': 't=1,v1=00' }, body: '{}' });
    expect(res.status).toBe(404);
  });

  it('a card payment taken under an earlier configuration cannot be refunded here: refused, no refund recorded (the attempt is audited)', async () => {
    const finance = await createStaff(t, ['finance']);
    // Paid when this database's server had a card provider (t.app runs the local one).
    const paid = await completedCardPayment(t);
    await setKyc(t, paid.userId, 'REJECTED');
    const before = await rowCounts(t.database.db);
    const res = await app.request(`/api/admin/payments/${paid.paymentId}/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(finance.token) },
      body: JSON.stringify({ requestId: crypto.randomUUID(), reason: 'KYC rejected' }),
    });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 409, body: { error: moneyMessages.cardProviderNotConfigured } });
    expect(await refundRows(t, paid.paymentId)).toEqual([]);
    expect(await rowCounts(t.database.db)).toEqual({ ...before, audit_events: before.audit_events! + 2 });
    // The same refund through a server that has the provider still works.
    expect((await refund(t, finance.token, paid.paymentId)).status).toBe(200);
  });

  it('the local test card provider is never made in a process with NODE_ENV=production', () => {
    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(() => createLocalCardProvider({ db: t.database.db, clock: t.clock })).toThrow(/never made in a process with NODE_ENV=production/);
    } finally {
      process.env.NODE_ENV = saved;
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('card not offered: a real production start on PostgreSQL', () => {
  let mail: MailSink;
  beforeAll(async () => {
    mail = await MailSink.start();
  });
  afterAll(() => mail.stop());

  it('answers stripe-config "unavailable", refuses CARD to a signed-in investor and has no test-card routes', async () => {
    const database = await freshPostgresDatabase();
    const dir = await freshTempDir();
    const log = createMemoryLog();
    const env = {
      ...PRODUCTION_WITHOUT_STRIPE,
      DATABASE_URL: database.url,
      JWT_SECRET: 'a-production-secret-of-at-least-32-bytes',
      SMTP_URL: mail.url,
      SMTP_FROM: 'G2G Portal <no-reply@portal.example>',
      SEALING_ALLOW_SELF_SIGNED: 'true',
      CRYPTO_PRICE_API_URL: 'off',
    };
    const server = await startServer({ env, dataDir: dir.root, port: 0, host: '127.0.0.1', staticDir: null, log });
    try {
      const call = async (path: string, body?: unknown, token?: string) => {
        const res = await fetch(server.url + path, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      expect(await call('/api/payment/stripe-config')).toEqual({ status: 200, body: NOT_OFFERED });
      const payload = individualPayload();
      const { body: challenge } = await call('/api/auth/register', payload);
      const { body: auth } = await call('/api/auth/verify', { challengeId: challenge.challengeId, code: await mail.code(payload.email, 20_000) });
      const token = auth.token as string;
      const userId = (auth.user as { id: string }).id;
      const amount = payload.investmentAmount;
      expect(await call('/api/payment/initiate', initiateBody({ amount, userId }, 'CARD'), token)).toEqual({ status: 400, body: { error: messages.payment.cardNotOffered } });
      expect((await call('/api/payment/test-card/confirm', { paymentIntentId: 'pi_local_x', clientSecret: 'x', paymentMethod: 'pm_card_visa' }, token)).status).toBe(404);
      expect(log.entries).toContainEqual(expect.objectContaining({ level: 'warn', message: expect.stringMatching(/Card payments are NOT offered/) }));
    } finally {
      await server.close();
      await dir.remove();
      await database.drop();
    }
  }, 60_000);
});
