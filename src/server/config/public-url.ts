/** PUBLIC_URL: the address investors use (e.g. https://invest.g2g.example). https:// there turns on HSTS. */
import { ConfigError, type Env } from './env.ts';

export function loadPublicUrl(env: Env): string | null {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('PUBLIC_URL', `"${raw}" is not a URL (expected e.g. https://invest.example.com).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError('PUBLIC_URL', `must start with https:// or http:// (got ${url.protocol}//).`);
  return url.origin;
}
