import { Hono } from 'hono';
import * as v from 'valibot';
import { messages } from '../../shared/messages.ts';
import { LoginPayloadSchema, RegistrationPayloadSchema } from '../../shared/schemas.ts';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { loginInvestor } from '../domain/login-investor.ts';
import { registerInvestor } from '../domain/register-investor.ts';
import { revokeSession } from '../domain/revoke-session.ts';
import { AppError } from '../errors/app-error.ts';
import { bearerAuth } from '../http/bearer-auth.ts';
import { readJson, readJsonBody } from '../http/read-json.ts';
import { requestMeta } from '../http/request-meta.ts';

export function authRoutes(deps: AppDeps) {
  const { db, clock, tokens, config } = deps;
  return new Hono<AppEnv>()
    .post('/register', async (c) => {
      const payload = await readJson(c, RegistrationPayloadSchema, messages.registration.fillRequired);
      const context = { now: clock.now(), meta: requestMeta(c, config.trustProxy) };
      return c.json(await registerInvestor(db, tokens, payload, context), 201);
    })
    .post('/login', async (c) => {
      const parsed = v.safeParse(LoginPayloadSchema, await readJsonBody(c));
      if (!parsed.success) {
        const aboutEmail = parsed.issues.some((issue) => issue.path?.[0]?.key === 'email');
        throw new AppError('BAD_REQUEST', aboutEmail ? messages.login.invalidEmail : messages.server.invalidRequest);
      }
      const payload = parsed.output;
      return c.json(await loginInvestor(db, tokens, payload, { now: clock.now(), meta: requestMeta(c, config.trustProxy) }));
    })
    .post('/logout', bearerAuth(deps), async (c) => {
      await revokeSession(db, c.get('auth'), { now: clock.now(), meta: requestMeta(c, config.trustProxy) });
      return c.json({ ok: true });
    });
}
