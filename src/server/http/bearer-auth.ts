/**
 * Guards every (B) call: a missing token answers 'No authentication token found'; a bad, expired, forged or
 * revoked one answers the catalogue's invalid-token message. Success puts { userId, jti } in c.var.auth, and
 * every query below is scoped by that user id.
 *
 * Two forms: bearerAuth (middleware: the session looked up, then the route runs its own queries) and bearerRead
 * (a route whose whole work is one read: the session check and the read in ONE statement, one round trip; issue 14).
 */
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { messages } from '../../shared/messages.ts';
import type { AppDeps, AppEnv, AuthContext } from '../app-context.ts';
import { NO_SESSION, findActiveSession } from '../domain/find-active-session.ts';
import { AppError } from '../errors/app-error.ts';

const refused = () => new AppError('UNAUTHORIZED', messages.server.invalidToken);

/** The claims of the request's genuine, unexpired token (not yet whether its session is live); throws 401 otherwise. */
async function verifiedClaims(c: Context<AppEnv>, { tokens }: Pick<AppDeps, 'tokens'>, now: Date): Promise<AuthContext> {
  const header = c.req.header('authorization')?.trim();
  if (!header || /^bearer$/i.test(header)) throw new AppError('UNAUTHORIZED', messages.session.noToken);
  const match = /^bearer +([A-Za-z0-9\-_.]+)$/i.exec(header);
  if (!match?.[1]) throw refused();
  const claims = await tokens.verify(match[1], now);
  if (!claims) throw refused();
  return claims;
}

export function bearerAuth(deps: Pick<AppDeps, 'run' | 'clock' | 'tokens'>): MiddlewareHandler<AppEnv> {
  return async function bearerAuth(c, next) {
    const now = deps.clock.now();
    const claims = await verifiedClaims(c, deps, now);
    if (!(await findActiveSession(deps.run, claims, now))) throw refused();
    c.set('auth', claims);
    await next();
  };
}

/**
 * A (B) GET whose answer is one read: `read` gets the token's claims and the time, and must check the session
 * (jti, user, not revoked, not expired, as findActiveSession does) in the same statement as its read, answering
 * NO_SESSION when the session is not live. The same refusals as bearerAuth, in one round trip instead of two.
 */
export function bearerRead<T>(deps: Pick<AppDeps, 'clock' | 'tokens'>, read: (claims: AuthContext, now: Date) => Promise<T | typeof NO_SESSION>): Handler<AppEnv> {
  return async function bearerRead(c) {
    const now = deps.clock.now();
    const claims = await verifiedClaims(c, deps, now);
    const answer = await read(claims, now);
    if (answer === NO_SESSION) throw refused();
    c.set('auth', claims);
    return c.json(answer as T);
  };
}
