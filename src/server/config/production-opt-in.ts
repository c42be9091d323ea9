/**
 * The production rule for demo defaults (docs/deploy.md "Demo defaults in production"): with NODE_ENV=production a
 * stand-in made for `npm start` on a laptop (the local test card provider, the mail outbox, the self-signed seal, the
 * demo wallets and bank account, the demo crypto rates) either stops the start with a message naming the variable to
 * set, or runs only with an explicit opt-in variable set to `true`, which the start logs as a warning every time.
 * These two helpers read NODE_ENV and such an opt-in the same way in every config module.
 */
import { ConfigError, type Env, readEnv } from './env.ts';

export const isProduction = (env: Env): boolean => readEnv(env, 'NODE_ENV') === 'production';

/** An opt-in variable: `true` or `false` (any case); unset or blank is false; anything else stops the start. */
export function readOptIn(env: Env, name: string): boolean {
  const raw = readEnv(env, name);
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  throw new ConfigError(name, `"${raw}" is neither true nor false.`);
}
