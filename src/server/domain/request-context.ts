/**
 * What a domain function needs to know about the request behind a change: who (the signed-in investor), when (the
 * server's clock, read once per request so every row and audit event of one change carries the same instant) and
 * from where (for the audit trail). Built from a Hono context by src/server/http/request-context.ts.
 */

/** Client address and user agent, as the audit trail records them (both bounded in length). */
export type RequestMeta = { ip: string | null; userAgent: string | null };

export type RequestContext = { userId: string; now: Date; meta: RequestMeta };

/** Before sign-in (login, registration, the email codes): nobody is known yet. */
export type AnonymousRequestContext = Omit<RequestContext, 'userId'>;

/** Changes the server makes on its own (settings from the environment, loading documents): no client behind them. */
export const NO_CLIENT: RequestMeta = { ip: null, userAgent: null };

/** A back-office change: which staff member (and with which roles at this call), when, from where. */
export type StaffRequestContext = { staffId: string; roles: readonly string[]; now: Date; meta: RequestMeta };
