/**
 * The fast path of (B) calls (verified-token cache, prepared statements) must not weaken them: a token that has
 * just been used is refused on the very next call after logout, on this instance and on another one sharing
 * the database, and at its expiry; a prepared read never sees another caller's uncommitted transaction.
 */
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { NO_SESSION, findActiveSession } from '../../src/server/domain/find-active-session.ts';
import { getUserDetailsInSession } from '../../src/server/domain/get-user-details.ts';
import { TEST_TTL_SECONDS, bearer, forEachDatabase } from './harness.ts';

const STATUS = '/api/user-details/status';

const claimsOf = (token: string) => {
  const { sub, jti } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string; jti: string };
  return { userId: sub, jti };
};

forEachDatabase('session checks on the fast path', (t) => {
  it('refuses a token on the very next call after its logout, though it was just accepted', async () => {
    const { token } = await t.register();
    for (let i = 0; i < 3; i++) expect((await t.get(STATUS, token)).status).toBe(200);
    expect((await t.post('/api/auth/logout', undefined, token)).status).toBe(200);
    const res = await t.get(STATUS, token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: messages.server.invalidToken });
  });

  it('refuses a token on the next call after a logout through another instance on the same database', async () => {
    const { token } = await t.register();
    const other = t.makeApp();
    expect((await t.get(STATUS, token)).status).toBe(200);
    expect((await other.request(STATUS, { headers: bearer(token) })).status).toBe(200);
    const logout = await other.request('/api/auth/logout', { method: 'POST', headers: bearer(token) });
    expect(logout.status).toBe(200);
    expect((await t.get(STATUS, token)).status).toBe(401);
  });

  it('refuses a token revoked straight in the database (e.g. by an administrator) on the next call', async () => {
    const { token, user } = await t.register();
    expect((await t.get(STATUS, token)).status).toBe(200);
    await t.database.db
      .update(schema.sessions)
      .set({ revokedAt: t.clock.now() })
      .where(and(eq(schema.sessions.userId, user.userId), eq(schema.sessions.jti, claimsOf(token).jti)));
    expect((await t.get(STATUS, token)).status).toBe(401);
  });

  it('refuses a just-accepted token once its expiry is reached', async () => {
    const { token } = await t.register();
    t.clock.advance((TEST_TTL_SECONDS - 1) * 1000);
    expect((await t.get(STATUS, token)).status).toBe(200);
    t.clock.advance(1000);
    expect((await t.get(STATUS, token)).status).toBe(401);
  });

  it('never answers from another caller\'s uncommitted transaction', async () => {
    const { token } = await t.register();
    const claims = claimsOf(token);
    let pending: Promise<boolean> | undefined;
    const rolledBack = new Error('roll back');
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(schema.sessions).set({ revokedAt: t.clock.now() }).where(eq(schema.sessions.jti, claims.jti));
        // Asked while the revocation is written but not committed: it must see the committed row (still active).
        pending = findActiveSession(t.database.run, claims, t.clock.now());
        await tx.select({ jti: schema.sessions.jti }).from(schema.sessions).where(eq(schema.sessions.jti, claims.jti));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await pending).toBe(true);
    expect((await t.get(STATUS, token)).status).toBe(200);
  });

  it('scopes the session lookup by the token\'s user', async () => {
    const first = await t.register();
    const second = await t.register();
    expect(await findActiveSession(t.database.run, claimsOf(first.token), t.clock.now())).toBe(true);
    expect(await findActiveSession(t.database.run, { userId: second.user.userId, jti: claimsOf(first.token).jti }, t.clock.now())).toBe(false);
  });

  it('checks the session in the status read\'s own statement exactly as the session check does (bearerRead)', async () => {
    const first = await t.register();
    const second = await t.register();
    const now = t.clock.now();
    const own = claimsOf(first.token);
    expect(await getUserDetailsInSession(t.database.run, own, now)).toMatchObject({ email: first.user.email });
    // Another user's id with this session: no session, not that user's details.
    expect(await getUserDetailsInSession(t.database.run, { userId: second.user.userId, jti: own.jti }, now)).toBe(NO_SESSION);
    // At its expiry, and once revoked.
    expect(await getUserDetailsInSession(t.database.run, own, new Date(now.getTime() + TEST_TTL_SECONDS * 1000))).toBe(NO_SESSION);
    await t.database.db.update(schema.sessions).set({ revokedAt: now }).where(eq(schema.sessions.jti, own.jti));
    expect(await getUserDetailsInSession(t.database.run, own, now)).toBe(NO_SESSION);
    const res = await t.get(STATUS, first.token);
    expect([res.status, await res.json()]).toEqual([401, { error: messages.server.invalidToken }]);
  });
});
