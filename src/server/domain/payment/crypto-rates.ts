/** GET /api/payment/crypto-rates: the price service's rates with their quotes and the wallets (no investor data). */
import type { CryptoRatesResponse } from '../../../shared/payment.ts';
import type { CryptoPriceService } from '../../providers/prices/crypto-price-service.ts';

export const getCryptoRates = (prices: CryptoPriceService, now: Date): Promise<CryptoRatesResponse> => prices.rates(now);
