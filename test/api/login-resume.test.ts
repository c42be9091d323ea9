/**
 * Issue 10 (for the registration code screen): a reload loses the browser's registration, and the investor then
 * tries to log in. A login for an address with no account but a live registration resumes it: a fresh code is
 * mailed and verifying it creates the account from the details kept with the registration. The answer has the same
 * shape and status whatever the address is.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { EMAIL_CODE, type AuthResponse } from '../../src/shared/auth.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { DEFAULT_SETTINGS } from '../../src/server/seed/seed-database.ts';
import { forEachDatabase, individualPayload, uniqueEmail } from './harness.ts';
import { challengeOf } from './support/codes.ts';

forEachDatabase('login for a pending registration', (t) => {
  it('mails a fresh code for the registration; verifying it creates the account from the registration', async () => {
    const payload = individualPayload({ fullName: 'Grace Hopper' });
    await challengeOf(t.post('/api/auth/register', payload));
    const mailsBefore = t.mailer.countTo(payload.email);
    t.clock.advance(EMAIL_CODE.resendCooldownMs + 1000);

    const resumed = await challengeOf(t.post('/api/auth/login', { email: payload.email }));
    expect(t.mailer.countTo(payload.email)).toBe(mailsBefore + 1);
    const res = await t.post('/api/auth/verify', { challengeId: resumed.challengeId, code: t.mailer.latestCode(payload.email) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AuthResponse;
    expect(body.user).toMatchObject({ email: payload.email, investmentAmount: payload.investmentAmount });
    expect(body.settings).toEqual(DEFAULT_SETTINGS);
    const [details] = await t.database.db.select().from(schema.userDetails).where(eq(schema.userDetails.userId, body.user.userId));
    expect(details).toMatchObject({ fullName: 'Grace Hopper', walletAddress: payload.walletAddress, investorType: 'INDIVIDUAL' });
    const events = await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.userId, body.user.userId));
    expect(events.map((e) => e.action)).toContain('auth.register');
  });

  it('answers an unknown address, a pending registration and an account alike; only the unknown one gets no mail', async () => {
    const pending = individualPayload();
    await challengeOf(t.post('/api/auth/register', pending));
    const { payload: registered } = await t.register();
    const unknown = uniqueEmail('nobody');
    t.clock.advance(EMAIL_CODE.resendCooldownMs + 1000);
    const counts = () => [pending.email, registered.email, unknown].map((e) => t.mailer.countTo(e));
    const before = counts();
    const answers = await Promise.all([pending.email, registered.email, unknown].map((email) => t.post('/api/auth/login', { email })));
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202]);
    for (const res of answers) await challengeOf(res);
    expect(counts()).toEqual([before[0]! + 1, before[1]! + 1, 0]);
  });

  it('does not resume when two different registrations wait for one address (one of them is not the investor’s)', async () => {
    const payload = individualPayload();
    await challengeOf(t.post('/api/auth/register', payload));
    t.clock.advance(EMAIL_CODE.resendCooldownMs + 1000);
    await challengeOf(t.post('/api/auth/register', individualPayload({ email: payload.email, walletAddress: `0x${'e'.repeat(40)}` })));
    t.clock.advance(EMAIL_CODE.resendCooldownMs + 1000);
    const mailsBefore = t.mailer.countTo(payload.email);
    const resumed = await challengeOf(t.post('/api/auth/login', { email: payload.email }));
    expect(t.mailer.countTo(payload.email)).toBe(mailsBefore);
    expect((await t.post('/api/auth/verify', { challengeId: resumed.challengeId, code: t.mailer.latestCode(payload.email) })).status).toBe(400);
  });
});
