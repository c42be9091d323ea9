/**
 * The crypto and bank settings at a real start: a bad value stops startServer with a ConfigError naming the variable
 * (before the database is opened); demo defaults start, with a warning naming each variable that fell back to one;
 * the started server serves the two calls (signed-in: 401 without a session, nothing else answers them).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config/env.ts';
import { createMemoryLog } from '../../src/server/log.ts';
import { startServer } from '../../src/server/start-server.ts';
import { startFakePriceApi, type FakePriceApi } from './support/fake-price-api.ts';
import { freshPgliteDir, freshTempDir } from './support/test-databases.ts';

describe('payment settings stop a bad start', () => {
  let dir: Awaited<ReturnType<typeof freshTempDir>>;
  beforeAll(async () => {
    dir = await freshTempDir();
  });
  afterAll(() => dir.remove());

  it.each([
    ['BANK_IBAN', 'DE89 3704 0044 0532 0130 01', /not a valid IBAN/],
    ['BANK_BIC', 'COBADE', /not a valid BIC/],
    ['BANK_ACCOUNT_NAME', 'x'.repeat(71), /70 characters/],
    ['CRYPTO_WALLET_ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', /EIP-55/],
    ['CRYPTO_WALLET_USDT', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', /not an Ethereum address/],
    ['CRYPTO_WALLET_BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', /not a Bitcoin address/],
    ['CRYPTO_INDICATIVE_RATES', 'ETH=3000,BTC=500', /outside 1000-1000000/],
    ['CRYPTO_PRICE_API_URL', 'not a url', /not a URL/],
  ])('%s=%s', async (variable, value, detail) => {
    const dataDir = join(dir.root, variable);
    const attempt = startServer({ env: { [variable]: value }, dataDir, port: 0, host: '127.0.0.1', staticDir: null, log: createMemoryLog() });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    const error = (await attempt.catch((e: unknown) => e)) as ConfigError;
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(detail);
    // Refused before anything was created.
    expect(existsSync(dataDir)).toBe(false);
  });

  it('a testnet Bitcoin wallet in production', async () => {
    const attempt = startServer({
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        // Production mails through SMTP (read, not connected to, before the wallets are checked).
        SMTP_URL: 'smtp://127.0.0.1:1',
        SMTP_FROM: 'a@example.com',
        // Production takes no demo wallet: the others configured, so the BTC one is what stops the start.
        ...Object.fromEntries(['ETH', 'USDC', 'USDT'].map((coin) => [`CRYPTO_WALLET_${coin}`, `0x${'2a'.repeat(20)}`])),
        CRYPTO_WALLET_BTC: 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      },
      dataDir: join(dir.root, 'production'),
      port: 0,
      staticDir: null,
      log: createMemoryLog(),
    });
    await expect(attempt).rejects.toMatchObject({ name: 'ConfigError', variable: 'CRYPTO_WALLET_BTC' });
  });
});

describe('payment settings at a good start', () => {
  let dir: Awaited<ReturnType<typeof freshPgliteDir>>;
  let api: FakePriceApi;
  beforeAll(async () => {
    dir = await freshPgliteDir();
    api = await startFakePriceApi();
  });
  afterAll(async () => {
    await api.close();
    await dir.remove();
  });

  it('starts with the demo defaults it was left, warns naming them, and serves the two calls behind a session', async () => {
    const log = createMemoryLog();
    const server = await startServer({
      env: { CRYPTO_PRICE_API_URL: api.url, CRYPTO_WALLET_ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', BANK_IBAN: 'CH93 0076 2011 6238 5295 7', BANK_BIC: 'KBZGCH22' },
      dataDir: dir.root,
      port: 0,
      host: '127.0.0.1',
      staticDir: null,
      log,
    });
    try {
      const warning = log.entries.find((e) => e.level === 'warn' && /DEMO defaults/.test(e.message));
      expect(warning?.fields?.variables).toBe('CRYPTO_WALLET_BTC, CRYPTO_WALLET_USDC, CRYPTO_WALLET_USDT, CRYPTO_INDICATIVE_RATES, BANK_NAME, BANK_ACCOUNT_NAME');
      for (const path of ['/api/payment/crypto-rates', '/api/payment/bank-transaction-config']) {
        expect((await fetch(server.url + path)).status).toBe(401);
      }
      // The status call of the other module on the same prefix still answers (behind its own guard).
      expect((await fetch(`${server.url}/api/payment/status`)).status).toBe(401);
      expect(api.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
