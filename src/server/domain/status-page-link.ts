/**
 * The last line of every email the server sends an investor when their case changes (issue 28): where to follow it,
 * the signed-in status page (/process/complete). One module, so every such mail says it in the same words.
 *
 * The base is the app's `linkBase` (PUBLIC_URL, else http://localhost:PORT; start-server.ts), which each request
 * context carries. Without one the line names no address: a wrong link in an email is worse than none.
 */
import { pathOfStep } from '../../shared/process-steps.ts';

export const STATUS_PAGE_PATH = pathOfStep('complete');

export const statusPageWords = {
  withLink: (url: string) => `See where your investment stands: ${url}`,
  withoutLink: 'Sign in to the portal to see where your investment stands.',
} as const;

/**
 * The status page's address under `base`, or null when `base` is none or no http(s) URL. A path prefix (a portal
 * served under /invest) is kept; trailing slashes, a query or a fragment of the base are not carried into the link.
 */
export function statusPageUrl(base: string | null | undefined): string | null {
  const raw = base?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}${STATUS_PAGE_PATH}`;
}

export function statusPageLine(base: string | null | undefined): string {
  const url = statusPageUrl(base);
  return url ? statusPageWords.withLink(url) : statusPageWords.withoutLink;
}

/** `mail` with the status page's line after its text, a blank line between. */
export const withStatusPageLine = <M extends { text: string }>(mail: M, base: string | null | undefined): M => ({
  ...mail,
  text: `${mail.text.trimEnd()}\n\n${statusPageLine(base)}\n`,
});
