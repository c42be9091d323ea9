/**
 * The crypto price service and bank account API tests get: the price service switched off (indicative rates only:
 * no test ever calls CoinGecko), the demo wallets and the demo bank account. Tests of the price service itself make
 * their own, pointed at the fixture server (fake-price-api.ts), and pass it to `t.makeApp({}, { prices })`.
 */
import { loadBankSettings } from '../../../src/server/config/bank-env.ts';
import { loadCryptoSettings } from '../../../src/server/config/crypto-env.ts';
import type { Db } from '../../../src/server/db/types.ts';
import type { Log } from '../../../src/server/log.ts';
import { createCryptoPriceService } from '../../../src/server/providers/prices/crypto-price-service.ts';
import type { Providers } from '../../../src/server/providers/providers.ts';

export function testFundsProviders(db: Db, log: Log): Pick<Providers, 'prices' | 'bank'> {
  return {
    prices: createCryptoPriceService({ db, settings: loadCryptoSettings({ CRYPTO_PRICE_API_URL: 'off' }), log }),
    bank: loadBankSettings({}),
  };
}
