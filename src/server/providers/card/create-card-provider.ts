/**
 * The card provider of a real start: Stripe with keys (stripe-env.ts), the local test provider without. The Stripe SDK
 * (about 65 ms to import) loads only when keys are set: a start without them never needs it.
 */
import type { Clock } from '../../clock.ts';
import type { CardSettings } from '../../config/stripe-env.ts';
import type { Db } from '../../db/types.ts';
import type { Log } from '../../log.ts';
import type { CardProvider } from './card-provider.ts';
import { createLocalCardProvider } from './local-card-provider.ts';

export async function createCardProvider(settings: CardSettings, context: { db: Db; clock: Clock; log: Log }): Promise<CardProvider> {
  if (settings.kind === 'stripe') {
    context.log.info(`Card payments: Stripe (${settings.live ? 'LIVE' : 'test mode'})`);
    const { createStripeCardProvider } = await import('./stripe-card-provider.ts');
    return createStripeCardProvider(settings);
  }
  context.log.info('Card payments: the local test card provider (TEST MODE: no Stripe keys, nothing is charged)');
  return createLocalCardProvider(context);
}
