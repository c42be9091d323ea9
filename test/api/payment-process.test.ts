/**
 * POST /api/payment/process (crypto and wire): the investor says the funds are sent. Hostile first: another investor's
 * payment id, unknown and malformed ids, the wrong method, the wrong wire reference, malformed transaction hashes per
 * chain, an expired crypto quote (nothing written); then the truthful result (payment AWAITING_FUNDS, investment's
 * payment step done, status FUNDS_PENDING, step complete, one mail without bank details) and its idempotence under a
 * repeat and 20 parallel calls. Crypto payments are put in the table with a quote as initiate stores it (the price
 * service and its quotes have their own tests: payment-crypto*.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { CRYPTO_QUOTE_MAX_AGE_SECONDS, type PaymentStatusResponse } from '../../src/shared/payment.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { auditActions, currentStep, initiate, investmentRow, paymentInvestor, paymentRows, insertCryptoPayment } from './support/payment.ts';
import { rowCounts } from './support/row-counts.ts';
import { expectStatusPageLink } from './support/status-page-mail.ts';

const ETH_HASH = `0x${'ab'.repeat(32)}`;
const BTC_HASH = 'cd'.repeat(32);

const process = (t: ApiTest, token: string, body: unknown) => t.post('/api/payment/process', body, token);

forEachDatabase('payment process (crypto and wire)', (t) => {
  const refuse = async (token: string, body: unknown, status: number, error?: string) => {
    const before = await rowCounts(t.database.db);
    const res = await process(t, token, body);
    const answer = await res.json();
    expect({ status: res.status, ...(error ? { answer } : {}) }).toEqual({ status, ...(error ? { answer: { error } } : {}) });
    expect(await rowCounts(t.database.db)).toEqual(before);
  };

  describe('refusals', () => {
    it("answers another investor's payment as an unknown one, and refuses unknown, malformed and wrong-method ids", async () => {
      const a = await paymentInvestor(t);
      const b = await paymentInvestor(t);
      const wireA = await initiate(t, a, 'WIRE');
      await refuse(b.token, { paymentMethod: 'WIRE', paymentId: wireA.paymentId, transactionId: wireA.paymentRef }, 404, messages.payment.paymentNotFound);
      for (const paymentId of [crypto.randomUUID(), 'not-a-uuid', '', "' or 1=1 --", wireA.paymentId.toUpperCase().replace(/-/g, '')]) {
        await refuse(a.token, { paymentMethod: 'WIRE', paymentId, transactionId: wireA.paymentRef }, 404, messages.payment.paymentNotFound);
      }
      await refuse(a.token, { paymentMethod: 'CRYPTO', paymentId: wireA.paymentId, transactionId: ETH_HASH }, 404, messages.payment.paymentNotFound);
      await refuse(a.token, { paymentMethod: 'CARD', paymentId: wireA.paymentId, transactionId: 'pi_x' }, 400);
      await refuse(a.token, { paymentMethod: 'WIRE', paymentId: wireA.paymentId, transactionId: wireA.paymentRef, extra: 1 }, 400);
      await refuse(a.token, { paymentMethod: 'WIRE', paymentId: wireA.paymentId, transactionId: 'x'.repeat(65) }, 400);
    });

    it('refuses before the agreements are complete', async () => {
      const early = await paymentInvestor(t, { agreements: false });
      await refuse(early.token, { paymentMethod: 'WIRE', paymentId: crypto.randomUUID(), transactionId: 'G2G-INV-123456' }, 409, messages.payment.agreementsFirst);
    });

    it('refuses a wire reference that is not the payment’s', async () => {
      const investor = await paymentInvestor(t);
      const wire = await initiate(t, investor, 'WIRE');
      for (const transactionId of ['G2G-INV-123456', wire.paymentRef.toLowerCase(), `${wire.paymentRef}X`, '']) {
        await refuse(investor.token, { paymentMethod: 'WIRE', paymentId: wire.paymentId, transactionId }, 400, messages.payment.wireReferenceMismatch);
      }
    });

    it('refuses transaction hashes not of the chain (Ethereum for ETH/USDC/USDT, Bitcoin for BTC)', async () => {
      const investor = await paymentInvestor(t);
      const eth = await insertCryptoPayment(t, investor, 'USDT');
      for (const transactionId of [BTC_HASH, `0x${'ab'.repeat(31)}`, `0x${'zz'.repeat(32)}`, `${ETH_HASH}00`, '0x', '０x' + 'ab'.repeat(32)]) {
        await refuse(investor.token, { paymentMethod: 'CRYPTO', paymentId: eth.id, transactionId }, 400, messages.payment.transactionHashInvalid('ethereum'));
      }
      const other = await paymentInvestor(t);
      const btc = await insertCryptoPayment(t, other, 'BTC');
      for (const transactionId of [ETH_HASH, 'cd'.repeat(31), `${BTC_HASH}0`]) {
        await refuse(other.token, { paymentMethod: 'CRYPTO', paymentId: btc.id, transactionId }, 400, messages.payment.transactionHashInvalid('bitcoin'));
      }
    });

    it('refuses a quote older than ten minutes, writing nothing', async () => {
      const investor = await paymentInvestor(t);
      const payment = await insertCryptoPayment(t, investor, 'ETH', new Date(t.clock.now().getTime() - (CRYPTO_QUOTE_MAX_AGE_SECONDS + 1) * 1000));
      await refuse(investor.token, { paymentMethod: 'CRYPTO', paymentId: payment.id, transactionId: ETH_HASH }, 409, messages.payment.quoteExpired);
      expect((await investmentRow(t, investor.userId)).paymentCompleted).toBe(false);
    });
  });

  describe('the payment step done, the funds awaited', () => {
    it('wire: AWAITING_FUNDS, investment paymentCompleted, status FUNDS_PENDING, step complete, one mail without bank details', async () => {
      const investor = await paymentInvestor(t);
      const wire = await initiate(t, investor, 'WIRE');
      const res = await process(t, investor.token, { paymentMethod: 'WIRE', paymentId: wire.paymentId, transactionId: ` ${wire.paymentRef} ` });
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 200, body: { paymentId: wire.paymentId, paymentStatus: 'AWAITING_FUNDS', paymentCompleted: true, nextStep: 'complete' } });
      expect(await paymentRows(t, investor.userId)).toMatchObject([{ paymentStatus: 'AWAITING_FUNDS', transactionId: wire.paymentRef, confirmedAt: expect.any(Date), completedAt: null }]);
      expect(await investmentRow(t, investor.userId)).toMatchObject({ paymentCompleted: true, completedAt: expect.any(Date) });
      expect(await currentStep(t, investor.userId)).toBe('complete');
      const status = (await (await t.get('/api/payment/status', investor.token)).json()) as PaymentStatusResponse;
      expect(status).toMatchObject({
        paymentStatus: 'AWAITING_FUNDS',
        paymentMethod: 'WIRE',
        completedAt: null,
        investment: { paymentCompleted: true, status: 'FUNDS_PENDING' },
        latestPayment: { id: wire.paymentId, paymentStatus: 'AWAITING_FUNDS', transactionId: wire.paymentRef, paymentRef: wire.paymentRef, processingFee: 0, completedAt: null },
      });
      const mails = t.mailer.sent.filter((m) => m.to === investor.email && m.subject.startsWith('G2G: payment'));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(wire.paymentRef);
      // Bank details are shown in the portal only, never mailed.
      expect(mails[0]?.text).not.toMatch(/IBAN|BIC|SWIFT|account/i);
      expectStatusPageLink(mails[0]);
      expect(await auditActions(t, investor.userId)).toEqual(['payment.initiated', 'payment.sent']);
    });

    it('crypto: AWAITING_FUNDS with the hash, FUNDS_PENDING', async () => {
      const investor = await paymentInvestor(t);
      const payment = await insertCryptoPayment(t, investor, 'BTC');
      const res = await process(t, investor.token, { paymentMethod: 'CRYPTO', paymentId: payment.id, transactionId: BTC_HASH });
      expect(res.status).toBe(200);
      const status = (await (await t.get('/api/payment/status', investor.token)).json()) as PaymentStatusResponse;
      expect(status).toMatchObject({ paymentStatus: 'AWAITING_FUNDS', paymentMethod: 'CRYPTO', investment: { status: 'FUNDS_PENDING', paymentCompleted: true }, latestPayment: { cryptoCurrency: 'BTC', cryptoAmount: '10.100000', transactionId: BTC_HASH } });
    });

    it('answers the same confirmation again without writing, refuses another hash, and 20 parallel calls complete once', async () => {
      const investor = await paymentInvestor(t);
      const payment = await insertCryptoPayment(t, investor, 'ETH');
      const body = { paymentMethod: 'CRYPTO', paymentId: payment.id, transactionId: ETH_HASH };
      const answers = await Promise.all(Array.from({ length: 20 }, () => process(t, investor.token, body)));
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(new Set(await Promise.all(answers.map((r) => r.text()))).size).toBe(1);
      expect((await auditActions(t, investor.userId)).filter((a) => a === 'payment.sent')).toHaveLength(1);
      await t.runDueJobs();
      expect(t.mailer.sent.filter((m) => m.to === investor.email && m.subject.startsWith('G2G: payment'))).toHaveLength(1);
      const before = await rowCounts(t.database.db);
      expect((await process(t, investor.token, body)).status).toBe(200);
      expect(await rowCounts(t.database.db)).toEqual(before);
      await refuse(investor.token, { ...body, transactionId: `0x${'ef'.repeat(32)}` }, 409, messages.payment.paymentNotOpen);
    });

    it('a second method cannot be confirmed once the payment step is done', async () => {
      const investor = await paymentInvestor(t);
      const wire = await initiate(t, investor, 'WIRE');
      const payment = await insertCryptoPayment(t, investor, 'ETH');
      // A hash of its own: one transaction pays one payment (ETH_HASH is another test's already).
      expect((await process(t, investor.token, { paymentMethod: 'CRYPTO', paymentId: payment.id, transactionId: `0x${'12'.repeat(32)}` })).status).toBe(200);
      await refuse(investor.token, { paymentMethod: 'WIRE', paymentId: wire.paymentId, transactionId: wire.paymentRef }, 409, messages.payment.alreadyPaid);
    });
  });
});
