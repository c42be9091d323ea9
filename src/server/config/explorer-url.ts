/**
 * TOKEN_EXPLORER_TX_URL (issue 28): the block explorer the issuer uses, as the address of one transaction with
 * `{hash}` where the hash goes (e.g. https://etherscan.io/tx/{hash}). The investor's status links the issuance's
 * transaction there; unset, the hash is shown without a link.
 */
import { ConfigError, type Env } from './env.ts';

const SAMPLE_HASH = `0x${'ab'.repeat(32)}`;

export function loadExplorerTxUrl(env: Env): string | null {
  const raw = env.TOKEN_EXPLORER_TX_URL?.trim();
  if (!raw) return null;
  if (raw.split('{hash}').length !== 2) throw new ConfigError('TOKEN_EXPLORER_TX_URL', `must contain {hash} once, where the transaction hash goes (e.g. https://etherscan.io/tx/{hash}); got "${raw}".`);
  let url: URL;
  try {
    url = new URL(raw.replace('{hash}', SAMPLE_HASH));
  } catch {
    throw new ConfigError('TOKEN_EXPLORER_TX_URL', `"${raw}" is not a URL (expected e.g. https://etherscan.io/tx/{hash}).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError('TOKEN_EXPLORER_TX_URL', `must start with https:// or http:// (got ${url.protocol}//).`);
  return raw;
}

/** The explorer's address of a transaction (the hash encoded as a path segment), or null without an explorer. */
export const explorerTxLink = (template: string | null | undefined, hash: string): string | null =>
  template ? template.replace('{hash}', encodeURIComponent(hash)) : null;
