/**
 * Card payments through the local test card provider (no Stripe keys), end to end through the API: each of Stripe's
 * test cards, the 3-D Secure challenge completed and failed, confirm-stripe before and after, and the hostile cases:
 * a wrong client secret, another investor's intent (at the provider's confirm and at confirm-stripe), the intent's
 * amount, currency or metadata tampered in the provider's store, a canceled intent, confirming twice and 20 times at
 * once. The server marks a payment paid only from the intent it read itself.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import * as v from 'valibot';
import { CardIntentSchema, paymentAmounts, PaymentStatusResponseSchema, PaymentStepResponseSchema, type CardIntent, type PaymentStatusResponse } from '../../src/shared/payment.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { LOCAL_CARD_ERRORS } from '../../src/server/providers/card/local-card-provider.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { auditActions, currentStep, initiate, initiateBody, investmentRow, paymentInvestor, paymentRows, type PaymentInvestor } from './support/payment.ts';
import { rowCounts } from './support/row-counts.ts';
import { expectStatusPageLink } from './support/status-page-mail.ts';

type Started = PaymentInvestor & { paymentId: string; intentId: string; clientSecret: string };

async function startCard(t: ApiTest): Promise<Started> {
  const investor = await paymentInvestor(t);
  const card = await initiate(t, investor, 'CARD');
  return { ...investor, paymentId: card.paymentId, intentId: card.stripe.paymentIntentId, clientSecret: card.stripe.clientSecret };
}

const confirmCard = (t: ApiTest, s: Started, paymentMethod: string, overrides: Record<string, unknown> = {}) =>
  t.post('/api/payment/test-card/confirm', { paymentIntentId: s.intentId, clientSecret: s.clientSecret, paymentMethod, ...overrides }, s.token);
const authenticate = (t: ApiTest, s: Started, outcome: 'complete' | 'fail') =>
  t.post('/api/payment/test-card/authenticate', { paymentIntentId: s.intentId, clientSecret: s.clientSecret, outcome }, s.token);
const confirmStripe = (t: ApiTest, s: { token: string }, paymentIntentId: string) => t.post('/api/payment/confirm-stripe', { paymentIntentId }, s.token);
const json = async <T>(res: Response) => ({ status: res.status, body: (await res.json()) as T });

async function expectPaid(t: ApiTest, s: Started) {
  const [row] = await paymentRows(t, s.userId);
  expect(row).toMatchObject({ paymentStatus: 'COMPLETED', transactionId: s.intentId, failureReason: null });
  expect(row?.completedAt).toBeInstanceOf(Date);
  expect(row?.confirmedAt).toBeInstanceOf(Date);
  expect(await investmentRow(t, s.userId)).toMatchObject({ paymentCompleted: true, completedAt: expect.any(Date) });
  expect(await currentStep(t, s.userId)).toBe('complete');
  const mails = t.mailer.sent.filter((m) => m.to === s.email && m.subject.startsWith('G2G: payment'));
  expect(mails).toHaveLength(1);
  expect(mails[0]?.text).toContain('payment has been received');
  expectStatusPageLink(mails[0]);
}

forEachDatabase('card payments (local test provider)', (t) => {
  it('publishes the local test provider without a key, and with no auth', async () => {
    expect(await json(await t.get('/api/payment/stripe-config'))).toEqual({ status: 200, body: { provider: 'local-test', publishableKey: null, testMode: true } });
  });

  describe('the test cards', () => {
    it('4242 (pm_card_visa) succeeds; the server completes the payment itself, and confirm-stripe answers COMPLETED', async () => {
      const s = await startCard(t);
      expect(await json<CardIntent>(await confirmCard(t, s, 'pm_card_visa'))).toEqual({ status: 200, body: { id: s.intentId, status: 'succeeded', lastPaymentError: null } });
      // Applied at once, as Stripe's webhook would: a browser that dies here is still paid.
      await expectPaid(t, s);
      const confirmed = await json(await confirmStripe(t, s, s.intentId));
      expect(confirmed).toEqual({ status: 200, body: { paymentId: s.paymentId, paymentStatus: 'COMPLETED', paymentCompleted: true, nextStep: 'complete' } });
      expect(v.is(PaymentStepResponseSchema, confirmed.body)).toBe(true);
      const status = (await (await t.get('/api/payment/status', s.token)).json()) as PaymentStatusResponse;
      expect(v.is(PaymentStatusResponseSchema, status)).toBe(true);
      const { totalCents, feeCents } = paymentAmounts(s.amount, 'CARD');
      expect(status).toMatchObject({
        paymentStatus: 'COMPLETED',
        paymentMethod: 'CARD',
        investment: { paymentCompleted: true, status: 'PAID' },
        latestPayment: { id: s.paymentId, paymentStatus: 'COMPLETED', transactionId: s.intentId, totalAmount: totalCents / 100, processingFee: feeCents / 100 },
      });
      expect(await auditActions(t, s.userId)).toEqual(['payment.initiated', 'payment.card_intent_created', 'payment.completed']);
      await expectPaid(t, s); // still one mail
    });

    it('4000 0000 0000 0002 is declined: the payment stays PENDING with the reason, confirm-stripe refuses, then 4242 pays', async () => {
      const s = await startCard(t);
      const declined = await json(await confirmCard(t, s, 'pm_card_chargeDeclined'));
      expect(declined).toEqual({ status: 200, body: { id: s.intentId, status: 'requires_payment_method', lastPaymentError: LOCAL_CARD_ERRORS.declined } });
      expect(v.is(CardIntentSchema, declined.body)).toBe(true);
      expect(await paymentRows(t, s.userId)).toMatchObject([{ paymentStatus: 'PENDING', failureReason: 'Your card was declined.', transactionId: null }]);
      expect(await json(await confirmStripe(t, s, s.intentId))).toEqual({ status: 409, body: { error: messages.payment.cardNotSucceeded('requires_payment_method') } });
      expect((await investmentRow(t, s.userId)).paymentCompleted).toBe(false);
      expect((await json<CardIntent>(await confirmCard(t, s, 'pm_card_visa'))).body.status).toBe('succeeded');
      await expectPaid(t, s);
      expect(await auditActions(t, s.userId)).toEqual(['payment.initiated', 'payment.card_intent_created', 'payment.card_declined', 'payment.completed']);
    });

    it('4000 0000 0000 9995 is declined for insufficient funds', async () => {
      const s = await startCard(t);
      expect(await json(await confirmCard(t, s, 'pm_card_chargeDeclinedInsufficientFunds'))).toEqual({
        status: 200,
        body: { id: s.intentId, status: 'requires_payment_method', lastPaymentError: LOCAL_CARD_ERRORS.insufficientFunds },
      });
      expect(await paymentRows(t, s.userId)).toMatchObject([{ paymentStatus: 'PENDING', failureReason: 'Your card has insufficient funds.' }]);
    });

    it('4000 0025 0000 3155 requires authentication: failed, then completed', async () => {
      const s = await startCard(t);
      expect((await json<CardIntent>(await confirmCard(t, s, 'pm_card_authenticationRequiredOnSetup'))).body.status).toBe('requires_action');
      expect(await paymentRows(t, s.userId)).toMatchObject([{ paymentStatus: 'PROCESSING' }]);
      expect(await json(await confirmStripe(t, s, s.intentId))).toEqual({ status: 409, body: { error: messages.payment.cardNotSucceeded('requires_action') } });
      // Authentication is only for an intent waiting for it; a confirm now is out of turn.
      expect((await confirmCard(t, s, 'pm_card_visa')).status).toBe(409);
      expect(await json(await authenticate(t, s, 'fail'))).toEqual({ status: 200, body: { id: s.intentId, status: 'requires_payment_method', lastPaymentError: LOCAL_CARD_ERRORS.authenticationFailed } });
      expect(await paymentRows(t, s.userId)).toMatchObject([{ paymentStatus: 'PENDING', failureReason: LOCAL_CARD_ERRORS.authenticationFailed.message }]);
      expect((await authenticate(t, s, 'complete')).status).toBe(409);
      expect((await json<CardIntent>(await confirmCard(t, s, 'pm_card_authenticationRequiredOnSetup'))).body.status).toBe('requires_action');
      expect(await json(await authenticate(t, s, 'complete'))).toEqual({ status: 200, body: { id: s.intentId, status: 'succeeded', lastPaymentError: null } });
      await expectPaid(t, s);
      expect((await json(await confirmStripe(t, s, s.intentId))).body).toMatchObject({ paymentStatus: 'COMPLETED' });
    });

    it('10 parallel confirmations of one intent with different cards: one wins, the rest are refused', async () => {
      const s = await startCard(t);
      const cards = ['pm_card_visa', 'pm_card_chargeDeclined', 'pm_card_authenticationRequiredOnSetup', 'pm_card_chargeDeclinedInsufficientFunds'];
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => confirmCard(t, s, cards[i % cards.length] as string)));
      const statuses = answers.map((r) => r.status);
      // Declines leave the intent confirmable, so several may pass; once it succeeded or waits for 3-D Secure, none.
      expect(statuses.every((x) => x === 200 || x === 409 || x === 404)).toBe(true);
      const intent = await t.card.retrievePaymentIntent(s.intentId);
      const [row] = await paymentRows(t, s.userId);
      if (intent.status === 'succeeded') expect(row?.paymentStatus).toBe('COMPLETED');
      else if (intent.status === 'requires_action') expect(row?.paymentStatus).toBe('PROCESSING');
      else expect(row?.paymentStatus).toBe('PENDING');
      expect((await auditActions(t, s.userId)).filter((a) => a === 'payment.completed').length).toBe(intent.status === 'succeeded' ? 1 : 0);
    });

    it('a succeeded intent cannot be confirmed again', async () => {
      const s = await startCard(t);
      await confirmCard(t, s, 'pm_card_visa');
      const before = await rowCounts(t.database.db);
      // The payment step is done: nothing more is charged.
      expect(await json(await confirmCard(t, s, 'pm_card_visa'))).toEqual({ status: 409, body: { error: messages.payment.alreadyPaid } });
      expect(await t.card.confirm(s.intentId, s.clientSecret, 'pm_card_chargeDeclined').catch((e: Error) => e.name)).toBe('LocalCardRefusal');
      expect(await rowCounts(t.database.db)).toEqual(before);
    });
  });

  describe('refusals', () => {
    it('refuses a wrong client secret, writing nothing and leaving the intent as it was', async () => {
      const s = await startCard(t);
      const before = await rowCounts(t.database.db);
      for (const clientSecret of [s.clientSecret.slice(0, -1) + (s.clientSecret.endsWith('0') ? '1' : '0'), '', `${s.intentId}_secret_`, s.clientSecret + 'x']) {
        expect(await json(await confirmCard(t, s, 'pm_card_visa', { clientSecret }))).toEqual({ status: 400, body: { error: messages.payment.intentMismatch } });
      }
      expect(await rowCounts(t.database.db)).toEqual(before);
      expect((await t.card.retrievePaymentIntent(s.intentId)).status).toBe('requires_payment_method');
    });

    it("refuses another investor's intent, at the provider's confirm and at confirm-stripe, writing nothing", async () => {
      const a = await startCard(t);
      const b = await startCard(t);
      const before = await rowCounts(t.database.db);
      expect(await json(await confirmCard(t, { ...b, intentId: a.intentId, clientSecret: a.clientSecret }, 'pm_card_visa'))).toEqual({ status: 404, body: { error: messages.payment.paymentNotFound } });
      expect(await json(await confirmStripe(t, b, a.intentId))).toEqual({ status: 409, body: { error: messages.payment.intentMismatch } });
      expect(await rowCounts(t.database.db)).toEqual(before);
      // a pays; b then sends a's (succeeded) intent: still refused, b unpaid.
      await confirmCard(t, a, 'pm_card_visa');
      expect(await json(await confirmStripe(t, b, a.intentId))).toEqual({ status: 409, body: { error: messages.payment.intentMismatch } });
      expect(await paymentRows(t, b.userId)).toMatchObject([{ paymentStatus: 'PENDING' }]);
      expect((await investmentRow(t, b.userId)).paymentCompleted).toBe(false);
    });

    it('refuses confirm-stripe with no open card payment, and before the agreements', async () => {
      const investor = await paymentInvestor(t);
      expect(await json(await confirmStripe(t, investor, 'pi_local_nothing'))).toEqual({ status: 404, body: { error: messages.payment.paymentNotFound } });
      const early = await paymentInvestor(t, { agreements: false });
      expect(await json(await confirmStripe(t, early, 'pi_local_nothing'))).toEqual({ status: 409, body: { error: messages.payment.agreementsFirst } });
      expect((await t.post('/api/payment/test-card/confirm', { paymentIntentId: 'pi_x', clientSecret: 'x', paymentMethod: 'pm_card_visa' }, early.token)).status).toBe(409);
      expect((await t.post('/api/payment/confirm-stripe', { paymentIntentId: 'pi_x' })).status).toBe(401);
    });

    for (const [what, tamper] of [
      ['amount', { amount: 100 }],
      ['currency', { currency: 'usd' }],
      ['metadata paymentId', { metadata: 'paymentId' }],
      ['metadata investmentId', { metadata: 'investmentId' }],
    ] as const) {
      it(`refuses a succeeded intent whose ${what} is not the payment's, writing nothing`, async () => {
        const s = await startCard(t);
        const [intent] = await t.database.db.select().from(schema.localCardIntents).where(eq(schema.localCardIntents.id, s.intentId));
        if (!intent) throw new Error('no intent');
        const changed =
          'metadata' in tamper ? { metadata: { ...intent.metadata, [tamper.metadata]: crypto.randomUUID() } } : (tamper as { amount?: number; currency?: string });
        await t.database.db.update(schema.localCardIntents).set({ ...changed, status: 'succeeded' }).where(eq(schema.localCardIntents.id, s.intentId));
        const before = await rowCounts(t.database.db);
        expect(await json(await confirmStripe(t, s, s.intentId))).toEqual({ status: 409, body: { error: messages.payment.intentMismatch } });
        expect(await rowCounts(t.database.db)).toEqual(before);
        expect(await paymentRows(t, s.userId)).toMatchObject([{ paymentStatus: 'PENDING', transactionId: null }]);
        expect((await investmentRow(t, s.userId)).paymentCompleted).toBe(false);
      });
    }

    it("refuses the provider's confirm when the intent's amount changed since initiation", async () => {
      const s = await startCard(t);
      await t.database.db.update(schema.localCardIntents).set({ amount: 100 }).where(eq(schema.localCardIntents.id, s.intentId));
      expect(await json(await confirmCard(t, s, 'pm_card_visa'))).toEqual({ status: 409, body: { error: messages.payment.intentMismatch } });
      expect((await t.card.retrievePaymentIntent(s.intentId)).status).toBe('requires_payment_method');
    });

    it('a canceled intent fails its payment; the next initiation is a new payment with a new intent', async () => {
      const s = await startCard(t);
      await t.database.db.update(schema.localCardIntents).set({ status: 'canceled' }).where(eq(schema.localCardIntents.id, s.intentId));
      expect(await json(await confirmStripe(t, s, s.intentId))).toEqual({ status: 409, body: { error: messages.payment.cardNotSucceeded('canceled') } });
      expect(await paymentRows(t, s.userId)).toMatchObject([{ paymentStatus: 'FAILED' }]);
      const again = await initiate(t, s, 'CARD');
      expect(again.paymentId).not.toBe(s.paymentId);
      expect(again.stripe.paymentIntentId).not.toBe(s.intentId);
      expect(await paymentRows(t, s.userId)).toHaveLength(2);
    });
  });

  describe('initiating again', () => {
    it('an intent that succeeded without the server hearing of it is applied: paid, and initiate answers alreadyPaid', async () => {
      const s = await startCard(t);
      await t.database.db.update(schema.localCardIntents).set({ status: 'succeeded' }).where(eq(schema.localCardIntents.id, s.intentId));
      const res = await t.post('/api/payment/initiate', initiateBody(s, 'CARD'), s.token);
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 409, body: { error: messages.payment.alreadyPaid } });
      await expectPaid(t, s);
    });

    it('an intent canceled at the provider fails its payment; initiate answers a new payment with a new intent', async () => {
      const s = await startCard(t);
      await t.database.db.update(schema.localCardIntents).set({ status: 'canceled' }).where(eq(schema.localCardIntents.id, s.intentId));
      const again = await initiate(t, s, 'CARD');
      expect(again.paymentId).not.toBe(s.paymentId);
      expect(again.stripe.paymentIntentId).not.toBe(s.intentId);
      const rows = await paymentRows(t, s.userId);
      expect(rows.map((r) => [r.id, r.paymentStatus]).sort()).toEqual(
        [
          [s.paymentId, 'FAILED'],
          [again.paymentId, 'PENDING'],
        ].sort(),
      );
    });
  });

  describe('confirming twice', () => {
    it('answers a second confirm-stripe the same and writes nothing', async () => {
      const s = await startCard(t);
      await t.database.db.update(schema.localCardIntents).set({ status: 'succeeded' }).where(eq(schema.localCardIntents.id, s.intentId));
      const first = await json(await confirmStripe(t, s, s.intentId));
      expect(first).toEqual({ status: 200, body: { paymentId: s.paymentId, paymentStatus: 'COMPLETED', paymentCompleted: true, nextStep: 'complete' } });
      await expectPaid(t, s);
      const before = await rowCounts(t.database.db);
      expect(await json(await confirmStripe(t, s, s.intentId))).toEqual(first);
      expect(await rowCounts(t.database.db)).toEqual(before);
    });

    it('20 parallel confirm-stripe calls: one completion, one audit event, one mail', async () => {
      const s = await startCard(t);
      await t.database.db.update(schema.localCardIntents).set({ status: 'succeeded' }).where(eq(schema.localCardIntents.id, s.intentId));
      const answers = await Promise.all(Array.from({ length: 20 }, () => confirmStripe(t, s, s.intentId)));
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
      await t.runDueJobs();
      await expectPaid(t, s);
      expect((await auditActions(t, s.userId)).filter((a) => a === 'payment.completed')).toHaveLength(1);
    });
  });
});
