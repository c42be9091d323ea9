/**
 * GET /api/payment/crypto-rates and the price service behind it, against a local fixture of CoinGecko's simple-price
 * endpoint (127.0.0.1 only): a fresh answer is used and stored; the cache and the single flight bound the calls to
 * the service; a failing, slow, garbled or out-of-range service answers from the last good price (stale) or the
 * configured rates (indicative), flagged, and stores nothing; the last good price outlives the service instance;
 * `off` never calls out.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { CRYPTO_CURRENCIES, CryptoRatesResponseSchema, type CryptoRatesResponse } from '../../src/shared/payment.ts';
import { messages } from '../../src/shared/messages.ts';
import * as v from 'valibot';
import { DEMO_WALLETS, loadCryptoSettings } from '../../src/server/config/crypto-env.ts';
import type { Env } from '../../src/server/config/env.ts';
import { cryptoPrices } from '../../src/server/db/schema/index.ts';
import { createCryptoPriceService, INDICATIVE_SOURCE, STABLECOIN_FALLBACK_SOURCE, type CryptoPriceService } from '../../src/server/providers/prices/crypto-price-service.ts';
import { storePrices } from '../../src/server/providers/prices/stored-crypto-prices.ts';
import { bearer, forEachDatabase, type ApiTest } from './harness.ts';
import { coinGeckoBody, startFakePriceApi, type FakePriceApi } from './support/fake-price-api.ts';

let api: FakePriceApi;
beforeAll(async () => {
  api = await startFakePriceApi();
});
afterAll(() => api.close());

const GOOD = { ETH: 2987.31, BTC: 81234.5, USDC: 0.931, USDT: 0.921 };
const TIMEOUT_MS = 150;

forEachDatabase('crypto rates', (t) => {
  let token: string;
  beforeAll(async () => {
    token = (await t.register()).token;
  });
  beforeEach(async () => {
    await t.database.db.delete(cryptoPrices);
    api.requests.length = 0;
    api.answer({ kind: 'json', body: coinGeckoBody(GOOD, nowSeconds(t)) });
  });

  const nowSeconds = (test: ApiTest) => Math.floor(test.clock.now().getTime() / 1000);
  const service = (env: Env = {}): CryptoPriceService =>
    createCryptoPriceService({ db: t.database.db, settings: loadCryptoSettings({ CRYPTO_PRICE_API_URL: api.url, ...env }), log: t.log, timeoutMs: TIMEOUT_MS });
  const rates = async (prices: CryptoPriceService, app = t.makeApp({}, { prices })): Promise<CryptoRatesResponse> => {
    const res = await app.request('/api/payment/crypto-rates', { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return v.parse(CryptoRatesResponseSchema, await res.json());
  };
  const storedRows = () => t.database.db.select().from(cryptoPrices);

  it('needs a session', async () => {
    const app = t.makeApp({}, { prices: service() });
    expect((await app.request('/api/payment/crypto-rates')).status).toBe(401);
    expect((await app.request('/api/payment/crypto-rates', { headers: bearer('x.y.z') })).status).toBe(401);
    expect(api.requests).toHaveLength(0);
  });

  it('a fresh answer: the simple-price shape, each quote fresh with its source time, the wallets; stored as the last good prices', async () => {
    const at = nowSeconds(t) - 42;
    api.answer({ kind: 'json', body: coinGeckoBody(GOOD, at) });
    const answer = await rates(service());
    expect(answer.ethereum).toEqual({ eur: GOOD.ETH, last_updated_at: at });
    expect(answer.bitcoin).toEqual({ eur: GOOD.BTC, last_updated_at: at });
    expect(answer['usd-coin']).toEqual({ eur: GOOD.USDC, last_updated_at: at });
    expect(answer.tether).toEqual({ eur: GOOD.USDT, last_updated_at: at });
    expect(answer.indicative).toBe(false);
    expect(answer.wallets).toEqual(DEMO_WALLETS);
    for (const coin of CRYPTO_CURRENCIES) {
      expect(answer.quotes[coin]).toEqual({ price: GOOD[coin], asOf: new Date(at * 1000).toISOString(), source: new URL(api.url).host, ageSeconds: 42, status: 'fresh' });
    }
    const rows = await storedRows();
    expect(rows.map((r) => [r.currency, r.priceEur, r.sourceUpdatedAt?.getTime()]).sort()).toEqual(
      CRYPTO_CURRENCIES.map((c) => [c, GOOD[c], at * 1000]).sort(),
    );
    expect(rows.every((r) => r.fetchedAt.getTime() === t.clock.now().getTime())).toBe(true);
    // The request: CoinGecko's query, no key unless configured.
    expect(api.requests).toHaveLength(1);
    const query = Object.fromEntries(new URL(api.requests[0]!.url, 'http://x').searchParams);
    expect(query).toEqual({ ids: 'ethereum,bitcoin,usd-coin,tether', vs_currencies: 'eur', include_last_updated_at: 'true' });
    expect(api.requests[0]!.headers['x-cg-demo-api-key']).toBeUndefined();
  });

  it('sends the configured API key header', async () => {
    await rates(service({ COINGECKO_API_KEY: 'CG-demo-key' }));
    expect(api.requests[0]!.headers['x-cg-demo-api-key']).toBe('CG-demo-key');
    api.requests.length = 0;
    await rates(service({ COINGECKO_PRO_API_KEY: 'CG-pro-key' }));
    expect(api.requests[0]!.headers['x-cg-pro-api-key']).toBe('CG-pro-key');
    expect(api.requests[0]!.headers['x-cg-demo-api-key']).toBeUndefined();
  });

  it('cached 60 s: two calls make one fetch; after 60 s the next call fetches again', async () => {
    const prices = service();
    const app = t.makeApp({}, { prices });
    const first = await rates(prices, app);
    t.clock.advance(30_000);
    const second = await rates(prices, app);
    expect(api.requests).toHaveLength(1);
    expect(second.ethereum).toEqual(first.ethereum);
    expect(second.quotes.ETH.status).toBe('fresh');
    expect(second.quotes.ETH.ageSeconds).toBe(first.quotes.ETH.ageSeconds! + 30);
    t.clock.advance(31_000);
    api.answer({ kind: 'json', body: coinGeckoBody({ ...GOOD, ETH: 3100 }, nowSeconds(t)) });
    const third = await rates(prices, app);
    expect(api.requests).toHaveLength(2);
    expect(third.quotes.ETH).toMatchObject({ price: 3100, status: 'fresh', ageSeconds: 0 });
  });

  it('50 parallel calls share one fetch', async () => {
    const prices = service();
    const app = t.makeApp({}, { prices });
    const answers = await Promise.all(Array.from({ length: 50 }, () => rates(prices, app)));
    expect(api.requests).toHaveLength(1);
    for (const answer of answers) expect(answer.quotes.BTC).toMatchObject({ price: GOOD.BTC, status: 'fresh' });
  });

  it('50 parallel calls while the service hangs: still one fetch, then the indicative rates for all', async () => {
    api.answer({ kind: 'hang' });
    const prices = service();
    const app = t.makeApp({}, { prices });
    const answers = await Promise.all(Array.from({ length: 50 }, () => rates(prices, app)));
    expect(api.requests).toHaveLength(1);
    for (const answer of answers) expect(answer.indicative).toBe(true);
    api.release();
  });

  const failures: [string, () => void][] = [
    ['HTTP 500', () => api.answer({ kind: 'status', status: 500 })],
    ['HTTP 429', () => api.answer({ kind: 'status', status: 429 })],
    ['a timeout', () => api.answer({ kind: 'hang' })],
    ['garbage', () => api.answer({ kind: 'garbage' })],
    ['an oversized body', () => api.answer({ kind: 'huge', bytes: 1024 * 1024 })],
    ['ETH out of range', () => api.answer({ kind: 'json', body: coinGeckoBody({ ...GOOD, ETH: 99 }) })],
    ['BTC out of range', () => api.answer({ kind: 'json', body: coinGeckoBody({ ...GOOD, BTC: 2_000_000 }) })],
    ['BTC missing', () => api.answer({ kind: 'json', body: coinGeckoBody({ ETH: 3000, USDC: 1, USDT: 1 }) })],
    ['a JSON array', () => api.answer({ kind: 'json', body: [1, 2] })],
    ['a redirect (not followed)', () => api.answer({ kind: 'redirect' })],
  ];

  it.each(failures)('%s with no good price ever: the configured indicative rates, flagged, nothing stored', async (_name, fail) => {
    fail();
    const answer = await rates(service({ CRYPTO_INDICATIVE_RATES: 'ETH=2500,BTC=50000,USDC=0.9,USDT=0.91' }));
    api.release();
    expect(answer.indicative).toBe(true);
    expect(answer.quotes.ETH).toEqual({ price: 2500, asOf: null, source: INDICATIVE_SOURCE, ageSeconds: null, status: 'indicative' });
    expect(answer.ethereum).toEqual({ eur: 2500 });
    expect(answer.tether).toEqual({ eur: 0.91 });
    expect(await storedRows()).toEqual([]);
    expect(t.log.entries.some((e) => e.level === 'warn' && /price service failed/.test(e.message))).toBe(true);
  });

  it.each(failures)('%s after a good answer: the last good price, stale, and the stored one unchanged', async (_name, fail) => {
    const prices = service();
    const app = t.makeApp({}, { prices });
    const fetchedAt = t.clock.now();
    await rates(prices, app);
    const before = await storedRows();
    t.clock.advance(61_000);
    fail();
    const answer = await rates(prices, app);
    api.release();
    expect(api.requests).toHaveLength(2);
    expect(answer.indicative).toBe(false);
    expect(answer.quotes.ETH).toMatchObject({ price: GOOD.ETH, status: 'stale', ageSeconds: 61 });
    expect(answer.ethereum?.eur).toBe(GOOD.ETH);
    const after = await storedRows();
    expect(after).toEqual(before);
    expect(after.every((r) => r.fetchedAt.getTime() === fetchedAt.getTime())).toBe(true);
  });

  it('a failing service is not asked again for 30 s, however often the rates are asked for', async () => {
    api.answer({ kind: 'status', status: 503 });
    const prices = service();
    const app = t.makeApp({}, { prices });
    for (let i = 0; i < 40; i++) {
      await rates(prices, app);
      t.clock.advance(500);
    }
    expect(api.requests).toHaveLength(1);
    t.clock.advance(11_000);
    api.answer({ kind: 'json', body: coinGeckoBody(GOOD, nowSeconds(t)) });
    const answer = await rates(prices, app);
    expect(api.requests).toHaveLength(2);
    expect(answer.quotes.ETH.status).toBe('fresh');
    expect(answer.indicative).toBe(false);
  });

  it('the last good price outlives the service: a new instance on the same database answers it as stale', async () => {
    await rates(service());
    t.clock.advance(5 * 60_000);
    api.answer({ kind: 'status', status: 500 });
    const answer = await rates(service());
    expect(answer.quotes.BTC).toMatchObject({ price: GOOD.BTC, status: 'stale', source: new URL(api.url).host });
    expect(answer.quotes.BTC.ageSeconds).toBe(300);
    expect(answer.indicative).toBe(false);
  });

  it('a stablecoin the service leaves out: 0.92 marked as the fallback, or its last good price when there is one', async () => {
    api.answer({ kind: 'json', body: coinGeckoBody({ ETH: 3000, BTC: 60000 }, nowSeconds(t)) });
    const first = await rates(service());
    expect(first.quotes.USDC).toEqual({ price: 0.92, asOf: null, source: STABLECOIN_FALLBACK_SOURCE, ageSeconds: null, status: 'indicative' });
    expect(first.indicative).toBe(true);
    expect((await storedRows()).map((r) => r.currency).sort()).toEqual(['BTC', 'ETH']);

    api.answer({ kind: 'json', body: coinGeckoBody(GOOD, nowSeconds(t)) });
    t.clock.advance(120_000);
    await rates(service());
    t.clock.advance(120_000);
    api.answer({ kind: 'json', body: coinGeckoBody({ ETH: 3000, BTC: 60000, USDT: 0.95 }, nowSeconds(t)) });
    const third = await rates(service());
    expect(third.quotes.USDC).toMatchObject({ price: GOOD.USDC, status: 'stale' });
    expect(third.quotes.USDT).toMatchObject({ price: 0.95, status: 'fresh' });
    expect(third.indicative).toBe(false);
  });

  it('off: never calls out, the configured rates only (not even the stored ones)', async () => {
    await rates(service());
    api.requests.length = 0;
    const answer = await rates(service({ CRYPTO_PRICE_API_URL: 'off' }));
    expect(api.requests).toHaveLength(0);
    expect(answer.indicative).toBe(true);
    expect(answer.quotes.ETH).toMatchObject({ price: 3000, status: 'indicative', source: INDICATIVE_SOURCE });
    expect(answer.bitcoin).toEqual({ eur: 60000 });
  });

  it('off without indicative rates: every coin unavailable, no price in the answer', async () => {
    const answer = await rates(service({ CRYPTO_PRICE_API_URL: 'off', CRYPTO_INDICATIVE_RATES: 'none' }));
    for (const coin of CRYPTO_CURRENCIES) expect(answer.quotes[coin]).toEqual({ price: null, asOf: null, source: 'none', ageSeconds: null, status: 'unavailable' });
    expect(answer.ethereum).toBeUndefined();
    expect(answer.bitcoin).toBeUndefined();
    expect(answer.indicative).toBe(false);
  });

  it('a failing service with no indicative rates and nothing stored: unavailable, never an invented price', async () => {
    api.answer({ kind: 'garbage' });
    const answer = await rates(service({ CRYPTO_INDICATIVE_RATES: 'ETH=3000' }));
    expect(answer.quotes.ETH.status).toBe('indicative');
    expect(answer.quotes.BTC).toMatchObject({ price: null, status: 'unavailable' });
    expect(answer.bitcoin).toBeUndefined();
    expect(t.log.entries.find((e) => e.level === 'warn')?.fields?.reason).toBe(messages.payment.pricesMissing);
  });

  it('an older fetch landing late does not replace a newer stored price', async () => {
    const newer = t.clock.now();
    const older = new Date(newer.getTime() - 10_000);
    await storePrices(t.database.db, { ETH: { price: 3100, sourceUpdatedAt: null, fetchedAt: newer, source: 'a' } });
    await storePrices(t.database.db, { ETH: { price: 2900, sourceUpdatedAt: null, fetchedAt: older, source: 'b' } });
    expect((await storedRows()).map((r) => [r.priceEur, r.source])).toEqual([[3100, 'a']]);
    await storePrices(t.database.db, { ETH: { price: 3200, sourceUpdatedAt: null, fetchedAt: new Date(newer.getTime() + 1), source: 'c' } });
    expect((await storedRows()).map((r) => [r.priceEur, r.source])).toEqual([[3200, 'c']]);
  });
});
