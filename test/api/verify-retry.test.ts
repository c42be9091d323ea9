/**
 * Issue 10, "retried verify": an answer lost on the way (a dropped connection, a reload) can be asked for again with
 * the same right code while the challenge lives: it answers the same session, never a second one, and nothing
 * once that session was revoked or the challenge expired.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { EMAIL_CODE, type AuthResponse } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase, individualPayload } from './harness.ts';
import { challengeOf, expectError, otherThan } from './support/codes.ts';
import { requestLoginCode } from './support/sign-in.ts';

forEachDatabase('retried verify', (t) => {
  const verify = (challengeId: string, code: string) => t.post('/api/auth/verify', { challengeId, code });
  const jtiOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { jti: string }).jti;

  it('a registration verified twice answers the same session, and one account exists', async () => {
    const payload = individualPayload();
    const { challengeId } = await challengeOf(t.post('/api/auth/register', payload));
    const code = t.mailer.latestCode(payload.email);
    const first = (await (await verify(challengeId, code)).json()) as AuthResponse;
    t.clock.advance(30_000);
    const res = await verify(challengeId, code);
    expect(res.status).toBe(200);
    const again = (await res.json()) as AuthResponse;
    expect(again).toEqual(first);
    expect(await t.database.db.select().from(schema.users).where(eq(schema.users.email, payload.email))).toHaveLength(1);
    expect(await t.database.db.select().from(schema.sessions).where(eq(schema.sessions.userId, first.user.userId))).toHaveLength(1);
  });

  it('a login verified twice at once answers one session twice', async () => {
    const { payload } = await t.register();
    t.clock.advance(EMAIL_CODE.resendCooldownMs);
    const { challengeId } = await requestLoginCode(t, payload.email);
    const code = t.mailer.latestCode(payload.email);
    const answers = await Promise.all([verify(challengeId, code), verify(challengeId, code)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = (await Promise.all(answers.map((r) => r.json()))) as AuthResponse[];
    expect(jtiOf(a!.token)).toBe(jtiOf(b!.token));
    expect((await t.get('/api/kyc/status', b!.token)).status).toBe(200);
  });

  it('answers 410 once the session was revoked, once the challenge expired, and to a wrong code', async () => {
    const { payload } = await t.register();
    t.clock.advance(EMAIL_CODE.resendCooldownMs);
    const { challengeId } = await requestLoginCode(t, payload.email);
    const code = t.mailer.latestCode(payload.email);
    const { token } = (await (await verify(challengeId, code)).json()) as AuthResponse;
    await expectError(verify(challengeId, otherThan(code)), 410, messages.emailCode.expired);
    expect((await t.post('/api/auth/logout', undefined, token)).status).toBe(200);
    await expectError(verify(challengeId, code), 410, messages.emailCode.expired);

    t.clock.advance(EMAIL_CODE.resendCooldownMs);
    const next = await requestLoginCode(t, payload.email);
    const nextCode = t.mailer.latestCode(payload.email);
    expect((await verify(next.challengeId, nextCode)).status).toBe(200);
    t.clock.advance(EMAIL_CODE.ttlSeconds * 1000);
    await expectError(verify(next.challengeId, nextCode), 410, messages.emailCode.expired);
  });
});
