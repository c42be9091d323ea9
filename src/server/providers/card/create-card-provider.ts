/** The card provider of a real start: Stripe with keys (stripe-env.ts), the local test provider without. */
import type { Clock } from '../../clock.ts';
import type { CardSettings } from '../../config/stripe-env.ts';
import type { Db } from '../../db/types.ts';
import type { Log } from '../../log.ts';
import type { CardProvider } from './card-provider.ts';
import { createLocalCardProvider } from './local-card-provider.ts';
import { createStripeCardProvider } from './stripe-card-provider.ts';

export function createCardProvider(settings: CardSettings, context: { db: Db; clock: Clock; log: Log }): CardProvider {
  if (settings.kind === 'stripe') {
    context.log.info(`Card payments: Stripe (${settings.live ? 'LIVE' : 'test mode'})`);
    return createStripeCardProvider(settings);
  }
  context.log.info('Card payments: the local test card provider (TEST MODE: no Stripe keys, nothing is charged)');
  return createLocalCardProvider(context);
}
