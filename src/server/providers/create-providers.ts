/**
 * The providers of a real start, from the settings read out of the environment. Each is checked as it is made
 * (SMTP connects and logs in), so a misconfigured service stops the start instead of failing investors later.
 */
import type { Clock } from '../clock.ts';
import type { BankAccount } from '../config/bank-env.ts';
import type { CryptoSettings } from '../config/crypto-env.ts';
import type { MailSettings } from '../config/mail-env.ts';
import type { CardSettings } from '../config/stripe-env.ts';
import type { Db } from '../db/types.ts';
import type { Log } from '../log.ts';
import { createCardProvider } from './card/create-card-provider.ts';
import { createMailer } from './mail/create-mailer.ts';
import { createFundsProviders } from './prices/create-funds-providers.ts';
import type { Providers } from './providers.ts';

export type ProviderSettings = { mail: MailSettings; crypto: CryptoSettings; bank: BankAccount; card: CardSettings };

export type StartedProviders = { providers: Providers; close(): Promise<void> };

export async function createProviders(settings: ProviderSettings, context: { dataDir: string; clock: Clock; log: Log; db: Db }): Promise<StartedProviders> {
  const mail = await createMailer(settings.mail, context);
  const funds = createFundsProviders(settings, context);
  const card = await createCardProvider(settings.card, context);
  return {
    providers: { mail, ...funds, card },
    close: async () => {
      await mail.close?.();
    },
  };
}
