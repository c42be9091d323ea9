/**
 * The payment step's crypto and wire information (B): the crypto rates with the receiving wallets, and the bank
 * details with the investor's wire reference and EPC QR. Mounted before paymentRoutes on /api/payment; the guard is
 * on each route, not on the module, so the card calls without a session (stripe-config, the webhook) that the other
 * module serves on the same prefix are not made to need one.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { getBankTransactionConfig } from '../domain/payment/bank-transfer.ts';
import { getCryptoRates } from '../domain/payment/crypto-rates.ts';
import { bearerAuth } from '../http/bearer-auth.ts';

export function paymentFundsRoutes(deps: AppDeps) {
  const auth = bearerAuth(deps);
  return new Hono<AppEnv>()
    .get('/crypto-rates', auth, async (c) => {
      c.header('cache-control', 'no-store');
      return c.json(await getCryptoRates(deps.providers.prices, deps.clock.now()));
    })
    .get('/bank-transaction-config', auth, async (c) => {
      c.header('cache-control', 'no-store');
      return c.json(await getBankTransactionConfig(deps.db, deps.providers.bank, c.get('auth').userId, deps.log));
    });
}
