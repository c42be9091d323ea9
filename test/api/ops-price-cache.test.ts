/**
 * The price cache shared through the database: two price services on one database (two instances) and a fixture
 * price API counting calls. One fetch serves both within the cache time; the other instance fetches only once the
 * stored prices are older than that; another source's rows, or rows too far in the future, are not taken.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { CRYPTO_CURRENCIES } from '../../src/shared/payment.ts';
import { loadCryptoSettings } from '../../src/server/config/crypto-env.ts';
import { cryptoPrices } from '../../src/server/db/schema/index.ts';
import { createFundsProviders } from '../../src/server/providers/prices/create-funds-providers.ts';
import { createCryptoPriceService, PRICE_CACHE_MS, type CryptoPriceService } from '../../src/server/providers/prices/crypto-price-service.ts';
import { loadBankSettings } from '../../src/server/config/bank-env.ts';
import { forEachDatabase } from './harness.ts';
import { coinGeckoBody, startFakePriceApi, type FakePriceApi } from './support/fake-price-api.ts';

const GOOD = { ETH: 2987.31, BTC: 81234.5, USDC: 0.931, USDT: 0.921 };
const NEWER = { ETH: 3001.5, BTC: 80000, USDC: 0.93, USDT: 0.92 };

let api: FakePriceApi;
let other: FakePriceApi;
beforeAll(async () => {
  api = await startFakePriceApi();
  other = await startFakePriceApi();
});
afterAll(async () => {
  await api?.close();
  await other?.close();
});

forEachDatabase('price cache shared between instances', (t) => {
  /** One instance's price service, as the real start makes it. */
  const instance = (url = api.url): CryptoPriceService =>
    createCryptoPriceService({ db: t.database.db, settings: loadCryptoSettings({ CRYPTO_PRICE_API_URL: url }), log: t.log, timeoutMs: 500, sharedCache: true });
  const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs);

  beforeEach(async () => {
    await t.database.db.delete(cryptoPrices);
    for (const fake of [api, other]) {
      fake.requests.length = 0;
      fake.answer({ kind: 'json', body: coinGeckoBody(GOOD) });
    }
  });

  it('the real start turns sharing on', async () => {
    const { prices } = createFundsProviders(
      { crypto: loadCryptoSettings({ CRYPTO_PRICE_API_URL: api.url }), bank: loadBankSettings({}) },
      { db: t.database.db, log: t.log },
    );
    await instance().quotes(at(0));
    await prices.quotes(at(1_000));
    expect(api.requests).toHaveLength(1);
  });

  it('one fetch serves both instances within the cache time; the other fetches once it is older', async () => {
    const a = instance();
    const b = instance();
    const first = await a.quotes(at(0));
    expect(api.requests).toHaveLength(1);
    expect(first.ETH).toMatchObject({ price: GOOD.ETH, status: 'fresh' });

    api.answer({ kind: 'json', body: coinGeckoBody(NEWER) });
    const fromA = await b.quotes(at(10_000));
    expect(api.requests).toHaveLength(1);
    for (const coin of CRYPTO_CURRENCIES) expect(fromA[coin]).toMatchObject({ price: GOOD[coin], status: 'fresh' });
    // B keeps what it took in its own cache: no second read or fetch within the time.
    await b.quotes(at(20_000));
    expect(api.requests).toHaveLength(1);

    // Past the cache time from A's fetch: B fetches, and A then takes B's newer prices without a call of its own.
    const fetchedByB = await b.quotes(at(PRICE_CACHE_MS + 1_000));
    expect(api.requests).toHaveLength(2);
    expect(fetchedByB.ETH).toMatchObject({ price: NEWER.ETH, status: 'fresh' });
    const takenByA = await a.quotes(at(PRICE_CACHE_MS + 2_000));
    expect(api.requests).toHaveLength(2);
    expect(takenByA.ETH).toMatchObject({ price: NEWER.ETH, status: 'fresh' });
  });

  it('fifty calls arriving together at a cold instance cost no call when another fetched', async () => {
    await instance().quotes(at(0));
    const cold = instance();
    const answers = await Promise.all(Array.from({ length: 50 }, () => cold.quotes(at(5_000))));
    expect(api.requests).toHaveLength(1);
    expect(answers.every((quotes) => quotes.BTC.price === GOOD.BTC && quotes.BTC.status === 'fresh')).toBe(true);
  });

  it('prices of another source are not taken', async () => {
    await instance(other.url).quotes(at(0));
    expect(other.requests).toHaveLength(1);
    await instance(api.url).quotes(at(1_000));
    expect(api.requests).toHaveLength(1);
  });

  it('stored prices older than the cache time, or dated far ahead of this clock, are not taken', async () => {
    await instance().quotes(at(-PRICE_CACHE_MS - 1));
    await instance().quotes(at(0));
    expect(api.requests).toHaveLength(2);

    await t.database.db.delete(cryptoPrices);
    await instance().quotes(at(10 * PRICE_CACHE_MS));
    expect(api.requests).toHaveLength(3);
    await instance().quotes(at(0));
    expect(api.requests).toHaveLength(4);
  });

  it('a stablecoin the service left out keeps the fallback rate, as after an instance’s own fetch', async () => {
    api.answer({ kind: 'json', body: coinGeckoBody({ ETH: GOOD.ETH, BTC: GOOD.BTC }) });
    const own = await instance().quotes(at(0));
    const taken = await instance().quotes(at(1_000));
    expect(api.requests).toHaveLength(1);
    expect(taken.USDC).toMatchObject({ price: own.USDC.price, status: 'indicative' });
    expect(taken.ETH).toMatchObject({ price: GOOD.ETH, status: 'fresh' });
  });

  it('without sharing (a single service object), each fetches for itself', async () => {
    const solo = () => createCryptoPriceService({ db: t.database.db, settings: loadCryptoSettings({ CRYPTO_PRICE_API_URL: api.url }), log: t.log, timeoutMs: 500 });
    await solo().quotes(at(0));
    await solo().quotes(at(1_000));
    expect(api.requests).toHaveLength(2);
  });
});
