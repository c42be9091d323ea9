/** Named reads of the card payment for its views. */
import type { SnapshotFrom } from 'xstate';
import { cardErrors, isCardComplete } from './payment-card.rules.ts';
import type { paymentCardMachine } from './payment-card.machine.ts';

type S = SnapshotFrom<typeof paymentCardMachine>;

export type CardPhase = 'testForm' | 'challenge' | 'loadingStripe' | 'stripeFailed' | 'stripeForm' | 'settling' | 'confirmFailed' | 'succeeded';

export const selectCardPhase = (s: S): CardPhase => {
  if (s.matches('done')) return 'succeeded';
  if (s.matches({ settling: 'confirmFailed' })) return 'confirmFailed';
  if (s.matches('settling')) return 'settling';
  if (s.matches({ local: { processing: 'challenge' } }) || s.matches({ local: { processing: 'authenticating' } })) return 'challenge';
  if (s.matches('local')) return 'testForm';
  if (s.matches({ stripe: 'loadingScript' }) || s.matches({ stripe: 'initiating' })) return 'loadingStripe';
  if (s.matches({ stripe: 'scriptFailed' }) || s.matches({ stripe: 'initFailed' })) return 'stripeFailed';
  return 'stripeForm';
};

export const selectIsTestMode = (s: S) => s.hasTag('testMode');
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectIsProcessing = (s: S) => s.matches({ local: 'processing' }) || s.matches({ stripe: 'confirming' });
export const selectIsAuthenticating = (s: S) => s.matches({ local: { processing: 'authenticating' } });
export const selectCard = (s: S) => s.context.card;
export const selectCardErrors = (s: S) => cardErrors(s.context.card, new Date(s.context.now));
/** The pay button is enabled only when the form is complete and nothing is under way (spec section 5). */
export const selectCanPay = (s: S): boolean => {
  if (s.hasTag('busy') || s.status === 'done') return false;
  if (s.matches('local')) return isCardComplete(s.context.card, new Date(s.context.now));
  return s.matches({ stripe: 'editing' }) && s.context.elementComplete && s.context.elements !== null;
};
export const selectCardError = (s: S) => s.context.error;
export const selectFocus = (s: S) => s.context.focus;
export const selectTotalCents = (s: S) => s.context.amounts.totalCents;
/** For the Payment Element: Stripe.js and the intent's client secret, once both are there. */
export const selectStripeMount = (s: S) =>
  s.context.stripe && s.context.intent ? { stripe: s.context.stripe, clientSecret: s.context.intent.clientSecret } : null;
export const selectPaymentIntentId = (s: S) => s.context.intent?.paymentIntentId ?? null;
