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

/** The enrolment link's base for a command outside any request: PUBLIC_URL, else http://localhost:PORT. */
export const linkBase = (publicUrl: string | null | undefined, port: number): string => publicUrl ?? `http://localhost:${port}`;

export const enrolLink = (base: string, secret: string) => `${base}/admin/enrol#${secret}`;
