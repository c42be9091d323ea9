/** Login (through the emailed code), logout and every way a token can be wrong, on every (B) call. */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { LOGIN_PLACEHOLDER_PASSWORD, readTokenExp } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { TEST_JWT_SECRET, TEST_TTL_SECONDS, forEachDatabase } from './harness.ts';
import { signIn } from './support/sign-in.ts';

const BEARER_CALLS = ['/api/user-details/status', '/api/disclosure/progress', '/api/kyc/status', '/api/legal/progress', '/api/payment/status'];

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

forEachDatabase('auth and tokens', (t) => {
  const login = (body: unknown) => t.post('/api/auth/login', body);
  const expectAllRefused = async (headers: Record<string, string>, error: string) => {
    for (const path of BEARER_CALLS) {
      const res = await t.request(path, { headers });
      expect(res.status, path).toBe(401);
      expect(await res.json(), path).toEqual({ error });
    }
    const logout = await t.request('/api/auth/logout', { method: 'POST', headers });
    expect(logout.status).toBe(401);
    expect(await logout.json()).toEqual({ error });
  };

  it('logs in through the emailed code (any letter case) and returns a working token', async () => {
    const registered = await t.register();
    const body = await signIn(t, registered.payload.email.toUpperCase());
    expect(body.user).toEqual(registered.user);
    expect(body.token).not.toBe(registered.token);
    expect(readTokenExp(body.token)).toBe(Math.floor(t.clock.now().getTime() / 1000) + TEST_TTL_SECONDS);
    expect((await t.get('/api/kyc/status', body.token)).status).toBe(200);
    const audit = await t.database.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.userId, registered.user.userId), eq(schema.auditEvents.action, 'auth.login')));
    expect(audit).toHaveLength(1);
  });

  it('never answers a login request with a token, and ignores the password the spec still sends', async () => {
    const registered = await t.register();
    for (const body of [{ email: registered.payload.email }, { email: registered.payload.email, password: LOGIN_PLACEHOLDER_PASSWORD }, { email: registered.payload.email, password: 42 }]) {
      t.clock.advance(61_000);
      const res = await login(body);
      expect(res.status).toBe(202);
      const answer = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(answer).sort()).toEqual(['challengeId', 'sentTo']);
      expect(JSON.stringify(answer)).not.toMatch(/eyJ/);
    }
  });

  it('refuses a malformed login body with 400', async () => {
    for (const body of [{ email: 'not-an-email', password: LOGIN_PLACEHOLDER_PASSWORD }, { email: '', password: 'x' }, { password: 'x' }, { email: 42 }, []]) {
      const res = await login(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: messages.login.invalidEmail });
    }
    for (const body of ['text', null]) {
      const res = await login(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: messages.server.invalidRequest });
    }
  });

  it('logout revokes the token everywhere, and leaves other sessions of the same investor alone', async () => {
    const registered = await t.register();
    const second = await signIn(t, registered.payload.email);
    const res = await t.post('/api/auth/logout', undefined, registered.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    await expectAllRefused({ authorization: `Bearer ${registered.token}` }, messages.server.invalidToken);
    expect((await t.get('/api/user-details/status', second.token)).status).toBe(200);
    const audit = await t.database.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.userId, registered.user.userId), eq(schema.auditEvents.action, 'auth.logout')));
    expect(audit).toHaveLength(1);
  });

  it('answers "No authentication token found" when there is no token', async () => {
    await expectAllRefused({}, messages.session.noToken);
    await expectAllRefused({ authorization: 'Bearer' }, messages.session.noToken);
    await expectAllRefused({ authorization: '' }, messages.session.noToken);
  });

  it('refuses an expired token', async () => {
    const { token } = await t.register();
    t.clock.advance((TEST_TTL_SECONDS - 1) * 1000);
    expect((await t.get('/api/kyc/status', token)).status).toBe(200);
    t.clock.advance(1000);
    await expectAllRefused({ authorization: `Bearer ${token}` }, messages.server.invalidToken);
  });

  it('refuses forged, altered, alg-none and foreign tokens', async () => {
    const { token, user } = await t.register();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const other = await t.register();

    const otherSecret = new TextEncoder().encode('another-secret-that-is-also-32-bytes-long!');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(otherSecret);
    const swappedSubject = `${header}.${b64url({ ...claims, sub: other.user.userId })}.${signature}`;
    const algNone = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new Uint8Array(64).fill(7));
    // Genuinely signed with our secret but never issued: no session row exists for its jti.
    const unissued = await new SignJWT({ ...claims, jti: randomUUID() }).setProtectedHeader({ alg: 'HS256' }).sign(TEST_JWT_SECRET);
    // Genuinely signed, but its session belongs to another user.
    const otherClaims = JSON.parse(Buffer.from(other.token.split('.')[1] ?? '', 'base64url').toString()) as { jti: string };
    const crossed = await new SignJWT({ ...claims, jti: otherClaims.jti }).setProtectedHeader({ alg: 'HS256' }).sign(TEST_JWT_SECRET);
    const noExp = await new SignJWT({ ...claims, exp: undefined }).setProtectedHeader({ alg: 'HS256' }).sign(TEST_JWT_SECRET);

    for (const bad of [forged, swappedSubject, algNone, hs512, unissued, crossed, noExp, `${token}x`, 'null', 'a.b.c', 'x'.repeat(5000)]) {
      await expectAllRefused({ authorization: `Bearer ${bad}` }, messages.server.invalidToken);
    }
    await expectAllRefused({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }, messages.server.invalidToken);
    await expectAllRefused({ authorization: `Bearer ${token} extra` }, messages.server.invalidToken);
    // The genuine token still works after all that.
    const res = await t.get('/api/user-details/status', token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe(user.email);
  });

  it('refuses tokens signed by a server with another secret (e.g. after a secret rotation)', async () => {
    const { token } = await t.register();
    const rotated = t.makeApp({ jwtSecret: new TextEncoder().encode('a-rotated-secret-of-more-than-32-bytes!!') });
    const res = await rotated.request('/api/kyc/status', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: messages.server.invalidToken });
  });
});
