/**
 * Login and registration prove control of the inbox with a mailed one-time code:
 *   POST /login {email} and POST /register {registration} -> 202 {challengeId, sentTo}
 *   POST /verify {challengeId, code} -> 200 {token, user[, settings]}
 *   POST /resend {challengeId} -> 202 {challengeId, sentTo} with a new code
 * Login and registration answer alike whether or not the address has an account (issue-email-challenge.ts says what
 * each gets). The code's mail is a job written with the challenge and run after the answer (the runner is woken
 * here), so neither the mail server's time nor its failure shows in the answer.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { LoginCodeRequestSchema, ResendCodePayloadSchema, VerifyCodePayloadSchema, type CodeChallenge } from '../../shared/auth.ts';
import { messages } from '../../shared/messages.ts';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { createCodeHasher, maskEmail } from '../auth/email-code.ts';
import { REQUESTS_PER_CLIENT, admitRequest, clientKey } from '../domain/attempt-counters.ts';
import { checkRegistrationFields, parseRegistration } from '../domain/check-registration.ts';
import { reissueEmailChallenge, requestLoginCode, requestRegistrationCode, type IssuedChallenge } from '../domain/issue-email-challenge.ts';
import { recordAuditEvent } from '../domain/record-audit-event.ts';
import type { AnonymousRequestContext } from '../domain/request-context.ts';
import { revokeSession } from '../domain/revoke-session.ts';
import { verifyEmailCode } from '../domain/verify-email-code.ts';
import { AppError } from '../errors/app-error.ts';
import { bearerAuth } from '../http/bearer-auth.ts';
import { readJson } from '../http/read-json.ts';
import { anonymousRequestContext, requestContext } from '../http/request-context.ts';

/** Anything wrong with the address is the login form's own message; anything else a plain invalid request. */
const loginRefusal = (issues: readonly v.BaseIssue<unknown>[]) =>
  issues.some((issue) => issue.path?.[0]?.key === 'email') ? messages.login.invalidEmail : messages.server.invalidRequest;

export function authRoutes(deps: AppDeps) {
  const { db, tokens, config, jobs } = deps;
  const hasher = createCodeHasher(config.jwtSecret);

  /**
   * The client's request limit, before anything is looked up or mailed: checked and counted in one locked step.
   * Nothing about the address is checked here, so no one can keep an investor from asking for a code. A refusal
   * changes nothing, so its audit event is a statement of its own; the counter is throttling bookkeeping, not audited.
   */
  const admit = async ({ now, meta }: AnonymousRequestContext) => {
    if (await admitRequest(db, clientKey('request', meta.ip), REQUESTS_PER_CLIENT, now)) return;
    await recordAuditEvent(db, { userId: null, action: 'auth.code.blocked', detail: {}, meta, at: now });
    throw new AppError('TOO_MANY_REQUESTS', messages.emailCode.tooManyRequests);
  };

  /** The challenge (and its mail job) committed: wake the runner so the mail leaves now, not at the next poll. */
  const answer = (c: Context<AppEnv>, issued: IssuedChallenge) => {
    jobs.wake();
    return c.json<CodeChallenge>({ challengeId: issued.challengeId, sentTo: maskEmail(issued.email) }, 202);
  };

  return new Hono<AppEnv>()
    .post('/register', async (c) => {
      const payload = parseRegistration(await readJson(c, v.unknown()));
      const ctx = anonymousRequestContext(c, deps);
      await admit(ctx);
      await checkRegistrationFields(db, payload, ctx.now);
      return answer(c, await requestRegistrationCode(db, hasher, payload, ctx));
    })
    .post('/login', async (c) => {
      const { email } = await readJson(c, LoginCodeRequestSchema, { fallback: loginRefusal });
      const ctx = anonymousRequestContext(c, deps);
      await admit(ctx);
      return answer(c, await requestLoginCode(db, hasher, email, ctx));
    })
    .post('/verify', async (c) => {
      const payload = await readJson(c, VerifyCodePayloadSchema);
      return c.json(await verifyEmailCode(db, tokens, hasher, payload, anonymousRequestContext(c, deps)));
    })
    .post('/resend', async (c) => {
      const { challengeId } = await readJson(c, ResendCodePayloadSchema);
      const ctx = anonymousRequestContext(c, deps);
      await admit(ctx);
      const issued = await reissueEmailChallenge(db, hasher, challengeId, ctx);
      // Unknown, used, superseded and too-early challenges all answer alike: nothing tells whether an address exists.
      if (issued === 'throttled') throw new AppError('TOO_MANY_REQUESTS', messages.emailCode.resendThrottled);
      return answer(c, issued);
    })
    .post('/logout', bearerAuth(deps), async (c) => {
      await revokeSession(db, c.get('auth').jti, requestContext(c, deps));
      return c.json({ ok: true });
    });
}
