/**
 * Guards every (B) call: a missing token answers 'No authentication token found'; a bad, expired, forged or
 * revoked one answers the catalogue's invalid-token message. Success puts { userId, jti } in c.var.auth, and
 * every query below is scoped by that user id.
 */
import type { MiddlewareHandler } from 'hono';
import { messages } from '../../shared/messages.ts';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { findActiveSession } from '../domain/find-active-session.ts';
import { AppError } from '../errors/app-error.ts';

export function bearerAuth({ run, clock, tokens }: Pick<AppDeps, 'run' | 'clock' | 'tokens'>): MiddlewareHandler<AppEnv> {
  return async function bearerAuth(c, next) {
    const header = c.req.header('authorization')?.trim();
    if (!header || /^bearer$/i.test(header)) throw new AppError('UNAUTHORIZED', messages.session.noToken);
    const match = /^bearer +([A-Za-z0-9\-_.]+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHORIZED', messages.server.invalidToken);
    const now = clock.now();
    const claims = await tokens.verify(match[1], now);
    if (!claims || !(await findActiveSession(run, claims, now))) throw new AppError('UNAUTHORIZED', messages.server.invalidToken);
    c.set('auth', claims);
    await next();
  };
}
