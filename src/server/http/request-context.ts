/** Builds the domain's RequestContext from a Hono context: the one way every route says who asks, when, from where. */
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../app-context.ts';
import type { AnonymousRequestContext, RequestContext, RequestMeta } from '../domain/request-context.ts';

type ContextDeps = Pick<AppDeps, 'clock' | 'config'>;

const clip = (value: string | null | undefined, max: number): string | null => (value ? value.slice(0, max) : null);

function requestMeta(c: Context<AppEnv>, trustProxy: boolean): RequestMeta {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  const socketAddress = c.env?.incoming?.socket?.remoteAddress;
  return { ip: clip(forwarded || socketAddress, 64), userAgent: clip(c.req.header('user-agent'), 512) };
}

/** Routes before sign-in: when and from where. */
export function anonymousRequestContext(c: Context<AppEnv>, { clock, config }: ContextDeps): AnonymousRequestContext {
  return { now: clock.now(), meta: requestMeta(c, config.trustProxy) };
}

/** Routes behind bearerAuth: the token's investor, when and from where. */
export function requestContext(c: Context<AppEnv>, deps: ContextDeps): RequestContext {
  const auth = c.get('auth') as AppEnv['Variables']['auth'] | undefined;
  // A route that forgot bearerAuth must fail loudly, never act for nobody.
  if (!auth) throw new Error('requestContext() used on a route without bearerAuth');
  return { userId: auth.userId, ...anonymousRequestContext(c, deps) };
}
