/**
 * A crypto payment from initiation to the investor's confirmation through the real price service (switched off here,
 * so the configured indicative rates quote): the quote stored on the payment is the one answered (rate, amount to
 * send to six decimals, never short, the receiving wallet), a repeat answers the same payment and quote, another coin
 * re-quotes the one open crypto payment, a quote past its 10 minutes is refused at confirmation and re-quoted by the
 * next initiation, and confirming the fresh quote completes the investor's step with the funds awaited.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { CRYPTO_QUOTE_MAX_AGE_SECONDS, cryptoAmountToSend, paymentAmounts, type PaymentStatusResponse } from '../../src/shared/payment.ts';
import { forEachDatabase } from './harness.ts';
import { currentStep, initiate, paymentInvestor, paymentRows } from './support/payment.ts';

const ETH_HASH = `0x${'5e'.repeat(32)}`;

forEachDatabase('crypto payment through the price service', (t) => {
  it('stores the answered quote, re-quotes another coin and an expired quote, and completes the step on a fresh one', async () => {
    const investor = await paymentInvestor(t);
    const { totalCents } = paymentAmounts(investor.amount, 'CRYPTO');
    const rates = await (await t.get('/api/payment/crypto-rates', investor.token)).json();

    const eth = await initiate(t, investor, 'CRYPTO');
    expect(eth.crypto.cryptoCurrency).toBe('ETH');
    expect(eth.crypto.rate).toBe(rates.quotes.ETH.price);
    expect(eth.crypto.rateStatus).toBe('indicative');
    expect(eth.crypto.amountToSend).toBe(cryptoAmountToSend(totalCents, eth.crypto.rate));
    expect(Number(eth.crypto.amountToSend) * eth.crypto.rate).toBeGreaterThanOrEqual(totalCents / 100);
    expect(eth.crypto.walletAddress).toBe(rates.wallets.ETH);
    const [row] = await paymentRows(t, investor.userId);
    expect([row?.cryptoRate, row?.cryptoAmount, row?.cryptoWallet, row?.cryptoRateStatus]).toEqual([eth.crypto.rate, eth.crypto.amountToSend, rates.wallets.ETH, 'indicative']);

    expect((await initiate(t, investor, 'CRYPTO')).paymentId).toBe(eth.paymentId);
    const btc = await initiate(t, investor, 'CRYPTO', { cryptoCurrency: 'BTC' });
    expect(btc.paymentId).toBe(eth.paymentId);
    expect([btc.crypto.cryptoCurrency, btc.crypto.walletAddress]).toEqual(['BTC', rates.wallets.BTC]);
    expect(await paymentRows(t, investor.userId)).toHaveLength(1);

    t.clock.advance((CRYPTO_QUOTE_MAX_AGE_SECONDS + 1) * 1000);
    const expired = await t.post('/api/payment/process', { paymentMethod: 'CRYPTO', paymentId: btc.paymentId, transactionId: 'ab'.repeat(32) }, investor.token);
    expect([expired.status, (await expired.json()).error]).toEqual([409, messages.payment.quoteExpired]);
    expect((await paymentRows(t, investor.userId))[0]?.paymentStatus).toBe('PENDING');

    const requoted = await initiate(t, investor, 'CRYPTO', { cryptoCurrency: 'ETH' });
    expect(requoted.paymentId).toBe(eth.paymentId);
    expect(new Date(requoted.crypto.quoteExpiresAt).getTime()).toBe(t.clock.now().getTime() + CRYPTO_QUOTE_MAX_AGE_SECONDS * 1000);
    const done = await t.post('/api/payment/process', { paymentMethod: 'CRYPTO', paymentId: requoted.paymentId, transactionId: ETH_HASH }, investor.token);
    expect(done.status).toBe(200);
    const status = (await (await t.get('/api/payment/status', investor.token)).json()) as PaymentStatusResponse;
    expect([status.paymentStatus, status.investment.paymentCompleted, status.investment.status, status.latestPayment?.transactionId]).toEqual(['AWAITING_FUNDS', true, 'FUNDS_PENDING', ETH_HASH]);
    expect(await currentStep(t, investor.userId)).toBe('complete');
  });
});
