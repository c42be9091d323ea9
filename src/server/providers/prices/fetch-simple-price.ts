/**
 * One call to the price service's simple-price endpoint (CoinGecko's shape, STACK-NOTES):
 *   GET <url>?ids=ethereum,bitcoin,usd-coin,tether&vs_currencies=eur&include_last_updated_at=true
 * with a timeout and a size cap, no redirects, and the spec's checks (section 8/9): ETH and BTC both present and in
 * range, or the whole answer is refused; USDC/USDT are taken when present and plausible, else left out (the caller
 * falls back). Throws PriceServiceError with the spec's words; a refused answer is never partly used.
 */
import { messages } from '../../../shared/messages.ts';
import { CRYPTO_CURRENCIES, CRYPTO_PRICE_IDS, CRYPTO_PRICE_RANGES, type CryptoCurrency } from '../../../shared/payment.ts';

export class PriceServiceError extends Error {
  override readonly name = 'PriceServiceError';
}

export type FetchedPrice = { price: number; sourceUpdatedAt: Date | null };
export type FetchedPrices = Partial<Record<CryptoCurrency, FetchedPrice>> & { ETH: FetchedPrice; BTC: FetchedPrice };

export type FetchOptions = {
  url: string;
  apiKey: { header: string; value: string } | null;
  timeoutMs: number;
  maxBytes: number;
  now: Date;
};

/** A stablecoin quoted outside this is not a EUR price of a USD stablecoin (a unit or decimal error). */
const STABLECOIN_RANGE = { min: 0.1, max: 10 } as const;
/** The source's time may run ahead of ours by a little; far ahead it is not a time we can believe. */
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

export const simplePriceUrl = (base: string): string => {
  const url = new URL(base);
  url.search = new URLSearchParams({
    ids: CRYPTO_CURRENCIES.map((c) => CRYPTO_PRICE_IDS[c]).join(','),
    vs_currencies: 'eur',
    include_last_updated_at: 'true',
  }).toString();
  return url.toString();
};

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new PriceServiceError(`answer larger than ${maxBytes} bytes`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new PriceServiceError(`answer larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function entry(body: Record<string, unknown>, currency: CryptoCurrency, now: Date): { eur: number; sourceUpdatedAt: Date | null } | null {
  const value = body[CRYPTO_PRICE_IDS[currency]];
  if (typeof value !== 'object' || value === null) return null;
  const { eur, last_updated_at: updated } = value as { eur?: unknown; last_updated_at?: unknown };
  if (typeof eur !== 'number' || !Number.isFinite(eur)) return null;
  const time = typeof updated === 'number' && Number.isFinite(updated) && updated > 0 ? new Date(Math.floor(updated) * 1000) : null;
  const believable = time && time.getTime() <= now.getTime() + MAX_CLOCK_SKEW_MS ? time : null;
  return { eur, sourceUpdatedAt: believable };
}

/** Checks a parsed answer (exported for the unit tests). */
export function readSimplePrice(body: unknown, now: Date): FetchedPrices {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new PriceServiceError(messages.payment.pricesMissing);
  const record = body as Record<string, unknown>;
  const eth = entry(record, 'ETH', now);
  const btc = entry(record, 'BTC', now);
  if (!eth || !btc) throw new PriceServiceError(messages.payment.pricesMissing);
  const inRange = (price: number, range: { min: number; max: number }) => price >= range.min && price <= range.max;
  if (!inRange(eth.eur, CRYPTO_PRICE_RANGES.ETH) || !inRange(btc.eur, CRYPTO_PRICE_RANGES.BTC)) throw new PriceServiceError(messages.payment.pricesOutOfRange);
  const prices: FetchedPrices = {
    ETH: { price: eth.eur, sourceUpdatedAt: eth.sourceUpdatedAt },
    BTC: { price: btc.eur, sourceUpdatedAt: btc.sourceUpdatedAt },
  };
  for (const coin of ['USDC', 'USDT'] as const) {
    const stable = entry(record, coin, now);
    if (stable && inRange(stable.eur, STABLECOIN_RANGE)) prices[coin] = { price: stable.eur, sourceUpdatedAt: stable.sourceUpdatedAt };
  }
  return prices;
}

export async function fetchSimplePrice(options: FetchOptions): Promise<FetchedPrices> {
  let response: Response;
  try {
    response = await fetch(simplePriceUrl(options.url), {
      headers: { accept: 'application/json', ...(options.apiKey ? { [options.apiKey.header]: options.apiKey.value } : {}) },
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new PriceServiceError(error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : `unreachable (${describe(error)})`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new PriceServiceError(messages.payment.pricesApiError(response.status));
  }
  let text: string;
  try {
    text = await readCapped(response, options.maxBytes);
  } catch (error) {
    if (error instanceof PriceServiceError) throw error;
    throw new PriceServiceError(error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : `answer cut off (${describe(error)})`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PriceServiceError(messages.payment.pricesMissing);
  }
  return readSimplePrice(body, options.now);
}

const describe = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
};
