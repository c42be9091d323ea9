/**
 * Crypto settings from the environment, checked at start (a bad value stops the server naming the variable):
 *
 *   CRYPTO_PRICE_API_URL      the price service's simple-price URL (CoinGecko's by default); `off`: no price service,
 *                             the configured indicative rates only.
 *   COINGECKO_API_KEY         optional demo key (header x-cg-demo-api-key); or COINGECKO_PRO_API_KEY (x-cg-pro-api-key).
 *   CRYPTO_WALLET_ETH/_BTC/_USDC/_USDT   the foundation's receiving wallets. Ethereum ones: 0x + 40 hex, a mixed-case
 *                             one must pass EIP-55; BTC: base58check or bech32, mainnet only in production.
 *   CRYPTO_INDICATIVE_RATES   "ETH=3000,BTC=60000,USDC=0.92,USDT=0.92": EUR per coin used while the price service has
 *                             never answered (or is off); a coin left out has none; `none`: no indicative rates at all.
 *
 * The demo defaults make `npm start` work offline; `demoDefaults` names the variables that fell back to them, so the
 * start can warn (a demo wallet receives nobody's money). With NODE_ENV=production the wallets have no default (an
 * unset one stops the start) and there are no indicative rates unless CRYPTO_INDICATIVE_RATES sets them.
 */
import { Network, validate as isBitcoinAddress } from 'bitcoin-address-validation';
import { CRYPTO_CHAINS, CRYPTO_CURRENCIES, CRYPTO_PRICE_RANGES, type CryptoCurrency } from '../../shared/payment.ts';
import { checkWalletAddress } from '../../shared/wallet.ts';
import { ConfigError, type Env, readEnv } from './env.ts';

export const COINGECKO_SIMPLE_PRICE_URL = 'https://api.coingecko.com/api/v3/simple/price';

/** Placeholders nobody should send to: an all-lowercase repeated-digit Ethereum address, BIP-173's bech32 test vector. */
export const DEMO_WALLETS = {
  ETH: '0x1111111111111111111111111111111111111111',
  BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  USDC: '0x1111111111111111111111111111111111111111',
  USDT: '0x1111111111111111111111111111111111111111',
} as const satisfies Record<CryptoCurrency, string>;

export const DEMO_INDICATIVE_RATES = 'ETH=3000,BTC=60000,USDC=0.92,USDT=0.92';

export type CryptoSettings = {
  /** The simple-price URL, or null when the price service is off. */
  priceApiUrl: string | null;
  /** The API key header to send, if any (the value is never logged). */
  apiKey: { header: 'x-cg-demo-api-key' | 'x-cg-pro-api-key'; value: string } | null;
  wallets: Record<CryptoCurrency, string>;
  /** EUR per coin; a coin missing has no indicative rate. */
  indicativeRates: Partial<Record<CryptoCurrency, number>>;
  /** The variables whose demo default is in use. */
  demoDefaults: string[];
};

function priceApiUrl(env: Env): string | null {
  const raw = readEnv(env, 'CRYPTO_PRICE_API_URL') ?? COINGECKO_SIMPLE_PRICE_URL;
  if (raw.toLowerCase() === 'off') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('CRYPTO_PRICE_API_URL', `"${raw}" is not a URL (expected ${COINGECKO_SIMPLE_PRICE_URL} or off).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError('CRYPTO_PRICE_API_URL', `must be an http(s) URL or off (got ${url.protocol}//).`);
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError('CRYPTO_PRICE_API_URL', 'must be the bare simple-price URL, without a query, fragment or credentials (the server adds the query; keys go in COINGECKO_API_KEY).');
  }
  return url.toString();
}

function apiKey(env: Env): CryptoSettings['apiKey'] {
  const demo = readEnv(env, 'COINGECKO_API_KEY');
  const pro = readEnv(env, 'COINGECKO_PRO_API_KEY');
  if (demo !== undefined && pro !== undefined) throw new ConfigError('COINGECKO_API_KEY', 'and COINGECKO_PRO_API_KEY are both set; use one of them.');
  for (const [name, value] of [
    ['COINGECKO_API_KEY', demo],
    ['COINGECKO_PRO_API_KEY', pro],
  ] as const) {
    if (value !== undefined && !/^[\x21-\x7e]{1,200}$/.test(value)) throw new ConfigError(name, 'must be printable ASCII without spaces, at most 200 characters.');
  }
  if (demo !== undefined) return { header: 'x-cg-demo-api-key', value: demo };
  if (pro !== undefined) return { header: 'x-cg-pro-api-key', value: pro };
  return null;
}

/** Why `address` cannot receive `currency`, or null. Production takes Bitcoin mainnet only. */
export function walletProblem(currency: CryptoCurrency, address: string, production: boolean): string | null {
  if (CRYPTO_CHAINS[currency] === 'ethereum') {
    const check = checkWalletAddress(address);
    if (check.valid && check.address === address) return null;
    if (!check.valid && check.problem === 'checksum') return `"${address}" fails its EIP-55 checksum (a mistyped or altered character; write it all lower case only if you copied it so).`;
    return `"${address}" is not an Ethereum address (0x followed by 40 hexadecimal characters).`;
  }
  if (isBitcoinAddress(address, Network.mainnet)) return null;
  const test = isBitcoinAddress(address, Network.testnet) || isBitcoinAddress(address, Network.regtest) || isBitcoinAddress(address, Network.signet);
  if (test && !production) return null;
  if (test) return `"${address}" is a Bitcoin test network address; NODE_ENV=production takes mainnet addresses only.`;
  return `"${address}" is not a Bitcoin address (base58check or bech32/bech32m with a valid checksum).`;
}

function wallets(env: Env, production: boolean, demoDefaults: string[]): Record<CryptoCurrency, string> {
  const out = {} as Record<CryptoCurrency, string>;
  for (const currency of CRYPTO_CURRENCIES) {
    const name = `CRYPTO_WALLET_${currency}`;
    const given = readEnv(env, name);
    // A demo wallet receives nobody's money (anyone holds the key of BIP-173's vector): production names its own.
    if (given === undefined && production) throw new ConfigError(name, "is required when NODE_ENV=production: the demo wallet is not the foundation's.");
    if (given === undefined) demoDefaults.push(name);
    const address = given ?? DEMO_WALLETS[currency];
    const problem = walletProblem(currency, address, production);
    if (problem) throw new ConfigError(name, problem);
    out[currency] = address;
  }
  return out;
}

/** "ETH=3000,BTC=60000,USDC=0.92,USDT=0.92"; `none` for no indicative rates. ETH/BTC in the spec's ranges, the others > 0. */
export function parseIndicativeRates(raw: string): Partial<Record<CryptoCurrency, number>> {
  const fail: (detail: string) => never = (detail) => {
    throw new ConfigError('CRYPTO_INDICATIVE_RATES', detail);
  };
  if (raw.toLowerCase() === 'none') return {};
  const rates: Partial<Record<CryptoCurrency, number>> = {};
  for (const part of raw.split(',')) {
    const match = /^\s*([A-Za-z]+)\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!match) return fail(`"${part.trim()}" is not COIN=PRICE (e.g. ${DEMO_INDICATIVE_RATES}).`);
    const coin = (match[1] ?? '').toUpperCase() as CryptoCurrency;
    const price = Number(match[2]);
    if (!CRYPTO_CURRENCIES.includes(coin)) fail(`"${coin}" is not one of ${CRYPTO_CURRENCIES.join(', ')}.`);
    if (rates[coin] !== undefined) fail(`${coin} is given twice.`);
    const range = coin === 'ETH' || coin === 'BTC' ? CRYPTO_PRICE_RANGES[coin] : null;
    if (range && (price < range.min || price > range.max)) fail(`${coin}=${price} is outside ${range.min}-${range.max} EUR.`);
    if (!(price > 0) || price > 1e9) fail(`${coin}=${price} must be a positive EUR price.`);
    rates[coin] = price;
  }
  return rates;
}

export function loadCryptoSettings(env: Env): CryptoSettings {
  const production = (readEnv(env, 'NODE_ENV') ?? 'development') === 'production';
  const demoDefaults: string[] = [];
  const url = priceApiUrl(env);
  const key = apiKey(env);
  const walletMap = wallets(env, production, demoDefaults);
  const rawRates = readEnv(env, 'CRYPTO_INDICATIVE_RATES');
  // The demo's rates would fix real payments at made-up prices: production has none unless the issuer sets them.
  if (rawRates === undefined && !production) demoDefaults.push('CRYPTO_INDICATIVE_RATES');
  const rates = rawRates ?? (production ? 'none' : DEMO_INDICATIVE_RATES);
  return { priceApiUrl: url, apiKey: key, wallets: walletMap, indicativeRates: parseIndicativeRates(rates), demoDefaults };
}
