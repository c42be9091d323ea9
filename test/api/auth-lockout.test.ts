/**
 * Issue 10, finding 2: whoever knows an investor's email must not be able to lock them out or disarm the code they
 * hold, and one client address (an office behind one NAT) must still register dozens of investors in an hour.
 * Every request carries a client address, as it does behind the real listener.
 */
import { eq, sum } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { EMAIL_CODE } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { VERIFY_ADDRESS_CEILING } from '../../src/server/domain/attempt-counters.ts';
import { forEachDatabase, individualPayload } from './harness.ts';
import { challengeOf, expectError, otherThan } from './support/codes.ts';

const ATTACKER = '203.0.113.66';
const INVESTOR = '198.51.100.10';

forEachDatabase('attacker lockouts (issue 10, finding 2)', (t) => {
  const login = (ip: string, email: string) => challengeOf(t.postFrom(ip, '/api/auth/login', { email }));
  const verify = (ip: string, challengeId: string, code: string) => t.postFrom(ip, '/api/auth/verify', { challengeId, code });
  /** An investor registered from their own address, some time ago. */
  const investor = async () => {
    const payload = individualPayload();
    const registered = await challengeOf(t.postFrom(INVESTOR, '/api/auth/register', payload));
    expect((await verify(INVESTOR, registered.challengeId, t.mailer.latestCode(payload.email))).status).toBe(200);
    t.clock.advance(10 * 60_000);
    return payload.email;
  };

  it('five wrong codes on an attacker-requested challenge, another challenge and one more wrong code: the investor still logs in', async () => {
    const email = await investor();
    const first = await login(ATTACKER, email);
    for (let i = 0; i < EMAIL_CODE.maxAttempts; i++) await verify(ATTACKER, first.challengeId, otherThan(t.mailer.latestCode(email)));
    t.clock.advance(EMAIL_CODE.resendCooldownMs + 1000);
    const second = await login(ATTACKER, email);
    await verify(ATTACKER, second.challengeId, otherThan(t.mailer.latestCode(email)));

    const own = await t.postFrom(INVESTOR, '/api/auth/login', { email });
    expect(own.status).toBe(202);
    const { challengeId } = await challengeOf(own);
    const res = await verify(INVESTOR, challengeId, t.mailer.latestCode(email));
    expect(res.status).toBe(200);
  });

  it('an attacker asking for a code 61 s after the investor does not cancel the code the investor holds', async () => {
    const email = await investor();
    const own = await login(INVESTOR, email);
    const code = t.mailer.latestCode(email);
    t.clock.advance(EMAIL_CODE.resendCooldownMs + 1000);
    await login(ATTACKER, email);
    // A second attacker request, and a resend of the attacker's own challenge, cancel nothing either.
    t.clock.advance(EMAIL_CODE.resendCooldownMs + 1000);
    const again = await login(ATTACKER, email);
    t.clock.advance(EMAIL_CODE.resendCooldownMs + 1000);
    expect((await t.postFrom(ATTACKER, '/api/auth/resend', { challengeId: again.challengeId })).status).toBe(202);
    const res = await verify(INVESTOR, own.challengeId, code);
    expect(res.status).toBe(200);
  });

  it('an attacker asking within the minute gets a challenge of their own: guessing on it does not kill the investor’s', async () => {
    const email = await investor();
    const own = await login(INVESTOR, email);
    const code = t.mailer.latestCode(email);
    const theirs = await login(ATTACKER, email);
    expect(theirs.challengeId).not.toBe(own.challengeId);
    for (let i = 0; i < EMAIL_CODE.maxAttempts; i++) await verify(ATTACKER, theirs.challengeId, otherThan(code));
    expect((await verify(INVESTOR, own.challengeId, code)).status).toBe(200);
  });

  it('slows down the guessing client for that address, not the investor: a blocked client is refused even the right code', async () => {
    const email = await investor();
    const first = await login(ATTACKER, email);
    for (let i = 0; i < 3; i++) await verify(ATTACKER, first.challengeId, otherThan(t.mailer.latestCode(email)));
    t.clock.advance(EMAIL_CODE.resendCooldownMs + 1000);
    const second = await login(ATTACKER, email);
    const code = t.mailer.latestCode(email);
    for (let i = 0; i < 2; i++) await verify(ATTACKER, second.challengeId, otherThan(code));
    // Five wrong codes from this client for this address: it waits now, and the right code is not even looked at.
    await expectError(verify(ATTACKER, second.challengeId, code), 429, messages.emailCode.tooManyRequests);
    const own = await login(INVESTOR, email);
    expect((await verify(INVESTOR, own.challengeId, t.mailer.latestCode(email))).status).toBe(200);
  });

  it('bounds guessing from rotating client addresses by the per-address ceiling; the investor at a known address still signs in', async () => {
    const email = await investor();
    const evaluated = async () =>
      Number((await t.database.db.select({ n: sum(schema.emailChallenges.attempts) }).from(schema.emailChallenges).where(eq(schema.emailChallenges.email, email)))[0]?.n ?? 0);
    const before = await evaluated();
    // Many client addresses, each staying under its own (address, client) limit: 4 wrong codes apiece.
    let refused = 0;
    for (let i = 0; i < 12; i++) {
      const ip = `203.0.113.${100 + i}`;
      const { challengeId } = await login(ip, email);
      for (let k = 0; k < 4; k++) {
        const res = await verify(ip, challengeId, otherThan(t.mailer.latestCode(email)));
        if (res.status === 429) refused++;
      }
    }
    expect((await evaluated()) - before).toBe(VERIFY_ADDRESS_CEILING.limit);
    expect(refused).toBe(48 - VERIFY_ADDRESS_CEILING.limit);
    // Over the ceiling, a new client address is refused even the right code ...
    const fresh = await login('203.0.113.250', email);
    await expectError(verify('203.0.113.250', fresh.challengeId, t.mailer.latestCode(email)), 429, messages.emailCode.tooManyRequests);
    // ... while the investor, at the address they registered from, signs in.
    const own = await login(INVESTOR, email);
    expect((await verify(INVESTOR, own.challengeId, t.mailer.latestCode(email))).status).toBe(200);
    // The ceiling lasts its window (a day from the first failure), then guessing starts from nothing again.
    t.clock.advance(VERIFY_ADDRESS_CEILING.windowSeconds * 1000);
    const later = await login('203.0.113.250', email);
    expect((await verify('203.0.113.250', later.challengeId, t.mailer.latestCode(email))).status).toBe(200);
  });

  it('lets one client address register 40 investors within an hour, a few of them mistyping a code first', async () => {
    const office = '192.0.2.200';
    const started = t.clock.now().getTime();
    for (let i = 0; i < 40; i++) {
      const payload = individualPayload();
      const { challengeId } = await challengeOf(t.postFrom(office, '/api/auth/register', payload));
      const code = t.mailer.latestCode(payload.email);
      if (i % 4 === 0) await expectError(verify(office, challengeId, otherThan(code)), 400, messages.emailCode.wrong);
      const res = await verify(office, challengeId, code);
      expect(res.status, `registration ${i + 1}`).toBe(200);
      t.clock.advance(15_000);
    }
    expect(t.clock.now().getTime() - started).toBeLessThanOrEqual(60 * 60_000);
    const audit = await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.ip, office));
    expect(audit.filter((e) => e.action === 'auth.register')).toHaveLength(40);
  });
});
