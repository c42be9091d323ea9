/** TOKEN_EXPLORER_TX_URL (issue 28): a transaction's address with {hash} once; anything else stops the start in words. */
import { describe, expect, it } from 'vitest';
import { explorerTxLink, loadExplorerTxUrl } from '../../src/server/config/explorer-url.ts';

describe('TOKEN_EXPLORER_TX_URL', () => {
  it('takes an http(s) address with {hash} once; unset or empty is none', () => {
    expect(loadExplorerTxUrl({})).toBeNull();
    expect(loadExplorerTxUrl({ TOKEN_EXPLORER_TX_URL: '  ' })).toBeNull();
    expect(loadExplorerTxUrl({ TOKEN_EXPLORER_TX_URL: 'https://etherscan.io/tx/{hash}' })).toBe('https://etherscan.io/tx/{hash}');
    expect(explorerTxLink('https://etherscan.io/tx/{hash}', '0xab')).toBe('https://etherscan.io/tx/0xab');
    expect(explorerTxLink(null, '0xab')).toBeNull();
  });

  it('refuses no {hash}, two, another scheme and a non-URL, naming the variable', () => {
    for (const value of ['https://etherscan.io/tx/', 'https://x.io/{hash}/{hash}', 'javascript:alert(1)//{hash}', 'ftp://x.io/{hash}', 'not a url {hash}']) {
      expect(() => loadExplorerTxUrl({ TOKEN_EXPLORER_TX_URL: value }), value).toThrow(/^Invalid environment variable TOKEN_EXPLORER_TX_URL: /);
    }
  });
});
