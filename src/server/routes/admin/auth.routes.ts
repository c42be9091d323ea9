/**
 * Staff sign-in and enrolment (issue 15), the only /api/admin routes open without a staff session:
 *   POST /code {email} -> 202 { challengeId } whatever the address
 *   POST /code/verify {challengeId, code} -> 200 { options } (WebAuthn authentication options)
 *   POST /passkey {challengeId, response} -> 200 { token, staff }
 *   POST /enrol/options {secret} -> 200 { options, staff }; POST /enrol {secret, response} -> 200 { token, staff }
 * Code requests are limited per client address as the investors' are; the code mail is a job woken after commit.
 */
import { Hono, type Context } from 'hono';
import { signInMessages } from '../../../shared/admin/sign-in-messages.ts';
import { EnrolOptionsSchema, EnrolSchema, StaffCodeRequestSchema, StaffCodeVerifySchema, StaffPasskeySchema } from '../../../shared/admin/sign-in.ts';
import type { AppDeps, AppEnv } from '../../app-context.ts';
import { createCodeHasher } from '../../auth/email-code.ts';
import { webauthnParty } from '../../config/webauthn-env.ts';
import { REQUESTS_PER_CLIENT, admitRequest } from '../../domain/attempt-counters.ts';
import { completeEnrolment, enrolOptions } from '../../domain/admin/enrol-steps.ts';
import { finishStaffSignIn, requestStaffCode, staffRequestClientKey, verifyStaffCode } from '../../domain/admin/sign-in-steps.ts';
import { recordAuditEvent } from '../../domain/record-audit-event.ts';
import { AppError } from '../../errors/app-error.ts';
import { readJson } from '../../http/read-json.ts';
import { anonymousRequestContext } from '../../http/request-context.ts';

export function adminAuthRoutes(deps: AppDeps) {
  const { db, config, jobs, staffTokens } = deps;
  const hasher = createCodeHasher(config.jwtSecret);
  const party = (c: Context<AppEnv>) => {
    const found = webauthnParty(config.publicUrl, c.req.url);
    if (!found) throw new AppError('BAD_REQUEST', signInMessages.originUnknown);
    return found;
  };

  return new Hono<AppEnv>()
    .post('/code', async (c) => {
      const { email } = await readJson(c, StaffCodeRequestSchema, { fallback: signInMessages.invalidEmail });
      const ctx = anonymousRequestContext(c, deps);
      if (!(await admitRequest(db, staffRequestClientKey(ctx.meta.ip), REQUESTS_PER_CLIENT, ctx.now))) {
        await recordAuditEvent(db, { userId: null, action: 'admin.sign-in.code_blocked', detail: {}, meta: ctx.meta, at: ctx.now });
        throw new AppError('TOO_MANY_REQUESTS', signInMessages.tooManyRequests);
      }
      const { challengeId } = await requestStaffCode(db, hasher, email, ctx);
      jobs.wake();
      return c.json({ challengeId }, 202);
    })
    .post('/code/verify', async (c) => {
      const payload = await readJson(c, StaffCodeVerifySchema);
      return c.json(await verifyStaffCode(db, hasher, party(c), payload, anonymousRequestContext(c, deps)));
    })
    .post('/passkey', async (c) => {
      const payload = await readJson(c, StaffPasskeySchema);
      return c.json(await finishStaffSignIn(db, staffTokens, party(c), payload, anonymousRequestContext(c, deps)));
    })
    .post('/enrol/options', async (c) => {
      const { secret } = await readJson(c, EnrolOptionsSchema);
      return c.json(await enrolOptions(db, party(c), secret, anonymousRequestContext(c, deps)));
    })
    .post('/enrol', async (c) => {
      const payload = await readJson(c, EnrolSchema);
      return c.json(await completeEnrolment(db, staffTokens, party(c), payload, anonymousRequestContext(c, deps)));
    });
}
