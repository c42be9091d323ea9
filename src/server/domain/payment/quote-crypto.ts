/**
 * TEMPORARY (branch pay-card only): the signature of helper S2's quoteCryptoPayment, so initiate compiles before S2's
 * price service is merged; S2's file replaces this one at the merge. Until then no price is known, and none is ever
 * invented: every crypto quote is refused as unavailable.
 */
import { messages } from '../../../shared/messages.ts';
import type { CryptoCurrency, QuoteStatus } from '../../../shared/payment.ts';
import { AppError } from '../../errors/app-error.ts';

export type CryptoPriceService = unknown;

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

export async function quoteCryptoPayment(_prices: CryptoPriceService, _currency: CryptoCurrency, _totalCents: number, _now: Date): Promise<CryptoPaymentQuoteRecord> {
  throw new AppError('SERVICE_UNAVAILABLE', messages.payment.pricesUnavailableServer);
}
