/**
 * Issue 10, finding 3: registration must not tell whether an address has an account. A registered address is
 * answered exactly like a new one (202 and a challenge); its owner's mail says an account exists and carries a code
 * that signs them in; the submitted details are discarded. The client limit comes before anything is looked up.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { AuthResponseSchema, type AuthResponse } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import * as v from 'valibot';
import { EXISTING_ACCOUNT_NOTICE } from '../../src/server/auth/code-mails.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { entityPayload, forEachDatabase, individualPayload } from './harness.ts';
import { challengeOf } from './support/codes.ts';

forEachDatabase('registration enumeration (issue 10, finding 3)', (t) => {
  const detailsOf = async (userId: string) => (await t.database.db.select().from(schema.userDetails).where(eq(schema.userDetails.userId, userId)))[0];

  it('answers a registered address exactly like a new one, and mails its owner a code that signs them in', async () => {
    const existing = await t.register();
    const before = await detailsOf(existing.user.userId);
    t.clock.advance(10 * 60_000);
    const taken = individualPayload({ email: existing.payload.email.toUpperCase(), investmentAmount: 50_000, tokenQuantity: 58_823.529412 });
    const fresh = individualPayload({ investmentAmount: 50_000, tokenQuantity: 58_823.529412 });
    const [takenRes, freshRes] = [await t.post('/api/auth/register', taken), await t.post('/api/auth/register', fresh)];
    expect([takenRes.status, freshRes.status]).toEqual([202, 202]);
    expect([...takenRes.headers.keys()].sort()).toEqual([...freshRes.headers.keys()].sort());
    const [takenBody, freshBody] = [await challengeOf(takenRes), await challengeOf(freshRes)];
    expect(takenBody.sentTo).toMatch(/^i\*\*\*@e\*\*\*\.com$/);
    expect(freshBody.sentTo).toMatch(/^i\*\*\*@e\*\*\*\.com$/);

    const mail = t.mailer.sent.findLast((m) => m.to === existing.payload.email);
    expect(mail?.text).toContain(EXISTING_ACCOUNT_NOTICE);
    const res = await t.post('/api/auth/verify', { challengeId: takenBody.challengeId, code: t.mailer.latestCode(existing.payload.email) });
    expect(res.status).toBe(200);
    const signedIn = (await res.json()) as AuthResponse;
    // The same answer a login gives: the existing account, no settings; the submitted details changed nothing.
    expect(v.is(AuthResponseSchema, signedIn)).toBe(true);
    expect(signedIn.user).toEqual(existing.user);
    expect(signedIn.settings).toBeUndefined();
    expect((await t.get('/api/user-details/status', signedIn.token)).status).toBe(200);
    expect(await detailsOf(existing.user.userId)).toEqual(before);
    expect(await t.database.db.select().from(schema.users).where(eq(schema.users.email, existing.payload.email))).toHaveLength(1);
  });

  it('an entity registration of a registered address is answered and treated alike', async () => {
    const existing = await t.register();
    t.clock.advance(10 * 60_000);
    const challenge = await challengeOf(t.post('/api/auth/register', entityPayload({ email: existing.payload.email })));
    const res = await t.post('/api/auth/verify', { challengeId: challenge.challengeId, code: t.mailer.latestCode(existing.payload.email) });
    expect(((await res.json()) as AuthResponse).user).toEqual(existing.user);
  });

  it('a client over its request limit gets the same 429 for a registered and a new address', async () => {
    const existing = await t.register();
    const ip = '198.51.100.99';
    let last: Response | undefined;
    for (let i = 0; i < 500; i++) {
      last = await t.postFrom(ip, '/api/auth/register', individualPayload());
      if (last.status === 429) break;
      expect(last.status).toBe(202);
    }
    expect(last?.status).toBe(429);
    const answers = [await t.postFrom(ip, '/api/auth/register', individualPayload({ email: existing.payload.email })), await t.postFrom(ip, '/api/auth/register', individualPayload())];
    expect(answers.map((r) => r.status)).toEqual([429, 429]);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[0]).toEqual({ error: messages.emailCode.tooManyRequests });
  });

  it('writes a challenge and a mail for a registered address as for a new one, in one transaction', async () => {
    const existing = await t.register();
    t.clock.advance(10 * 60_000);
    const { challengeId } = await challengeOf(t.post('/api/auth/register', individualPayload({ email: existing.payload.email })));
    const [row] = await t.database.db.select().from(schema.emailChallenges).where(eq(schema.emailChallenges.id, challengeId));
    // A sign-in challenge for the account; nothing of the submitted details is kept.
    expect(row).toMatchObject({ purpose: 'login', userId: existing.user.userId, registration: null });
  });
});
