/**
 * Issue 10, finding 6: parallel guesses must not slip past the limits (on PostgreSQL they ran side by side). The
 * attempt is counted and the limit checked in one locked step, so N parallel wrong codes evaluate at most what the
 * limits allow. "Evaluated" is read from the database: a challenge's attempts grow only when a code was compared.
 */
import { eq, sum } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { EMAIL_CODE } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase } from './harness.ts';
import { challengeOf, otherThan } from './support/codes.ts';

forEachDatabase('parallel guesses (issue 10, finding 6)', (t) => {
  const evaluated = async (email: string) =>
    Number((await t.database.db.select({ n: sum(schema.emailChallenges.attempts) }).from(schema.emailChallenges).where(eq(schema.emailChallenges.email, email)))[0]?.n ?? 0);

  it('20 parallel wrong codes against one challenge evaluate at most its 5 attempts', async () => {
    const { payload } = await t.register();
    t.clock.advance(10 * 60_000);
    const ip = '203.0.113.20';
    const before = await evaluated(payload.email);
    const { challengeId } = await challengeOf(t.postFrom(ip, '/api/auth/login', { email: payload.email }));
    const wrong = otherThan(t.mailer.latestCode(payload.email));
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.postFrom(ip, '/api/auth/verify', { challengeId, code: wrong })));
    expect(answers.every((r) => r.status === 400 || r.status === 429)).toBe(true);
    expect(answers.filter((r) => r.status === 400)).toHaveLength(EMAIL_CODE.maxAttempts - 1);
    expect((await evaluated(payload.email)) - before).toBe(EMAIL_CODE.maxAttempts);
  });

  it('20 parallel wrong codes from a client that has one failure left before its block evaluate exactly one', async () => {
    const { payload } = await t.register();
    t.clock.advance(10 * 60_000);
    const ip = '203.0.113.21';
    const before = await evaluated(payload.email);
    // Five wrong codes on a first challenge: the client is slowed down for this address; wait the delay out.
    const first = await challengeOf(t.postFrom(ip, '/api/auth/login', { email: payload.email }));
    const wrong = otherThan(t.mailer.latestCode(payload.email));
    for (let i = 0; i < EMAIL_CODE.maxAttempts; i++) await t.postFrom(ip, '/api/auth/verify', { challengeId: first.challengeId, code: wrong });
    t.clock.advance(EMAIL_CODE.resendCooldownMs + 1000);
    const { challengeId } = await challengeOf(t.postFrom(ip, '/api/auth/login', { email: payload.email }));
    const code = otherThan(t.mailer.latestCode(payload.email));
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.postFrom(ip, '/api/auth/verify', { challengeId, code })));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { error: string }[];
    expect(bodies.filter((b) => b.error === messages.emailCode.wrong)).toHaveLength(1);
    expect(bodies.filter((b) => b.error === messages.emailCode.tooManyRequests)).toHaveLength(19);
    expect((await evaluated(payload.email)) - before).toBe(EMAIL_CODE.maxAttempts + 1);
  });
});
