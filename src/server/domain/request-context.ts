/**
 * What a domain function needs to know about the request behind a change: who (the signed-in investor), when (the
 * server's clock, read once per request so every row and audit event of one change carries the same instant), from
 * where (for the audit trail), and where the investor's emails of that change link to (the app's linkBase). Built from
 * a Hono context by src/server/http/request-context.ts.
 */

/** Client address and user agent, as the audit trail records them (both bounded in length). */
export type RequestMeta = { ip: string | null; userAgent: string | null };

/**
 * The portal's address for links in the investor's emails (status-page-link.ts): PUBLIC_URL, else
 * http://localhost:PORT; null when none is known (the emails then name no address).
 */
export type LinkBase = string | null;

export type RequestContext = { userId: string; now: Date; meta: RequestMeta; linkBase: LinkBase };

/** Before sign-in (login, registration, the email codes): nobody is known yet. */
export type AnonymousRequestContext = Omit<RequestContext, 'userId'>;

/** Changes the server makes on its own (settings from the environment, loading documents): no client behind them. */
export const NO_CLIENT: RequestMeta = { ip: null, userAgent: null };

/** A back-office change: which staff member (and with which roles at this call), when, from where. */
export type StaffRequestContext = { staffId: string; roles: readonly string[]; now: Date; meta: RequestMeta; linkBase: LinkBase };
