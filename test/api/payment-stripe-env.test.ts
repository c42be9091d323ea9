/**
 * STRIPE_SECRET_KEY / STRIPE_PUBLISHABLE_KEY / STRIPE_WEBHOOK_SECRET: all three or none, each with its prefix, test
 * and live not mixed, live keys only in production, test keys in production only with STRIPE_ALLOW_TEST_MODE=true;
 * none in production: card is not offered (never the local test provider); a bad setting stops the start, naming the
 * variable.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config/env.ts';
import { loadCardSettings } from '../../src/server/config/stripe-env.ts';
import { createMemoryLog } from '../../src/server/log.ts';
import { startServer } from '../../src/server/start-server.ts';
import { freshPgliteDir } from './support/test-databases.ts';

const TEST_KEYS = { STRIPE_SECRET_KEY: 'sk_test_51AbCdEf0123456789', STRIPE_PUBLISHABLE_KEY: 'pk_test_51AbCdEf0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef' };
const LIVE_KEYS = { STRIPE_SECRET_KEY: 'sk_live_51AbCdEf0123456789', STRIPE_PUBLISHABLE_KEY: 'pk_live_51AbCdEf0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef' };

const configError = (env: Record<string, string>): ConfigError => {
  try {
    loadCardSettings(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('card settings from the environment', () => {
  it('none: the local test card provider; blanks count as unset', () => {
    expect(loadCardSettings({})).toEqual({ kind: 'local-test' });
    expect(loadCardSettings({ STRIPE_SECRET_KEY: '  ', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '' })).toEqual({ kind: 'local-test' });
  });

  it('all three test keys: Stripe in test mode', () => {
    expect(loadCardSettings(TEST_KEYS)).toEqual({
      kind: 'stripe',
      secretKey: TEST_KEYS.STRIPE_SECRET_KEY,
      publishableKey: TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: TEST_KEYS.STRIPE_WEBHOOK_SECRET,
      live: false,
      optIn: null,
    });
    expect(loadCardSettings({ ...TEST_KEYS, STRIPE_SECRET_KEY: 'rk_test_51AbCdEf0123456789' })).toMatchObject({ kind: 'stripe', live: false });
  });

  it('one or two of them: names the missing one (a live key never falls back to the local provider)', () => {
    expect(configError({ STRIPE_SECRET_KEY: LIVE_KEYS.STRIPE_SECRET_KEY }).variable).toBe('STRIPE_PUBLISHABLE_KEY');
    expect(configError({ STRIPE_SECRET_KEY: TEST_KEYS.STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: TEST_KEYS.STRIPE_PUBLISHABLE_KEY }).variable).toBe('STRIPE_WEBHOOK_SECRET');
    expect(configError({ STRIPE_WEBHOOK_SECRET: TEST_KEYS.STRIPE_WEBHOOK_SECRET }).variable).toBe('STRIPE_SECRET_KEY');
  });

  it('checks each prefix, naming the variable', () => {
    expect(configError({ ...TEST_KEYS, STRIPE_SECRET_KEY: TEST_KEYS.STRIPE_PUBLISHABLE_KEY }).variable).toBe('STRIPE_SECRET_KEY');
    expect(configError({ ...TEST_KEYS, STRIPE_SECRET_KEY: 'sk_test_short' }).variable).toBe('STRIPE_SECRET_KEY');
    expect(configError({ ...TEST_KEYS, STRIPE_SECRET_KEY: `${TEST_KEYS.STRIPE_SECRET_KEY}"` }).variable).toBe('STRIPE_SECRET_KEY');
    expect(configError({ ...TEST_KEYS, STRIPE_PUBLISHABLE_KEY: TEST_KEYS.STRIPE_SECRET_KEY }).variable).toBe('STRIPE_PUBLISHABLE_KEY');
    expect(configError({ ...TEST_KEYS, STRIPE_WEBHOOK_SECRET: 'we_0123456789abcdef' }).variable).toBe('STRIPE_WEBHOOK_SECRET');
    // The message never repeats a key.
    expect(configError({ ...TEST_KEYS, STRIPE_PUBLISHABLE_KEY: 'pk_nope' }).message).not.toContain(TEST_KEYS.STRIPE_SECRET_KEY);
  });

  it('does not mix test and live keys', () => {
    expect(configError({ ...TEST_KEYS, STRIPE_PUBLISHABLE_KEY: LIVE_KEYS.STRIPE_PUBLISHABLE_KEY }).variable).toBe('STRIPE_PUBLISHABLE_KEY');
    expect(configError({ ...LIVE_KEYS, STRIPE_PUBLISHABLE_KEY: TEST_KEYS.STRIPE_PUBLISHABLE_KEY, NODE_ENV: 'production' }).variable).toBe('STRIPE_PUBLISHABLE_KEY');
  });

  it('runs live keys only with NODE_ENV=production', () => {
    expect(configError(LIVE_KEYS).variable).toBe('STRIPE_SECRET_KEY');
    expect(configError({ ...LIVE_KEYS, NODE_ENV: 'development' }).variable).toBe('STRIPE_SECRET_KEY');
    expect(loadCardSettings({ ...LIVE_KEYS, NODE_ENV: 'production' })).toMatchObject({ kind: 'stripe', live: true, optIn: null });
  });

  it('none with NODE_ENV=production: card is not offered (never the local test provider); one or two still name the missing one', () => {
    expect(loadCardSettings({ NODE_ENV: 'production' })).toEqual({ kind: 'not-offered', reason: 'not-configured' });
    expect(loadCardSettings({ NODE_ENV: ' production ', STRIPE_SECRET_KEY: ' ' })).toEqual({ kind: 'not-offered', reason: 'not-configured' });
    const partial = configError({ NODE_ENV: 'production', STRIPE_SECRET_KEY: LIVE_KEYS.STRIPE_SECRET_KEY });
    expect(partial.variable).toBe('STRIPE_PUBLISHABLE_KEY');
    expect(partial.message).toMatch(/card payments are then not offered/);
  });

  it('test keys with NODE_ENV=production stop the start unless STRIPE_ALLOW_TEST_MODE=true (Stripe test mode takes 4242 as paid too)', () => {
    const refused = configError({ ...TEST_KEYS, NODE_ENV: 'production' });
    expect(refused.variable).toBe('STRIPE_SECRET_KEY');
    expect(refused.message).toMatch(/STRIPE_ALLOW_TEST_MODE=true/);
    expect(refused.message).not.toContain(TEST_KEYS.STRIPE_SECRET_KEY);
    expect(configError({ ...TEST_KEYS, NODE_ENV: 'production', STRIPE_ALLOW_TEST_MODE: 'false' }).variable).toBe('STRIPE_SECRET_KEY');
    expect(loadCardSettings({ ...TEST_KEYS, NODE_ENV: 'production', STRIPE_ALLOW_TEST_MODE: 'true' })).toMatchObject({ kind: 'stripe', live: false, optIn: 'STRIPE_ALLOW_TEST_MODE' });
    // The opt-in changes nothing elsewhere: outside production test keys run anyway, and live keys need none.
    expect(loadCardSettings({ ...TEST_KEYS, STRIPE_ALLOW_TEST_MODE: 'true' })).toMatchObject({ kind: 'stripe', optIn: null });
    expect(loadCardSettings({ ...LIVE_KEYS, NODE_ENV: 'production', STRIPE_ALLOW_TEST_MODE: 'true' })).toMatchObject({ kind: 'stripe', live: true, optIn: null });
    // Its value is true or false, nothing else.
    expect(configError({ ...TEST_KEYS, NODE_ENV: 'production', STRIPE_ALLOW_TEST_MODE: 'yes' }).variable).toBe('STRIPE_ALLOW_TEST_MODE');
  });

  it('a bad setting stops the start', async () => {
    const attempt = startServer({ env: { STRIPE_SECRET_KEY: TEST_KEYS.STRIPE_SECRET_KEY }, port: 0, staticDir: null, log: createMemoryLog() });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });

  it('a start with test keys runs Stripe (its SDK loaded for it): stripe-config answers its publishable key', async () => {
    const dir = await freshPgliteDir();
    const server = await startServer({ env: { ...TEST_KEYS, CRYPTO_PRICE_API_URL: 'off' }, port: 0, host: '127.0.0.1', dataDir: dir.root, staticDir: null, log: createMemoryLog() });
    try {
      expect(await (await fetch(`${server.url}/api/payment/stripe-config`)).json()).toEqual({ provider: 'stripe', publishableKey: TEST_KEYS.STRIPE_PUBLISHABLE_KEY, testMode: true });
    } finally {
      await server.close();
      await dir.remove();
    }
  });
});
