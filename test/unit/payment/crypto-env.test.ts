/** The crypto settings: every bad value stops the start naming its variable; the demo defaults are valid and named. */
import { describe, expect, it } from 'vitest';
import { COINGECKO_SIMPLE_PRICE_URL, DEMO_WALLETS, loadCryptoSettings, parseIndicativeRates } from '../../../src/server/config/crypto-env.ts';
import { ConfigError, type Env } from '../../../src/server/config/env.ts';

const EIP55 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const EIP55_BROKEN = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
const BTC_TESTNET = 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7';

function refusal(env: Env): ConfigError {
  try {
    loadCryptoSettings(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadCryptoSettings', () => {
  it('defaults: CoinGecko, the demo wallets and rates, all named as demo defaults', () => {
    const settings = loadCryptoSettings({});
    expect(settings.priceApiUrl).toBe(COINGECKO_SIMPLE_PRICE_URL);
    expect(settings.apiKey).toBeNull();
    expect(settings.wallets).toEqual(DEMO_WALLETS);
    expect(settings.indicativeRates).toEqual({ ETH: 3000, BTC: 60000, USDC: 0.92, USDT: 0.92 });
    expect(settings.demoDefaults.sort()).toEqual(['CRYPTO_INDICATIVE_RATES', 'CRYPTO_WALLET_BTC', 'CRYPTO_WALLET_ETH', 'CRYPTO_WALLET_USDC', 'CRYPTO_WALLET_USDT']);
  });

  it('the demo wallets do not pass in production (test/api/payment-review.test.ts names each)', () => {
    expect(() => loadCryptoSettings({ NODE_ENV: 'production' })).toThrow(/CRYPTO_WALLET_ETH/);
  });

  it('production has no indicative rates unless they are set: the demo rates would fix real payments at made-up prices', () => {
    const wallets = { CRYPTO_WALLET_ETH: EIP55, CRYPTO_WALLET_USDC: EIP55, CRYPTO_WALLET_USDT: EIP55, CRYPTO_WALLET_BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' };
    const unset = loadCryptoSettings({ NODE_ENV: 'production', ...wallets });
    expect([unset.indicativeRates, unset.demoDefaults]).toEqual([{}, []]);
    expect(loadCryptoSettings({ NODE_ENV: 'production', ...wallets, CRYPTO_INDICATIVE_RATES: 'ETH=2500' }).indicativeRates).toEqual({ ETH: 2500 });
  });

  it('takes configured values: off, a key, EIP-55 wallets, a mainnet BTC address, partial rates', () => {
    const settings = loadCryptoSettings({
      CRYPTO_PRICE_API_URL: ' off ',
      COINGECKO_PRO_API_KEY: 'CG-secret',
      CRYPTO_WALLET_ETH: EIP55,
      CRYPTO_WALLET_USDC: EIP55.toLowerCase(),
      CRYPTO_WALLET_USDT: EIP55.toUpperCase().replace('0X', '0x'),
      CRYPTO_WALLET_BTC: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      CRYPTO_INDICATIVE_RATES: 'eth=2500.5, BTC=45000',
    });
    expect(settings.priceApiUrl).toBeNull();
    expect(settings.apiKey).toEqual({ header: 'x-cg-pro-api-key', value: 'CG-secret' });
    expect(settings.wallets.ETH).toBe(EIP55);
    expect(settings.indicativeRates).toEqual({ ETH: 2500.5, BTC: 45000 });
    expect(settings.demoDefaults).toEqual([]);
    expect(loadCryptoSettings({ COINGECKO_API_KEY: 'CG-demo' }).apiKey).toEqual({ header: 'x-cg-demo-api-key', value: 'CG-demo' });
    expect(loadCryptoSettings({ CRYPTO_PRICE_API_URL: 'http://127.0.0.1:9/simple/price' }).priceApiUrl).toBe('http://127.0.0.1:9/simple/price');
  });

  it('BTC testnet addresses outside production only', () => {
    expect(loadCryptoSettings({ CRYPTO_WALLET_BTC: BTC_TESTNET }).wallets.BTC).toBe(BTC_TESTNET);
    const error = refusal({ NODE_ENV: 'production', CRYPTO_WALLET_ETH: EIP55, CRYPTO_WALLET_USDC: EIP55, CRYPTO_WALLET_USDT: EIP55, CRYPTO_WALLET_BTC: BTC_TESTNET });
    expect(error.variable).toBe('CRYPTO_WALLET_BTC');
    expect(error.message).toMatch(/test network/);
  });

  const bad: [Env, string, RegExp][] = [
    [{ CRYPTO_PRICE_API_URL: 'coingecko' }, 'CRYPTO_PRICE_API_URL', /not a URL/],
    [{ CRYPTO_PRICE_API_URL: 'ftp://prices.example/simple' }, 'CRYPTO_PRICE_API_URL', /http/],
    [{ CRYPTO_PRICE_API_URL: 'https://api.coingecko.com/api/v3/simple/price?x_cg_demo_api_key=k' }, 'CRYPTO_PRICE_API_URL', /without a query/],
    [{ CRYPTO_PRICE_API_URL: 'https://user:pw@prices.example/simple' }, 'CRYPTO_PRICE_API_URL', /credentials/],
    [{ COINGECKO_API_KEY: 'a', COINGECKO_PRO_API_KEY: 'b' }, 'COINGECKO_API_KEY', /both set/],
    [{ COINGECKO_API_KEY: 'has space' }, 'COINGECKO_API_KEY', /printable/],
    [{ COINGECKO_PRO_API_KEY: 'k\u00e9y' }, 'COINGECKO_PRO_API_KEY', /printable/],
    [{ CRYPTO_WALLET_ETH: EIP55_BROKEN }, 'CRYPTO_WALLET_ETH', /EIP-55/],
    [{ CRYPTO_WALLET_USDC: EIP55_BROKEN }, 'CRYPTO_WALLET_USDC', /EIP-55/],
    [{ CRYPTO_WALLET_USDT: '0x123' }, 'CRYPTO_WALLET_USDT', /not an Ethereum address/],
    [{ CRYPTO_WALLET_ETH: '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }, 'CRYPTO_WALLET_ETH', /not an Ethereum address/],
    [{ CRYPTO_WALLET_ETH: `${EIP55}0` }, 'CRYPTO_WALLET_ETH', /not an Ethereum address/],
    [{ CRYPTO_WALLET_BTC: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3' }, 'CRYPTO_WALLET_BTC', /not a Bitcoin address/],
    [{ CRYPTO_WALLET_BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5' }, 'CRYPTO_WALLET_BTC', /not a Bitcoin address/],
    [{ CRYPTO_WALLET_BTC: EIP55 }, 'CRYPTO_WALLET_BTC', /not a Bitcoin address/],
    [{ CRYPTO_INDICATIVE_RATES: 'ETH=50' }, 'CRYPTO_INDICATIVE_RATES', /outside 100-100000/],
    [{ CRYPTO_INDICATIVE_RATES: 'ETH=3000,BTC=2000000' }, 'CRYPTO_INDICATIVE_RATES', /outside 1000-1000000/],
    [{ CRYPTO_INDICATIVE_RATES: 'USDC=0' }, 'CRYPTO_INDICATIVE_RATES', /positive/],
    [{ CRYPTO_INDICATIVE_RATES: 'USDT=-1' }, 'CRYPTO_INDICATIVE_RATES', /COIN=PRICE/],
    [{ CRYPTO_INDICATIVE_RATES: 'DOGE=0.1' }, 'CRYPTO_INDICATIVE_RATES', /not one of/],
    [{ CRYPTO_INDICATIVE_RATES: 'ETH=3000,ETH=3100' }, 'CRYPTO_INDICATIVE_RATES', /twice/],
    [{ CRYPTO_INDICATIVE_RATES: 'ETH=3e3' }, 'CRYPTO_INDICATIVE_RATES', /COIN=PRICE/],
    [{ CRYPTO_INDICATIVE_RATES: 'ETH=3000,' }, 'CRYPTO_INDICATIVE_RATES', /COIN=PRICE/],
    [{ CRYPTO_INDICATIVE_RATES: 'ETH=NaN' }, 'CRYPTO_INDICATIVE_RATES', /COIN=PRICE/],
  ];
  it.each(bad)('refuses %j naming %s', (env, variable, detail) => {
    const error = refusal(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(`Invalid environment variable ${variable}`);
    expect(error.message).toMatch(detail);
  });

  it('never repeats an API key in a refusal', () => {
    expect(refusal({ COINGECKO_API_KEY: 'top secret' }).message).not.toContain('top secret');
  });
});

describe('parseIndicativeRates', () => {
  it('none: no indicative rates at all', () => {
    expect(parseIndicativeRates('none')).toEqual({});
  });
  it('takes the spec range edges', () => {
    expect(parseIndicativeRates('ETH=100,BTC=1000000')).toEqual({ ETH: 100, BTC: 1_000_000 });
  });
});
