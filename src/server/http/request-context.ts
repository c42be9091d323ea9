/** Builds the domain's RequestContext from a Hono context: the one way every route says who asks, when, from where. */
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { normaliseAddress } from '../domain/client-network.ts';
import type { AnonymousRequestContext, RequestContext, RequestMeta, StaffRequestContext } from '../domain/request-context.ts';

type ContextDeps = Pick<AppDeps, 'clock' | 'config'>;

const clip = (value: string | null | undefined, max: number): string | null => (value ? value.slice(0, max) : null);

/**
 * The entry `hops` from the right of a comma-separated forwarding header: each trusted proxy appends the address it
 * received the request from, so the n-th from the right is what the outermost of n proxies saw; everything left of
 * it was written by the client and is never read. null when the header has fewer entries than proxies (it is not
 * what the proxies would have written) or the entry is empty.
 */
export function forwardedClient(header: string | null | undefined, hops: number): string | null {
  if (!header || hops < 1) return null;
  const entries = header.split(',').map((entry) => entry.trim());
  if (entries.length < hops) return null;
  return entries[entries.length - hops] || null;
}

function requestMeta(c: Context<AppEnv>, trustedProxies: number): RequestMeta {
  const socketAddress = c.env?.incoming?.socket?.remoteAddress;
  const forwarded = trustedProxies > 0 ? forwardedClient(c.req.header('x-forwarded-for'), trustedProxies) : null;
  const address = forwarded ?? socketAddress;
  // One notation per address (no brackets, port or zone; IPv4-mapped as IPv4): what the audit trail records and the
  // per-client limits count (domain/client-network.ts).
  return { ip: clip(address ? normaliseAddress(address) : null, 64), userAgent: clip(c.req.header('user-agent'), 512) };
}

/** Routes before sign-in: when and from where (and the app's base for links in investors' emails). */
export function anonymousRequestContext(c: Context<AppEnv>, { clock, config }: ContextDeps): AnonymousRequestContext {
  return { now: clock.now(), meta: requestMeta(c, config.trustedProxies), linkBase: config.linkBase ?? null };
}

/** Routes behind bearerAuth: the token's investor, when and from where. */
export function requestContext(c: Context<AppEnv>, deps: ContextDeps): RequestContext {
  const auth = c.get('auth') as AppEnv['Variables']['auth'] | undefined;
  // A route that forgot bearerAuth must fail loudly, never act for nobody.
  if (!auth) throw new Error('requestContext() used on a route without bearerAuth');
  return { userId: auth.userId, ...anonymousRequestContext(c, deps) };
}

/** Routes behind staffAuth: the staff member, when and from where. */
export function staffRequestContext(c: Context<AppEnv>, deps: ContextDeps): StaffRequestContext {
  const staff = c.get('staff') as AppEnv['Variables']['staff'] | undefined;
  if (!staff) throw new Error('staffRequestContext() used on a route without staffAuth');
  return { staffId: staff.staffId, roles: staff.roles, ...anonymousRequestContext(c, deps) };
}
