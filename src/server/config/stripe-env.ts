/**
 * Card payment settings from the environment. STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET:
 * all three select Stripe; none selects the local test card provider (no network, Stripe's test card numbers) outside
 * production, and NO card payments at all with NODE_ENV=production: the test provider marks a payment paid for a test
 * card number, so in production it would record investments as paid with no money moved. One or two of them is a
 * mistake that would otherwise run without Stripe while someone believes Stripe is configured, so it stops the start.
 * The keys' prefixes are checked (sk_/rk_ secret, pk_ publishable, whsec_ webhook), test and live keys are not mixed,
 * live keys run only with NODE_ENV=production (a development or test start with live keys would take real money from
 * test clicks), and test keys run in production only with STRIPE_ALLOW_TEST_MODE=true (a staging system), warned at
 * every start: Stripe's test mode, too, answers 'succeeded' for 4242 4242 4242 4242.
 */
import type { CardUnavailableReason } from '../../shared/payment.ts';
import { ConfigError, type Env, readEnv } from './env.ts';
import { isProduction, readOptIn } from './production-opt-in.ts';

/** The opt-in that lets Stripe test keys run with NODE_ENV=production. */
export const STRIPE_TEST_MODE_OPT_IN = 'STRIPE_ALLOW_TEST_MODE';

export type StripeSettings = {
  kind: 'stripe';
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  live: boolean;
  /** Test keys with NODE_ENV=production: the opt-in variable that allowed them (the start warns naming it); else null. */
  optIn: typeof STRIPE_TEST_MODE_OPT_IN | null;
};
/** `not-offered`: card is not a method investors can choose (production without Stripe keys); `reason` says why. */
export type CardSettings = StripeSettings | { kind: 'local-test' } | { kind: 'not-offered'; reason: CardUnavailableReason };

const NAMES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Stripe keys: a prefix, then letters and digits (no spaces, quotes or line breaks pasted along). */
const SECRET = /^(sk|rk)_(test|live)_[0-9A-Za-z]{8,}$/;
const PUBLISHABLE = /^pk_(test|live)_[0-9A-Za-z]{8,}$/;
const WEBHOOK = /^whsec_[0-9A-Za-z+/=]{8,}$/;

export function loadCardSettings(env: Env): CardSettings {
  const values = NAMES.map((name) => readEnv(env, name));
  const production = isProduction(env);
  const allowTestMode = readOptIn(env, STRIPE_TEST_MODE_OPT_IN);
  const given = NAMES.filter((_, i) => values[i] !== undefined);
  // The local test provider is never built for production: card is then simply not offered (the page says why).
  if (given.length === 0) return production ? { kind: 'not-offered', reason: 'not-configured' } : { kind: 'local-test' };
  const missing = NAMES.find((_, i) => values[i] === undefined);
  if (missing) {
    throw new ConfigError(missing, `is required with ${given.join(' and ')} (set all three Stripe variables, or none: ${production ? 'card payments are then not offered' : 'the local test card provider'}).`);
  }
  const [secretKey, publishableKey, webhookSecret] = values as [string, string, string];

  const secret = SECRET.exec(secretKey);
  if (!secret) throw new ConfigError('STRIPE_SECRET_KEY', 'must be a Stripe secret key (sk_test_..., sk_live_..., or a restricted rk_test_.../rk_live_...).');
  const publishable = PUBLISHABLE.exec(publishableKey);
  if (!publishable) throw new ConfigError('STRIPE_PUBLISHABLE_KEY', 'must be a Stripe publishable key (pk_test_... or pk_live_...).');
  if (!WEBHOOK.test(webhookSecret)) throw new ConfigError('STRIPE_WEBHOOK_SECRET', "must be the webhook endpoint's signing secret (whsec_...).");
  if (secret[2] !== publishable[1]) {
    throw new ConfigError('STRIPE_PUBLISHABLE_KEY', `is a ${publishable[1]} key but STRIPE_SECRET_KEY is a ${secret[2]} key; use both keys of one mode.`);
  }
  const live = secret[2] === 'live';
  if (live && !production) {
    throw new ConfigError('STRIPE_SECRET_KEY', 'is a live key; live Stripe keys run only with NODE_ENV=production (use sk_test_/pk_test_ keys elsewhere).');
  }
  if (!live && production && !allowTestMode) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY',
      `is a test key, and NODE_ENV=production: in Stripe's test mode a test card number "succeeds" and the investment is recorded as paid with no money moved. Use live keys, leave the three STRIPE_* variables unset (card payments are then not offered), or, for a staging system only, set ${STRIPE_TEST_MODE_OPT_IN}=true.`,
    );
  }
  return { kind: 'stripe', secretKey, publishableKey, webhookSecret, live, optIn: !live && production ? STRIPE_TEST_MODE_OPT_IN : null };
}
