/**
 * Card payment settings from the environment. STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET:
 * all three select Stripe; none selects the local test card provider (no network, Stripe's test card numbers). One or
 * two of them is a mistake that would otherwise run the local provider while someone believes Stripe is configured,
 * so it stops the start. The keys' prefixes are checked (sk_/rk_ secret, pk_ publishable, whsec_ webhook), test and
 * live keys are not mixed, and live keys run only with NODE_ENV=production: a development or test start with live keys
 * would take real money from test clicks.
 */
import { ConfigError, type Env, readEnv } from './env.ts';

export type StripeSettings = { kind: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; live: boolean };
export type CardSettings = StripeSettings | { kind: 'local-test' };

const NAMES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Stripe keys: a prefix, then letters and digits (no spaces, quotes or line breaks pasted along). */
const SECRET = /^(sk|rk)_(test|live)_[0-9A-Za-z]{8,}$/;
const PUBLISHABLE = /^pk_(test|live)_[0-9A-Za-z]{8,}$/;
const WEBHOOK = /^whsec_[0-9A-Za-z+/=]{8,}$/;

export function loadCardSettings(env: Env): CardSettings {
  const values = NAMES.map((name) => readEnv(env, name));
  const given = NAMES.filter((_, i) => values[i] !== undefined);
  if (given.length === 0) return { kind: 'local-test' };
  const missing = NAMES.find((_, i) => values[i] === undefined);
  if (missing) throw new ConfigError(missing, `is required with ${given.join(' and ')} (set all three Stripe variables, or none for the local test card provider).`);
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
  if (live && env.NODE_ENV !== 'production') {
    throw new ConfigError('STRIPE_SECRET_KEY', 'is a live key; live Stripe keys run only with NODE_ENV=production (use sk_test_/pk_test_ keys elsewhere).');
  }
  return { kind: 'stripe', secretKey, publishableKey, webhookSecret, live };
}
