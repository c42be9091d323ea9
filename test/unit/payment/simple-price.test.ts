/** The spec's checks of a price answer (section 8/9): ETH and BTC present and in range, or nothing is used. */
import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages.ts';
import { PriceServiceError, readSimplePrice, simplePriceUrl } from '../../../src/server/providers/prices/fetch-simple-price.ts';
import { priceSourceName } from '../../../src/server/providers/prices/crypto-price-service.ts';

const now = new Date('2026-11-24T12:00:00Z');
const at = Math.floor(now.getTime() / 1000) - 30;
const good = { ethereum: { eur: 2987.31, last_updated_at: at }, bitcoin: { eur: 81234.5, last_updated_at: at }, 'usd-coin': { eur: 0.93 }, tether: { eur: 0.921, last_updated_at: at } };

const refused = (body: unknown) => {
  try {
    readSimplePrice(body, now);
  } catch (error) {
    if (error instanceof PriceServiceError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('readSimplePrice', () => {
  it('reads the four coins with their source times', () => {
    const prices = readSimplePrice(good, now);
    expect(prices.ETH).toEqual({ price: 2987.31, sourceUpdatedAt: new Date(at * 1000) });
    expect(prices.BTC.price).toBe(81234.5);
    expect(prices.USDC).toEqual({ price: 0.93, sourceUpdatedAt: null });
    expect(prices.USDT?.price).toBe(0.921);
  });

  it('leaves out a missing or implausible stablecoin (the service falls back) but keeps ETH and BTC', () => {
    const prices = readSimplePrice({ ...good, 'usd-coin': undefined, tether: { eur: 920 } }, now);
    expect(prices.USDC).toBeUndefined();
    expect(prices.USDT).toBeUndefined();
    expect(prices.ETH.price).toBe(2987.31);
  });

  it('refuses an answer without ETH or BTC, or with a non-number price', () => {
    for (const body of [{}, { ethereum: good.ethereum }, { bitcoin: good.bitcoin }, { ...good, ethereum: { eur: '2987' } }, { ...good, bitcoin: { usd: 1 } }, [], null, 'x', 42]) {
      expect(refused(body)).toBe(messages.payment.pricesMissing);
    }
  });

  it('refuses ETH or BTC out of the spec ranges (edges included as good)', () => {
    expect(refused({ ...good, ethereum: { eur: 99.99 } })).toBe(messages.payment.pricesOutOfRange);
    expect(refused({ ...good, ethereum: { eur: 100_000.01 } })).toBe(messages.payment.pricesOutOfRange);
    expect(refused({ ...good, bitcoin: { eur: 999 } })).toBe(messages.payment.pricesOutOfRange);
    expect(refused({ ...good, bitcoin: { eur: 1_000_001 } })).toBe(messages.payment.pricesOutOfRange);
    expect(refused({ ...good, bitcoin: { eur: -5 } })).toBe(messages.payment.pricesOutOfRange);
    expect(readSimplePrice({ ethereum: { eur: 100 }, bitcoin: { eur: 1_000_000 } }, now).BTC.price).toBe(1_000_000);
  });

  it('does not believe a source time far in the future, nor a nonsense one', () => {
    const prices = readSimplePrice({ ethereum: { eur: 3000, last_updated_at: at + 86_400 }, bitcoin: { eur: 60000, last_updated_at: -1 } }, now);
    expect(prices.ETH.sourceUpdatedAt).toBeNull();
    expect(prices.BTC.sourceUpdatedAt).toBeNull();
  });
});

describe('the request', () => {
  it('asks for the four ids in EUR with their update times', () => {
    const url = new URL(simplePriceUrl('https://api.coingecko.com/api/v3/simple/price'));
    expect(url.origin + url.pathname).toBe('https://api.coingecko.com/api/v3/simple/price');
    expect(Object.fromEntries(url.searchParams)).toEqual({ ids: 'ethereum,bitcoin,usd-coin,tether', vs_currencies: 'eur', include_last_updated_at: 'true' });
  });
  it('names the source', () => {
    expect(priceSourceName('https://api.coingecko.com/api/v3/simple/price')).toBe('coingecko');
    expect(priceSourceName('https://pro-api.coingecko.com/api/v3/simple/price')).toBe('coingecko');
    expect(priceSourceName('http://127.0.0.1:4567/simple/price')).toBe('127.0.0.1:4567');
    expect(priceSourceName('https://evilcoingecko.com/x')).toBe('evilcoingecko.com');
  });
});
