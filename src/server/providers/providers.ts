/**
 * The external services the app talks to, handed to createApp as `providers` so tests pass their own. Each kind
 * lives in providers/<kind>/: its interface, a local stand-in that needs no keys and no network, and the real
 * implementation; create-providers.ts picks one per kind from the environment at start. Today: mail, prices, bank
 * and card. Sealing is not a provider: its keys and worker pool reach the app as `sealer` (createApp's options).
 */
import type { BankAccount } from '../config/bank-env.ts';
import type { CardProvider } from './card/card-provider.ts';
import type { Mailer } from './mail/mailer.ts';
import type { CryptoPriceService } from './prices/crypto-price-service.ts';

export type Providers = {
  /** The one-time code emails: SMTP (real) or .eml files in DATA_DIR/outbox (stand-in). */
  readonly mail: Mailer;
  /** Crypto EUR rates (the price API, the last good stored prices, the indicative rates) and the receiving wallets. */
  readonly prices: CryptoPriceService;
  /** The foundation's bank account for wire transfers (configuration, checked at start). */
  readonly bank: BankAccount;
  /**
   * Card payments: Stripe (real keys) or the local test card provider (local_card_intents, outside production only);
   * null: card payments are not offered (NODE_ENV=production without Stripe keys), and every card call is refused.
   */
  readonly card: CardProvider | null;
};
