/**
 * The rate and amount a crypto payment is made at (initiate calls this; the payment row stores the result).
 *
 * Which quotes may fix a payment:
 *   fresh       yes
 *   stale       only while its price is at most CRYPTO_QUOTE_MAX_AGE_SECONDS old (by the source's own time): an older
 *               price says nothing about what the coin is worth now, so the payment is refused (503) rather than
 *               fixed at it; the investor pays by card or wire, or tries again once the service answers
 *   indicative  yes, marked (rateStatus 'indicative'): the operator configured these rates, or switched the price
 *               service off, for the demo or an offline start; the page says the rates are indicative
 *   unavailable no (503)
 */
import { messages } from '../../../shared/messages.ts';
import { CRYPTO_QUOTE_MAX_AGE_SECONDS, cryptoAmountToSend, type CryptoCurrency, type QuoteStatus } from '../../../shared/payment.ts';
import { AppError } from '../../errors/app-error.ts';
import type { CryptoPriceService } from '../../providers/prices/crypto-price-service.ts';

export type CryptoPaymentQuoteRecord = {
  cryptoCurrency: CryptoCurrency;
  rate: number;
  rateAsOf: Date;
  rateStatus: QuoteStatus;
  rateSource: string;
  amountToSend: string;
  walletAddress: string;
  quotedAt: Date;
};

export async function quoteCryptoPayment(prices: CryptoPriceService, currency: CryptoCurrency, totalCents: number, now: Date): Promise<CryptoPaymentQuoteRecord> {
  if (!Number.isSafeInteger(totalCents) || totalCents <= 0) throw new AppError('BAD_REQUEST', messages.payment.amountMismatch);
  const quote = (await prices.quotes(now))[currency];
  const tooOld = quote.status !== 'indicative' && (quote.ageSeconds === null || quote.ageSeconds > CRYPTO_QUOTE_MAX_AGE_SECONDS);
  if (quote.price === null || quote.status === 'unavailable' || !(quote.price > 0) || tooOld) {
    throw new AppError('SERVICE_UNAVAILABLE', messages.payment.pricesUnavailableServer);
  }
  return {
    cryptoCurrency: currency,
    rate: quote.price,
    // A configured rate has no source time: it is applied now.
    rateAsOf: quote.asOf === null ? now : new Date(quote.asOf),
    rateStatus: quote.status,
    rateSource: quote.source,
    amountToSend: cryptoAmountToSend(totalCents, quote.price),
    walletAddress: prices.wallets[currency],
    quotedAt: now,
  };
}
