/**
 * Login and registration prove control of the inbox with a mailed one-time code:
 *   POST /login {email} and POST /register {registration} -> 202 {challengeId, sentTo}
 *   POST /verify {challengeId, code} -> 200 {token, user[, settings]}
 *   POST /resend {challengeId} -> 202 {challengeId, sentTo} with a new code
 * A login answers alike for known and unknown addresses (an unknown one gets no mail); the mail is sent after
 * the answer is decided and not awaited, so neither its time nor its failure tells whether an account exists.
 */
import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import { LoginCodeRequestSchema, ResendCodePayloadSchema, VerifyCodePayloadSchema, type CodeChallenge } from '../../shared/auth.ts';
import { messages } from '../../shared/messages.ts';
import { RegistrationPayloadSchema } from '../../shared/registration.ts';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { codeEmail, createCodeHasher, maskEmail } from '../auth/email-code.ts';
import { REQUESTS_PER_IP, addressKey, ipKey, isBlocked, recordAttempt } from '../domain/attempt-counters.ts';
import { findLoginAccount } from '../domain/find-login-account.ts';
import { reissueEmailChallenge, requestEmailChallenge, type IssuedChallenge } from '../domain/issue-email-challenge.ts';
import { recordAuditEvent } from '../domain/record-audit-event.ts';
import type { AnonymousRequestContext } from '../domain/request-context.ts';
import { checkRegistration } from '../domain/check-registration.ts';
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
  const { db, tokens, config, log, providers } = deps;
  const hasher = createCodeHasher(config.jwtSecret);

  /**
   * Per-IP request counter and the address's wrong-code block, before anything is looked up or mailed. The block is
   * a refusal that changes nothing, so its audit event is a statement of its own; the counter is throttling
   * bookkeeping, not a change of the investor's state, and is never audited.
   */
  const admit = async (email: string | null, { now, meta }: AnonymousRequestContext) => {
    const requestKey = ipKey('request', meta.ip);
    if (await isBlocked(db, [requestKey, email === null ? null : addressKey(email)], now)) {
      await recordAuditEvent(db, { userId: null, action: 'auth.code.blocked', detail: email === null ? {} : { email }, meta, at: now });
      throw new AppError('TOO_MANY_REQUESTS', messages.emailCode.tooManyRequests);
    }
    await recordAttempt(db, requestKey, REQUESTS_PER_IP, now);
  };

  /** Mails the code without holding up the answer; a failure is logged (without the code) and never answered. */
  const deliver = (issued: IssuedChallenge) => {
    if (issued.code === null || !issued.deliverable) return;
    providers.mail
      .send({ to: issued.email, subject: messages.emailCode.mailSubject, ...codeEmail(issued.code) })
      .catch((error: unknown) => log.error('Sending a code email failed', { to: maskEmail(issued.email), error }));
  };

  const answer = (c: Context<AppEnv>, issued: IssuedChallenge) => {
    deliver(issued);
    return c.json<CodeChallenge>({ challengeId: issued.challengeId, sentTo: maskEmail(issued.email) }, 202);
  };

  return new Hono<AppEnv>()
    .post('/register', async (c) => {
      const payload = await readJson(c, RegistrationPayloadSchema, { fallback: messages.registration.fillRequired });
      const ctx = anonymousRequestContext(c, deps);
      await checkRegistration(db, payload, ctx);
      await admit(payload.email, ctx);
      const issued = await requestEmailChallenge(db, hasher, { purpose: 'register', email: payload.email, userId: null, registration: payload }, ctx);
      if (issued === 'throttled') throw new AppError('TOO_MANY_REQUESTS', messages.emailCode.resendThrottled);
      return answer(c, issued);
    })
    .post('/login', async (c) => {
      const { email } = await readJson(c, LoginCodeRequestSchema, { fallback: loginRefusal });
      const ctx = anonymousRequestContext(c, deps);
      await admit(email, ctx);
      const account = await findLoginAccount(db, email);
      const issued = await requestEmailChallenge(db, hasher, { purpose: 'login', email, userId: account?.userId ?? null, registration: null }, ctx);
      // A login never re-sends within the cooldown: it gets the open challenge back, so 'throttled' cannot occur.
      if (issued === 'throttled') throw new Error('a login challenge was throttled');
      return answer(c, issued);
    })
    .post('/verify', async (c) => {
      const payload = await readJson(c, VerifyCodePayloadSchema);
      return c.json(await verifyEmailCode(db, tokens, hasher, payload, anonymousRequestContext(c, deps)));
    })
    .post('/resend', async (c) => {
      const { challengeId } = await readJson(c, ResendCodePayloadSchema);
      const ctx = anonymousRequestContext(c, deps);
      await admit(null, ctx);
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
