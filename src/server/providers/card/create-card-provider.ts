/**
 * The card provider of a real start: Stripe with keys (stripe-env.ts), the local test provider without them outside
 * production, and none (null: card is not offered) with NODE_ENV=production and no keys. The Stripe SDK (about 65 ms
 * to import) loads only when keys are set: a start without them never needs it.
 */
import type { Clock } from '../../clock.ts';
import type { CardSettings } from '../../config/stripe-env.ts';
import type { Db } from '../../db/types.ts';
import type { Log } from '../../log.ts';
import type { CardProvider } from './card-provider.ts';
import { createLocalCardProvider } from './local-card-provider.ts';

export async function createCardProvider(settings: CardSettings, context: { db: Db; clock: Clock; log: Log }): Promise<CardProvider | null> {
  if (settings.kind === 'stripe') {
    context.log.info(`Card payments: Stripe (${settings.live ? 'LIVE' : 'test mode'})`);
    if (settings.optIn) {
      context.log.warn(
        `Card payments run in Stripe TEST MODE with NODE_ENV=production because ${settings.optIn}=true: a test card "succeeds" and no money moves. For a staging system only; investors need live keys.`,
        { variable: settings.optIn },
      );
    }
    const { createStripeCardProvider } = await import('./stripe-card-provider.ts');
    return createStripeCardProvider(settings);
  }
  if (settings.kind === 'not-offered') {
    context.log.warn('Card payments are NOT offered: NODE_ENV=production without STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET (investors pay by crypto or wire)', {
      reason: settings.reason,
    });
    return null;
  }
  context.log.info('Card payments: the local test card provider (TEST MODE: no Stripe keys, nothing is charged)');
  return createLocalCardProvider(context);
}
