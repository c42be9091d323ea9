/**
 * The crypto prices' checks (spec sections 5 "Crypto prices", 8, 9) on the answer of GET /api/payment/crypto-rates,
 * and the amount to send per coin. The server checks them too; the page does not show a price it would not believe.
 */
import { isApiError } from '../../src/shared/api-error.ts';
import { messages } from '../../src/shared/messages.ts';
import {
  CRYPTO_CURRENCIES,
  CRYPTO_PRICE_IDS,
  CRYPTO_PRICE_RANGES,
  cryptoAmountToSend,
  type CryptoCurrency,
  type CryptoRatesResponse,
} from '../../src/shared/payment.ts';

const text = messages.payment;

/** The spec's refusal of a rates answer, or null when ETH and BTC are present and in range. */
export function ratesProblem(rates: CryptoRatesResponse): string | null {
  const eth = rates.ethereum?.eur;
  const btc = rates.bitcoin?.eur;
  if (eth === undefined || btc === undefined || !Number.isFinite(eth) || !Number.isFinite(btc)) return text.pricesMissing;
  const inRange = (value: number, range: { min: number; max: number }) => value >= range.min && value <= range.max;
  if (!inRange(eth, CRYPTO_PRICE_RANGES.ETH) || !inRange(btc, CRYPTO_PRICE_RANGES.BTC)) return text.pricesOutOfRange;
  return null;
}

/** A failed load in the spec's words: 'API Error: {status}' for an error answer, else the failure's own text. */
export function ratesLoadProblem(error: unknown): string {
  if (isApiError(error) && error.status > 0) return text.pricesApiError(error.status);
  return error instanceof Error && error.message ? error.message : messages.general.network;
}

export type CoinOffer = { coin: CryptoCurrency; rate: number | null; amountToSend: string | null; wallet: string; indicative: boolean };

/** Each coin with its EUR rate and the amount to send for the total (six decimals); a coin without a price has neither. */
export function coinOffers(rates: CryptoRatesResponse, totalCents: number): CoinOffer[] {
  return CRYPTO_CURRENCIES.map((coin) => {
    const rate = rates[CRYPTO_PRICE_IDS[coin]]?.eur ?? rates.quotes[coin].price;
    const usable = rate !== null && rate !== undefined && Number.isFinite(rate) && rate > 0 && rates.quotes[coin].status !== 'unavailable';
    return {
      coin,
      rate: usable ? rate : null,
      amountToSend: usable ? cryptoAmountToSend(totalCents, rate) : null,
      wallet: rates.wallets[coin],
      indicative: rates.quotes[coin].status === 'indicative',
    };
  });
}

/** The quote the server refused as expired: initiate again for a fresh one. */
export const isQuoteExpired = (error: unknown): boolean => isApiError(error) && error.message === text.quoteExpired;
