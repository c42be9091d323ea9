/**
 * quoteCryptoPayment (initiate's quote): fresh and indicative rates quote, marked; a stale price older than
 * CRYPTO_QUOTE_MAX_AGE_SECONDS and an unavailable one are refused (503) with the catalogue's words.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { CRYPTO_QUOTE_MAX_AGE_SECONDS, cryptoAmountToSend } from '../../src/shared/payment.ts';
import { DEMO_WALLETS, loadCryptoSettings } from '../../src/server/config/crypto-env.ts';
import type { Env } from '../../src/server/config/env.ts';
import { cryptoPrices } from '../../src/server/db/schema/index.ts';
import { quoteCryptoPayment } from '../../src/server/domain/payment/quote-crypto.ts';
import { AppError } from '../../src/server/errors/app-error.ts';
import { createCryptoPriceService, INDICATIVE_SOURCE } from '../../src/server/providers/prices/crypto-price-service.ts';
import { forEachDatabase } from './harness.ts';
import { coinGeckoBody, startFakePriceApi, type FakePriceApi } from './support/fake-price-api.ts';

let api: FakePriceApi;
beforeAll(async () => {
  api = await startFakePriceApi();
});
afterAll(() => api.close());

const WALLET_ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

forEachDatabase('crypto quote', (t) => {
  beforeEach(async () => {
    await t.database.db.delete(cryptoPrices);
    api.requests.length = 0;
  });
  const service = (env: Env = {}) =>
    createCryptoPriceService({ db: t.database.db, settings: loadCryptoSettings({ CRYPTO_PRICE_API_URL: api.url, CRYPTO_WALLET_ETH: WALLET_ETH, ...env }), log: t.log, timeoutMs: 150 });
  const refusal = async (run: Promise<unknown>) => {
    const error = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  describe('fresh', () => {
    it('quotes at the service price: amount to send, wallet, source time, status', async () => {
      const now = t.clock.now();
      const at = Math.floor(now.getTime() / 1000) - 20;
      api.answer({ kind: 'json', body: coinGeckoBody({ ETH: 2987.31, BTC: 81234.5, USDC: 0.93, USDT: 0.92 }, at) });
      const quote = await quoteCryptoPayment(service(), 'ETH', 2_525_000, now);
      expect(quote).toEqual({
        cryptoCurrency: 'ETH',
        rate: 2987.31,
        rateAsOf: new Date(at * 1000),
        rateStatus: 'fresh',
        rateSource: new URL(api.url).host,
        amountToSend: cryptoAmountToSend(2_525_000, 2987.31),
        walletAddress: WALLET_ETH,
        quotedAt: now,
      });
      expect(quote.amountToSend).toBe('8.452421');
      const btc = await quoteCryptoPayment(service(), 'BTC', 2_525_000, now);
      expect(btc).toMatchObject({ rate: 81234.5, walletAddress: DEMO_WALLETS.BTC, amountToSend: '0.310829' });
    });
  });

  it('a stale price within the quote age is used, marked stale; older than that is refused', async () => {
    api.answer({ kind: 'json', body: coinGeckoBody({ ETH: 3000, BTC: 60000 }, Math.floor(t.clock.now().getTime() / 1000)) });
    const prices = service();
    await prices.quotes(t.clock.now());
    api.answer({ kind: 'status', status: 500 });
    t.clock.advance(CRYPTO_QUOTE_MAX_AGE_SECONDS * 1000);
    const stale = await quoteCryptoPayment(prices, 'ETH', 100_000, t.clock.now());
    expect(stale).toMatchObject({ rate: 3000, rateStatus: 'stale', amountToSend: '0.333334' });
    t.clock.advance(1000);
    const error = await refusal(quoteCryptoPayment(prices, 'ETH', 100_000, t.clock.now()));
    expect(error.status).toBe(503);
    expect(error.message).toBe(messages.payment.pricesUnavailableServer);
  });

  it('a fresh answer whose own source time is older than the quote age is refused too', async () => {
    const old = Math.floor(t.clock.now().getTime() / 1000) - CRYPTO_QUOTE_MAX_AGE_SECONDS - 5;
    api.answer({ kind: 'json', body: coinGeckoBody({ ETH: 3000, BTC: 60000 }, old) });
    expect((await refusal(quoteCryptoPayment(service(), 'BTC', 100_000, t.clock.now()))).status).toBe(503);
  });

  it('indicative rates quote, marked indicative, applied now', async () => {
    const now = t.clock.now();
    const quote = await quoteCryptoPayment(service({ CRYPTO_PRICE_API_URL: 'off' }), 'USDT', 1_010_000, now);
    expect(quote).toMatchObject({ rate: 0.92, rateStatus: 'indicative', rateSource: INDICATIVE_SOURCE, rateAsOf: now, amountToSend: '10978.260870' });
    expect(api.requests).toHaveLength(0);
  });

  it('unavailable: 503 with the catalogue words', async () => {
    const error = await refusal(quoteCryptoPayment(service({ CRYPTO_PRICE_API_URL: 'off', CRYPTO_INDICATIVE_RATES: 'ETH=3000' }), 'BTC', 100_000, t.clock.now()));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.toBody()).toEqual({ error: messages.payment.pricesUnavailableServer });
  });

  it.each([0, -100, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2])('refuses a total of %s cents', async (cents) => {
    expect((await refusal(quoteCryptoPayment(service({ CRYPTO_PRICE_API_URL: 'off' }), 'ETH', cents, t.clock.now()))).status).toBe(400);
  });
});
