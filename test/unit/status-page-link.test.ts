/** Issue 28: the status page's line at the end of investors' emails, and the one URL it builds from any base. */
import { describe, expect, it } from 'vitest';
import { statusPageLine, statusPageUrl, withStatusPageLine } from '../../src/server/domain/status-page-link.ts';

describe('the status page link', () => {
  it('is /process/complete under the base, whatever slashes or path prefix the base has', () => {
    for (const base of ['https://portal.example', 'https://portal.example/', 'https://portal.example//', ' https://portal.example ']) {
      expect(statusPageUrl(base), base).toBe('https://portal.example/process/complete');
    }
    expect(statusPageUrl('https://portal.example/invest')).toBe('https://portal.example/invest/process/complete');
    expect(statusPageUrl('https://portal.example/invest/')).toBe('https://portal.example/invest/process/complete');
    expect(statusPageUrl('http://localhost:3000')).toBe('http://localhost:3000/process/complete');
    // What follows the base's path (a query, a fragment) and credentials never reach the investor's link.
    expect(statusPageUrl('https://user:pw@portal.example/invest/?a=1#top')).toBe('https://portal.example/invest/process/complete');
  });

  it('is none without a usable base', () => {
    for (const base of [null, undefined, '', '   ', 'portal.example', 'not a url', 'ftp://portal.example', 'javascript:alert(1)']) {
      expect(statusPageUrl(base), String(base)).toBeNull();
    }
  });

  it('says where to look, with the URL or, without one, to sign in', () => {
    expect(statusPageLine('https://portal.example/')).toBe('See where your investment stands: https://portal.example/process/complete');
    expect(statusPageLine(null)).toBe('Sign in to the portal to see where your investment stands.');
    expect(statusPageLine('not a url')).toBe('Sign in to the portal to see where your investment stands.');
  });

  it('ends a mail after a blank line, whether its text ended in a newline or not, and keeps the rest', () => {
    const line = 'See where your investment stands: https://portal.example/process/complete';
    const mail = { to: 'ada@example.com', subject: 'G2G: payment received', text: 'Thank you.\n\nTotal received: EUR 1.00' };
    expect(withStatusPageLine(mail, 'https://portal.example')).toEqual({ ...mail, text: `Thank you.\n\nTotal received: EUR 1.00\n\n${line}\n` });
    expect(withStatusPageLine({ ...mail, text: 'Thank you.\n' }, 'https://portal.example').text).toBe(`Thank you.\n\n${line}\n`);
  });
});
