/**
 * Issue 26: with NODE_ENV=production every demo default either stops the start naming the variable to set, or runs
 * only with an explicit opt-in variable that the start logs as a warning every time (docs/deploy.md "Demo defaults in
 * production"). Here, at startServer: each stand-in left to its default stops the start before anything is created
 * (the outbox: SMTP_URL; the self-signed seal: SEALING_P12_PATH; Stripe test keys: STRIPE_SECRET_KEY; the demo wallets
 * and bank account, as before); no Stripe keys at all starts without card payments; and on PostgreSQL a start with the
 * two opt-ins warns naming each, at the first start and at the next.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config/env.ts';
import { createMemoryLog } from '../../src/server/log.ts';
import { startServer } from '../../src/server/start-server.ts';
import { MailSink } from '../../src/tools/bench/cluster-mail.ts';
import { freshPostgresDatabase, freshTempDir } from './support/test-databases.ts';
import { FOUNDATION_PAYMENT_ENV } from './support/production-env.ts';

const TEST_STRIPE = { STRIPE_SECRET_KEY: 'sk_test_51AbCdEf0123456789', STRIPE_PUBLISHABLE_KEY: 'pk_test_51AbCdEf0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef' };

/** Everything a production start needs, nothing left to a demo default (the database is never reached here). */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  SMTP_URL: 'smtp://127.0.0.1:1',
  SMTP_FROM: 'G2G Portal <no-reply@portal.example>',
  SEALING_P12_PATH: '/run/secrets/sealing.p12',
  ...FOUNDATION_PAYMENT_ENV,
};

const without = (...names: string[]) => Object.fromEntries(Object.entries(PRODUCTION).filter(([name]) => !names.includes(name)));

describe('production: a demo default stops the start, naming the variable, before anything is created', () => {
  let dir: Awaited<ReturnType<typeof freshTempDir>>;
  beforeAll(async () => {
    dir = await freshTempDir();
  });
  afterAll(() => dir.remove());

  const refusal = async (label: string, env: Record<string, string>) => {
    const dataDir = join(dir.root, label);
    const attempt = startServer({ env, dataDir, port: 0, host: '127.0.0.1', staticDir: null, log: createMemoryLog() });
    const error = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect(existsSync(dataDir)).toBe(false);
    return error as ConfigError;
  };

  it.each([
    ['the mail outbox', without('SMTP_URL', 'SMTP_FROM'), 'SMTP_URL', /required when NODE_ENV=production/],
    ['the self-signed seal', without('SEALING_P12_PATH'), 'SEALING_P12_PATH', /SEALING_ALLOW_SELF_SIGNED=true/],
    ['a bad opt-in value', { ...without('SEALING_P12_PATH'), SEALING_ALLOW_SELF_SIGNED: 'yes' }, 'SEALING_ALLOW_SELF_SIGNED', /neither true nor false/],
    ['Stripe test keys', { ...PRODUCTION, ...TEST_STRIPE }, 'STRIPE_SECRET_KEY', /STRIPE_ALLOW_TEST_MODE=true/],
    ['a demo wallet', without('CRYPTO_WALLET_ETH'), 'CRYPTO_WALLET_ETH', /demo wallet/],
    ['the demo bank account', without('BANK_IBAN'), 'BANK_IBAN', /demo bank account/],
  ])('%s', async (label, env, variable, detail) => {
    const error = await refusal(label.replace(/\W+/g, '-'), env);
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(detail);
  });

  it('outside production the same settings start with the demo defaults (npm start is unchanged)', async () => {
    const { loadMailSettings } = await import('../../src/server/config/mail-env.ts');
    const { loadSealingSettings } = await import('../../src/server/config/sealing-env.ts');
    const { loadCardSettings } = await import('../../src/server/config/stripe-env.ts');
    expect(loadMailSettings({}).kind).toBe('outbox');
    expect(loadSealingSettings({}).key).toEqual({ kind: 'self-signed' });
    expect(loadCardSettings({})).toEqual({ kind: 'local-test' });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('production on PostgreSQL: an opt-in is logged as a warning at every start', () => {
  let mail: MailSink;
  beforeAll(async () => {
    mail = await MailSink.start();
  });
  afterAll(() => mail.stop());

  it('SEALING_ALLOW_SELF_SIGNED and STRIPE_ALLOW_TEST_MODE: both named in a warning at the first start and again at the next', async () => {
    const database = await freshPostgresDatabase();
    const dir = await freshTempDir();
    const env = {
      ...without('SEALING_P12_PATH'),
      ...TEST_STRIPE,
      DATABASE_URL: database.url,
      JWT_SECRET: 'a-production-secret-of-at-least-32-bytes',
      SMTP_URL: mail.url,
      CRYPTO_PRICE_API_URL: 'off',
      SEALING_ALLOW_SELF_SIGNED: 'true',
      STRIPE_ALLOW_TEST_MODE: 'true',
    };
    try {
      for (const start of ['first', 'next']) {
        const log = createMemoryLog();
        const server = await startServer({ env, dataDir: dir.root, port: 0, host: '127.0.0.1', staticDir: null, log });
        try {
          const warned = log.entries.filter((e) => e.level === 'warn').map((e) => e.fields?.variable);
          expect(warned, `${start} start`).toEqual(expect.arrayContaining(['SEALING_ALLOW_SELF_SIGNED', 'STRIPE_ALLOW_TEST_MODE']));
          expect(await (await fetch(`${server.url}/api/payment/stripe-config`)).json()).toEqual({ provider: 'stripe', publishableKey: TEST_STRIPE.STRIPE_PUBLISHABLE_KEY, testMode: true });
        } finally {
          await server.close();
        }
      }
    } finally {
      await dir.remove();
      await database.drop();
    }
  }, 120_000);
});
