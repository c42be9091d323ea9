/**
 * Reads and validates the environment once, at start. A bad value stops the server with a message that names
 * the variable (and never echoes a secret). Empty strings count as unset, as docker-compose passes them.
 */
import { resolve } from 'node:path';
import type { InvestmentSettings } from '../../shared/investment-settings.ts';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid environment variable ${variable}: ${detail}`);
  }
}

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** The configured secret, or null to use (and on first start create) DATA_DIR/secrets/jwt-secret. */
  jwtSecret: Uint8Array | null;
  tokenTtlSeconds: number;
  /** STAFF_TOKEN_TTL_SECONDS: the back-office's tokens live shorter than investors' (default 30 minutes). */
  staffTokenTtlSeconds: number;
  settingsOverrides: Partial<InvestmentSettings>;
  /**
   * CONTENT_DIR (or its older name DISCLOSURE_DIR): a folder with manifest.json and the issuer's PDFs (disclosure
   * sections and agreements), put in place at every start; null keeps what is stored. `variable` is the name it came
   * from, for messages.
   */
  contentDir: { path: string; variable: 'CONTENT_DIR' | 'DISCLOSURE_DIR' } | null;
  nodeEnv: string;
  /** TRUST_PROXY: reverse proxies in front of the server (0: none, X-Forwarded-For is ignored). */
  trustedProxies: number;
};

export type Env = Record<string, string | undefined>;

/** CONTENT_DIR, or DISCLOSURE_DIR (its name before agreements joined the folder); both set must name one folder. */
function contentDir(env: Env, cwd: string): ServerConfig['contentDir'] {
  const content = readEnv(env, 'CONTENT_DIR');
  const disclosure = readEnv(env, 'DISCLOSURE_DIR');
  if (content !== undefined && disclosure !== undefined && resolve(cwd, content) !== resolve(cwd, disclosure)) {
    throw new ConfigError('CONTENT_DIR', `"${content}" and DISCLOSURE_DIR "${disclosure}" name different folders; DISCLOSURE_DIR is its older name: set one of them.`);
  }
  if (content !== undefined) return { path: resolve(cwd, content), variable: 'CONTENT_DIR' };
  if (disclosure !== undefined) return { path: resolve(cwd, disclosure), variable: 'DISCLOSURE_DIR' };
  return null;
}

const DEFAULTS = { port: 3000, host: '0.0.0.0', dataDir: './data', tokenTtlSeconds: 7200, staffTokenTtlSeconds: 1800 } as const;
const MAX_STAFF_TOKEN_TTL_SECONDS = 12 * 3600;
export const MIN_JWT_SECRET_BYTES = 32;
const MAX_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/** numeric(18, 2) holds amounts below 1e16; stay well inside it. */
const MAX_AMOUNT = 1e12;

/** A variable's value, trimmed; unset, empty and blank all count as unset (compose and .env files pass empty values). */
export const readEnv = (env: Env, name: string): string | undefined => {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
};

function integerIn(env: Env, name: string, min: number, max: number, fallback: number): number {
  const raw = readEnv(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `"${raw}" is not a whole number between ${min} and ${max}.`);
  }
  return Number(raw);
}

function positiveDecimal(env: Env, name: string): number | undefined {
  const raw = readEnv(env, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !(value > 0) || value > MAX_AMOUNT) {
    throw new ConfigError(name, `"${raw}" is not a positive decimal number up to ${MAX_AMOUNT}.`);
  }
  return value;
}

function databaseUrl(env: Env): string | null {
  const raw = readEnv(env, 'DATABASE_URL');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL', 'is not a URL (expected postgres://user:password@host:5432/database).');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError('DATABASE_URL', `must start with postgres:// or postgresql:// (got ${url.protocol}//).`);
  }
  return raw;
}

function jwtSecret(env: Env): Uint8Array | null {
  const raw = env.JWT_SECRET;
  if (raw === undefined || raw === '') return null;
  const bytes = new TextEncoder().encode(raw);
  if (bytes.byteLength < MIN_JWT_SECRET_BYTES) {
    throw new ConfigError('JWT_SECRET', `must be at least ${MIN_JWT_SECRET_BYTES} bytes long (got ${bytes.byteLength}).`);
  }
  return bytes;
}

/** More proxies than this in front of one server is a configuration mistake, not a deployment. */
const MAX_TRUSTED_PROXIES = 10;

function trustedProxies(env: Env): number {
  const raw = readEnv(env, 'TRUST_PROXY');
  if (raw === undefined) return 0;
  if (!/^\d+$/.test(raw) || Number(raw) > MAX_TRUSTED_PROXIES) {
    throw new ConfigError(
      'TRUST_PROXY',
      `"${raw}" is not a number of trusted reverse proxies: 0 (none, the default), 1 (one proxy, e.g. nginx, appending to X-Forwarded-For), up to ${MAX_TRUSTED_PROXIES}.`,
    );
  }
  return Number(raw);
}

export function loadConfig(env: Env, cwd: string = process.cwd()): ServerConfig {
  const port = integerIn(env, 'PORT', 0, 65535, DEFAULTS.port);
  const host = readEnv(env, 'HOST') ?? DEFAULTS.host;
  if (/\s/.test(host)) throw new ConfigError('HOST', `"${host}" is not a host name or address.`);
  const dataDir = resolve(cwd, readEnv(env, 'DATA_DIR') ?? DEFAULTS.dataDir);
  const nodeEnv = readEnv(env, 'NODE_ENV') ?? 'development';
  const dbUrl = databaseUrl(env);
  if (nodeEnv === 'production' && dbUrl === null) {
    throw new ConfigError(
      'DATABASE_URL',
      'is required when NODE_ENV=production. The embedded PGlite database takes no lock on its directory and runs with fsync off; it is for development only.',
    );
  }
  const overrides: Partial<InvestmentSettings> = {};
  const tokenPrice = positiveDecimal(env, 'TOKEN_PRICE');
  const minInvestment = positiveDecimal(env, 'MIN_INVESTMENT');
  const maxInvestment = positiveDecimal(env, 'MAX_INVESTMENT');
  if (tokenPrice !== undefined) overrides.tokenPrice = tokenPrice;
  if (minInvestment !== undefined) overrides.minInvestment = minInvestment;
  if (maxInvestment !== undefined) overrides.maxInvestment = maxInvestment;
  return {
    port,
    host,
    dataDir,
    databaseUrl: dbUrl,
    jwtSecret: jwtSecret(env),
    tokenTtlSeconds: integerIn(env, 'TOKEN_TTL_SECONDS', 60, MAX_TOKEN_TTL_SECONDS, DEFAULTS.tokenTtlSeconds),
    staffTokenTtlSeconds: integerIn(env, 'STAFF_TOKEN_TTL_SECONDS', 60, MAX_STAFF_TOKEN_TTL_SECONDS, DEFAULTS.staffTokenTtlSeconds),
    settingsOverrides: overrides,
    contentDir: contentDir(env, cwd),
    nodeEnv,
    trustedProxies: trustedProxies(env),
  };
}
