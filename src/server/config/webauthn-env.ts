/**
 * Where passkeys belong (issue 15). WebAuthn binds a passkey to a relying party id (a host name: never an IP
 * address) and checks the page's origin on every use, so a phishing page on another origin gets nothing usable.
 * - PUBLIC_URL set: rpID = its host name, origin = its origin (production: always set it).
 * - PUBLIC_URL unset (a developer's machine, the e2e run): rpID 'localhost', and the origin is the one the request
 *   came to, but only when that is http(s)://localhost[:port]; any other host is refused (originUnknown).
 */
export const RP_NAME = 'G2G Back-office';

export type WebAuthnParty = { rpID: string; rpName: string; origin: string };

export function webauthnParty(publicUrl: string | null | undefined, requestUrl: string): WebAuthnParty | null {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return { rpID: url.hostname, rpName: RP_NAME, origin: url.origin };
  }
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.hostname !== 'localhost') return null;
  return { rpID: 'localhost', rpName: RP_NAME, origin: url.origin };
}

/**
 * The enrolment link's base for a command outside any request (staff:invite), which cannot see the server's address:
 * PUBLIC_URL (what the server uses for passkeys), else the server's own default without it, http://localhost:PORT,
 * only when PORT is given (the command cannot know the port of a server started elsewhere: the server's 3000 was
 * mailed while it ran on 3302, issue 26), else null: the caller refuses. PORT 0 (any free port) names no port.
 * The server takes its investors' email links from it too (start-server.ts: config.linkBase), with its own PORT.
 */
export function commandLinkBase(publicUrl: string | null, port: string | undefined): string | null {
  if (publicUrl) return publicUrl;
  if (port === undefined || !/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535) return null;
  return `http://localhost:${Number(port)}`;
}

export const enrolLink = (base: string, secret: string) => `${base}/admin/enrol#${secret}`;
