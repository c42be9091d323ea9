/**
 * The crypto price service: EUR rates for the four coins, from the configured simple-price API (CoinGecko's by
 * default), with what a rate is worth said plainly in each quote (spec section 5 "Crypto prices", issue 13):
 *
 *   fresh        the service's answer, fetched within CACHE_MS
 *   stale        the last good answer kept in crypto_prices, older (the service fails, or is backing off)
 *   indicative   a configured rate (CRYPTO_INDICATIVE_RATES: the service has never answered, or is off), or the
 *                spec's 0.92 for a stablecoin the service left out and nothing better is stored
 *   unavailable  no price at all (price null)
 *
 * No price is ever invented. Calls are bounded whatever the traffic: one fetch at a time (concurrent callers share
 * the one in flight), answers cached CACHE_MS, and after a failure no new attempt for BACKOFF_MS (the stored or
 * configured rates answer meanwhile), so /crypto-rates called in a loop does not hammer the price API.
 *
 * Several instances on one database share the cache through crypto_prices: before fetching, an instance reads the
 * stored prices, and when another instance (of the same source) fetched ETH and BTC within CACHE_MS it takes those
 * instead of calling the price API again. N instances therefore make about one call per CACHE_MS between them, not
 * N (two whose caches run out at the same moment may both fetch: there is no lock, the upsert keeps the later answer).
 * The real start turns this on (`sharedCache`); a service made without it fetches for itself.
 */
import type { CryptoCurrency, CryptoQuote, CryptoRatesResponse } from '../../../shared/payment.ts';
import { CRYPTO_CURRENCIES, CRYPTO_PRICE_IDS, STABLECOIN_FALLBACK_RATE } from '../../../shared/payment.ts';
import type { CryptoSettings } from '../../config/crypto-env.ts';
import type { Db } from '../../db/types.ts';
import { describeError, type Log } from '../../log.ts';
import { fetchSimplePrice, PriceServiceError, type FetchedPrices } from './fetch-simple-price.ts';
import { readStoredPrices, storePrices, type StoredPrice } from './stored-crypto-prices.ts';

export type CryptoQuotes = Record<CryptoCurrency, CryptoQuote>;

export type CryptoPriceService = {
  /** GET /api/payment/crypto-rates: the rates in the simple-price shape, each coin's quote, the wallets. */
  rates(now: Date): Promise<CryptoRatesResponse>;
  /** Each coin's quote at `now` (what rates() is made of; quoteCryptoPayment takes one). */
  quotes(now: Date): Promise<CryptoQuotes>;
  /** The foundation's receiving wallet per coin (configuration). */
  readonly wallets: Readonly<Record<CryptoCurrency, string>>;
  /** 'off' when no price service is configured (indicative rates only). */
  readonly mode: 'service' | 'off';
};

export const PRICE_CACHE_MS = 60_000;
export const PRICE_BACKOFF_MS = 30_000;
export const PRICE_TIMEOUT_MS = 5_000;
/** CoinGecko's answer for four coins is ~250 bytes; a megabyte would be no price answer. */
export const PRICE_MAX_BYTES = 64 * 1024;

export const INDICATIVE_SOURCE = 'configured indicative rate';
export const STABLECOIN_FALLBACK_SOURCE = `fallback rate ${STABLECOIN_FALLBACK_RATE} (not in the price service's answer)`;

export type CryptoPriceServiceOptions = {
  db: Db;
  settings: Pick<CryptoSettings, 'priceApiUrl' | 'apiKey' | 'wallets' | 'indicativeRates'>;
  log: Log;
  timeoutMs?: number;
  cacheMs?: number;
  backoffMs?: number;
  maxBytes?: number;
  /**
   * Take another instance's fresh stored prices instead of fetching (see above). The real start turns it on
   * (create-funds-providers.ts); off, each service object fetches for itself, as a single instance always could.
   */
  sharedCache?: boolean;
};

/** What a row of prices says for one coin: a fetched or stored price, or a fallback rate. */
type PriceEntry = StoredPrice | { fallback: number; source: string };

/** 'coingecko' for CoinGecko's hosts, else the host of the configured URL. */
export function priceSourceName(url: string): string {
  const host = new URL(url).host;
  return /(^|\.)coingecko\.com$/.test(new URL(url).hostname) ? 'coingecko' : host;
}

const seconds = (ms: number) => Math.max(0, Math.floor(ms / 1000));

export function createCryptoPriceService(options: CryptoPriceServiceOptions): CryptoPriceService {
  const { db, settings, log } = options;
  const cacheMs = options.cacheMs ?? PRICE_CACHE_MS;
  const backoffMs = options.backoffMs ?? PRICE_BACKOFF_MS;
  const url = settings.priceApiUrl;
  const source = url ? priceSourceName(url) : null;

  let cached: { fetchedAt: Date; entries: Partial<Record<CryptoCurrency, PriceEntry>> } | null = null;
  let inFlight: Promise<Partial<Record<CryptoCurrency, PriceEntry>> | null> | null = null;
  let retryAfter = 0;

  const quoteOf = (entry: PriceEntry | undefined, now: Date): CryptoQuote => {
    if (entry && 'fallback' in entry) return { price: entry.fallback, asOf: null, source: entry.source, ageSeconds: null, status: 'indicative' };
    if (entry) {
      const asOf = entry.sourceUpdatedAt ?? entry.fetchedAt;
      const fresh = now.getTime() - entry.fetchedAt.getTime() <= cacheMs;
      return { price: entry.price, asOf: asOf.toISOString(), source: entry.source, ageSeconds: seconds(now.getTime() - asOf.getTime()), status: fresh ? 'fresh' : 'stale' };
    }
    return { price: null, asOf: null, source: 'none', ageSeconds: null, status: 'unavailable' };
  };

  const configured = (currency: CryptoCurrency): PriceEntry | undefined => {
    const rate = settings.indicativeRates[currency];
    return rate === undefined ? undefined : { fallback: rate, source: INDICATIVE_SOURCE };
  };

  const stored = async (): Promise<Partial<Record<CryptoCurrency, StoredPrice>>> => {
    try {
      return await readStoredPrices(db);
    } catch (error) {
      log.error('Reading the last good crypto prices failed', { error: describeError(error) });
      return {};
    }
  };

  /** The service is failing or off: the last good prices (not when off), else the configured rates. */
  const fallback = async (now: Date): Promise<CryptoQuotes> => {
    const last = url ? await stored() : {};
    const out = {} as CryptoQuotes;
    for (const currency of CRYPTO_CURRENCIES) out[currency] = quoteOf(last[currency] ?? configured(currency), now);
    return out;
  };

  /**
   * What another instance fetched within the cache time, as this instance's cache; null when the stored prices are
   * not that fresh (or of another source), and the service must be asked.
   */
  const shared = async (now: Date): Promise<Partial<Record<CryptoCurrency, PriceEntry>> | null> => {
    const last = await stored();
    const { ETH: eth, BTC: btc } = last;
    if (!eth || !btc || eth.source !== source || btc.source !== source) return null;
    const fetchedAt = new Date(Math.min(eth.fetchedAt.getTime(), btc.fetchedAt.getTime()));
    const age = now.getTime() - fetchedAt.getTime();
    // A little ahead of our clock is another instance's clock; far ahead is not a time to trust.
    if (age > cacheMs || age < -cacheMs) return null;
    const entries: Partial<Record<CryptoCurrency, PriceEntry>> = {};
    for (const currency of CRYPTO_CURRENCIES) {
      // As after a fetch of our own: a stablecoin the service left out keeps its older price, else the fallback rate.
      entries[currency] = last[currency] ?? (currency === 'ETH' || currency === 'BTC' ? undefined : { fallback: STABLECOIN_FALLBACK_RATE, source: STABLECOIN_FALLBACK_SOURCE });
    }
    cached = { fetchedAt, entries };
    retryAfter = 0;
    return entries;
  };

  /** One fetch; a good answer is stored and cached, a bad one changes nothing but the back-off. */
  const refresh = async (now: Date): Promise<Partial<Record<CryptoCurrency, PriceEntry>> | null> => {
    let fetched: FetchedPrices;
    try {
      fetched = await fetchSimplePrice({
        url: url as string,
        apiKey: settings.apiKey,
        timeoutMs: options.timeoutMs ?? PRICE_TIMEOUT_MS,
        maxBytes: options.maxBytes ?? PRICE_MAX_BYTES,
        now,
      });
    } catch (error) {
      retryAfter = now.getTime() + backoffMs;
      log.warn('Crypto price service failed; answering from the last good or indicative rates', {
        source,
        reason: error instanceof PriceServiceError ? error.message : describeError(error),
        retryInSeconds: seconds(backoffMs),
      });
      return null;
    }
    const good: Partial<Record<CryptoCurrency, StoredPrice>> = {};
    for (const currency of CRYPTO_CURRENCIES) {
      const price = fetched[currency];
      if (price) good[currency] = { price: price.price, sourceUpdatedAt: price.sourceUpdatedAt, fetchedAt: now, source: source as string };
    }
    try {
      await storePrices(db, good);
    } catch (error) {
      // The answer is good: use it; the next good one will be stored.
      log.error('Storing the crypto prices failed', { error: describeError(error) });
    }
    const entries: Partial<Record<CryptoCurrency, PriceEntry>> = { ...good };
    const missing = CRYPTO_CURRENCIES.filter((c) => !good[c]);
    if (missing.length > 0) {
      // A stablecoin the service left out: its last good price if any, else the spec's 0.92, marked as such.
      const last = await stored();
      for (const currency of missing) entries[currency] = last[currency] ?? { fallback: STABLECOIN_FALLBACK_RATE, source: STABLECOIN_FALLBACK_SOURCE };
    }
    cached = { fetchedAt: now, entries };
    retryAfter = 0;
    return entries;
  };

  const quotes = async (now: Date): Promise<CryptoQuotes> => {
    if (!url) return fallback(now);
    const build = (entries: Partial<Record<CryptoCurrency, PriceEntry>>) => {
      const out = {} as CryptoQuotes;
      for (const currency of CRYPTO_CURRENCIES) out[currency] = quoteOf(entries[currency], now);
      return out;
    };
    // Decided without awaiting anything first, so callers arriving together share one fetch.
    if (cached && now.getTime() - cached.fetchedAt.getTime() <= cacheMs) return build(cached.entries);
    if (now.getTime() < retryAfter) return fallback(now);
    inFlight ??= (options.sharedCache ? shared(now) : Promise.resolve(null))
      .then((fromAnotherInstance) => fromAnotherInstance ?? refresh(now))
      .finally(() => {
        inFlight = null;
      });
    const entries = await inFlight;
    return entries ? build(entries) : fallback(now);
  };

  return {
    wallets: { ...settings.wallets },
    mode: url ? 'service' : 'off',
    quotes,
    async rates(now) {
      const current = await quotes(now);
      const answer: CryptoRatesResponse = { quotes: current, indicative: false, wallets: { ...settings.wallets } };
      for (const currency of CRYPTO_CURRENCIES) {
        const quote = current[currency];
        if (quote.status === 'indicative') answer.indicative = true;
        if (quote.price === null) continue;
        answer[CRYPTO_PRICE_IDS[currency]] =
          quote.asOf === null ? { eur: quote.price } : { eur: quote.price, last_updated_at: Math.floor(Date.parse(quote.asOf) / 1000) };
      }
      return answer;
    },
  };
}
