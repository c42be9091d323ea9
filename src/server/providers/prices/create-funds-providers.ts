/**
 * The crypto price service and the bank account of a real start, from their checked settings; warns once for each
 * demo default in use (a demo wallet or bank account receives nobody's money).
 */
import type { BankAccount } from '../../config/bank-env.ts';
import type { CryptoSettings } from '../../config/crypto-env.ts';
import type { Db } from '../../db/types.ts';
import type { Log } from '../../log.ts';
import { createCryptoPriceService, type CryptoPriceService } from './crypto-price-service.ts';

export function createFundsProviders(settings: { crypto: CryptoSettings; bank: BankAccount }, context: { db: Db; log: Log }): { prices: CryptoPriceService; bank: BankAccount } {
  const { crypto, bank } = settings;
  const demo = [...crypto.demoDefaults, ...bank.demoDefaults];
  if (demo.length > 0) {
    context.log.warn('Payment settings use DEMO defaults: do not take real payments with them', { variables: demo.join(', ') });
  }
  if (!crypto.priceApiUrl) context.log.info('Crypto price service off (CRYPTO_PRICE_API_URL=off): indicative rates only');
  // sharedCache: instances on one database take each other's fresh prices instead of each calling the price API.
  return { prices: createCryptoPriceService({ db: context.db, settings: crypto, log: context.log, sharedCache: true }), bank };
}
