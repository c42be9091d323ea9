/**
 * One-time email codes: wrong, expired, reused and foreign codes, resend and its throttle, the attempt limit, the
 * growing delays per (address, client address) and per client address, and identical answers for known and unknown
 * emails. (Lockouts by a third party: auth-lockout.test.ts; parallel guesses: verify-parallel.test.ts.)
 */
import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { EMAIL_CODE, type CodeChallenge } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { VERIFY_PER_ADDRESS_CLIENT, VERIFY_PER_CLIENT, delaySeconds } from '../../src/server/domain/attempt-counters.ts';
import { maskEmail } from '../../src/server/auth/email-code.ts';
import { HSTS_VALUE } from '../../src/server/http/strict-transport.ts';
import { forEachDatabase, uniqueEmail } from './harness.ts';
import { requestLoginCode } from './support/sign-in.ts';

/** A code that is surely not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 10 ** EMAIL_CODE.length).padStart(EMAIL_CODE.length, '0');

forEachDatabase('one-time email codes', (t) => {
  const verify = (challengeId: string, code: string) => t.post('/api/auth/verify', { challengeId, code });
  const resend = (challengeId: string) => t.post('/api/auth/resend', { challengeId });
  const expectError = async (res: Response, status: number, error: string) => {
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error });
  };
  const loginFor = async () => {
    const { payload } = await t.register();
    t.clock.advance(EMAIL_CODE.resendCooldownMs);
    const challenge = await requestLoginCode(t, payload.email);
    return { email: payload.email, challenge, code: t.mailer.latestCode(payload.email) };
  };

  it('mails a 6-digit code and masks the address; a wrong code is 400 and the right one still works', async () => {
    const { email, challenge, code } = await loginFor();
    expect(challenge.sentTo).toBe(maskEmail(email));
    expect(challenge.sentTo).toMatch(/^i\*\*\*@e\*\*\*\.com$/);
    const mail = t.mailer.sent.findLast((m) => m.to === email);
    expect(mail?.subject).toBe(messages.emailCode.mailSubject);
    expect(mail?.text).toContain(`Your G2G investor portal code is ${code}. It is valid for 10 minutes.`);
    await expectError(await verify(challenge.challengeId, otherThan(code)), 400, messages.emailCode.wrong);
    expect((await verify(challenge.challengeId, ` ${code} `)).status).toBe(200);
    expect(t.log.entries.map((e) => JSON.stringify(e)).join('\n')).not.toContain(code);
  });

  it('refuses an expired code with 410', async () => {
    const { challenge, code } = await loginFor();
    t.clock.advance(EMAIL_CODE.ttlSeconds * 1000);
    await expectError(await verify(challenge.challengeId, code), 410, messages.emailCode.expired);
  });

  it('accepts a code once: sent again it answers the same session (a lost answer), never a second one', async () => {
    const { challenge, code } = await loginFor();
    const first = await verify(challenge.challengeId, code);
    const again = await verify(challenge.challengeId, code);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await again.json()).toEqual(await first.json());
    // More in verify-retry.test.ts (revoked, expired, wrong code).
  });

  it('binds a code to its challenge: the code of another challenge is wrong', async () => {
    const a = await loginFor();
    const b = await loginFor();
    if (a.code !== b.code) await expectError(await verify(b.challenge.challengeId, a.code), 400, messages.emailCode.wrong);
    expect((await verify(b.challenge.challengeId, b.code)).status).toBe(200);
  });

  it('resend: 429 within 60 s, then a new challenge and code; the old ones stop working', async () => {
    const { email, challenge, code } = await loginFor();
    const mailsBefore = t.mailer.countTo(email);
    await expectError(await resend(challenge.challengeId), 429, messages.emailCode.resendThrottled);
    // Asking to log in again within the minute mails nothing: a challenge of its own that shares the mailed code.
    const again = await requestLoginCode(t, email);
    expect(again.challengeId).not.toBe(challenge.challengeId);
    expect(again.sentTo).toBe(challenge.sentTo);
    expect(t.mailer.countTo(email)).toBe(mailsBefore);

    t.clock.advance(EMAIL_CODE.resendCooldownMs);
    const res = await resend(challenge.challengeId);
    expect(res.status).toBe(202);
    const renewed = (await res.json()) as CodeChallenge;
    expect(renewed.challengeId).not.toBe(challenge.challengeId);
    expect(renewed.sentTo).toBe(challenge.sentTo);
    expect(t.mailer.countTo(email)).toBe(mailsBefore + 1);
    const newCode = t.mailer.latestCode(email);
    await expectError(await verify(challenge.challengeId, code), 410, messages.emailCode.expired);
    await expectError(await resend(challenge.challengeId), 429, messages.emailCode.resendThrottled);
    if (newCode !== code) await expectError(await verify(renewed.challengeId, code), 400, messages.emailCode.wrong);
    expect((await verify(renewed.challengeId, newCode)).status).toBe(200);
    // Used, or never issued: the same answer as too early.
    t.clock.advance(EMAIL_CODE.resendCooldownMs);
    await expectError(await resend(renewed.challengeId), 429, messages.emailCode.resendThrottled);
    await expectError(await resend(crypto.randomUUID()), 429, messages.emailCode.resendThrottled);
  });

  it('kills the challenge on the 5th wrong code (429), even for the right code afterwards; a resend starts over', async () => {
    const { challenge, code } = await loginFor();
    const wrong = otherThan(code);
    for (let attempt = 1; attempt < EMAIL_CODE.maxAttempts; attempt++) {
      await expectError(await verify(challenge.challengeId, wrong), 400, messages.emailCode.wrong);
    }
    await expectError(await verify(challenge.challengeId, wrong), 429, messages.emailCode.tooManyAttempts);
    await expectError(await verify(challenge.challengeId, code), 429, messages.emailCode.tooManyAttempts);
    const [row] = await t.database.db.select().from(schema.emailChallenges).where(eq(schema.emailChallenges.id, challenge.challengeId));
    expect(row).toMatchObject({ attempts: EMAIL_CODE.maxAttempts, usedAt: null });
    // Stored as an HMAC, never as the code itself.
    expect(Buffer.from(row?.codeHash ?? new Uint8Array()).toString('latin1')).not.toContain(code);
    expect(row?.codeHash.byteLength).toBe(32);
  });

  it('answers a known and an unknown email alike, and mails only the known one', async () => {
    const known = (await t.register()).payload.email;
    const unknown = uniqueEmail('nobody');
    t.clock.advance(EMAIL_CODE.resendCooldownMs);
    const mailsBefore = t.mailer.sent.length;
    const answers = await Promise.all([known, unknown].map((email) => t.post('/api/auth/login', { email, password: 'x' })));
    expect(answers.map((r) => r.status)).toEqual([202, 202]);
    expect(answers.map((r) => [...r.headers.keys()].sort())).toEqual([[...answers[0]!.headers.keys()].sort(), [...answers[0]!.headers.keys()].sort()]);
    const [k, u] = (await Promise.all(answers.map((r) => r.json()))) as CodeChallenge[];
    expect(Object.keys(k!)).toEqual(Object.keys(u!));
    expect(k!.sentTo).toMatch(/^i\*\*\*@e\*\*\*\.com$/);
    expect(u!.sentTo).toMatch(/^n\*\*\*@e\*\*\*\.com$/);
    expect(t.mailer.sent.slice(mailsBefore).map((m) => m.to)).toEqual([known]);
    // Asked again within the minute: a new challenge each, no mail for either.
    expect((await requestLoginCode(t, known)).challengeId).not.toBe(k!.challengeId);
    expect((await requestLoginCode(t, unknown)).challengeId).not.toBe(u!.challengeId);
    expect(t.mailer.sent.slice(mailsBefore).map((m) => m.to)).toEqual([known]);
    // Any code for the unknown one is simply wrong, up to the same attempt limit.
    for (let attempt = 1; attempt < EMAIL_CODE.maxAttempts; attempt++) {
      await expectError(await verify(u!.challengeId, '123456'), 400, messages.emailCode.wrong);
    }
    await expectError(await verify(u!.challengeId, '123456'), 429, messages.emailCode.tooManyAttempts);
    // Resend after the cooldown: 202 for both, a mail for the known address only.
    t.clock.advance(EMAIL_CODE.resendCooldownMs);
    const resent = await Promise.all([resend(k!.challengeId), resend(u!.challengeId)]);
    expect(resent.map((r) => r.status)).toEqual([202, 202]);
    expect(t.mailer.sent.slice(mailsBefore).map((m) => m.to)).toEqual([known, known]);
  });

  it('audits every login attempt with the UTC time and the client address', async () => {
    const { email, challenge, code } = await loginFor();
    const from = (path: string, body: unknown) =>
      t.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, { incoming: { socket: { remoteAddress: '198.51.100.4' } } });
    expect((await from('/api/auth/verify', { challengeId: challenge.challengeId, code: otherThan(code) })).status).toBe(400);
    expect((await from('/api/auth/verify', { challengeId: challenge.challengeId, code })).status).toBe(200);
    const events = await t.database.db
      .select()
      .from(schema.auditEvents)
      .where(and(inArray(schema.auditEvents.action, ['auth.verify.failed', 'auth.login']), eq(schema.auditEvents.ip, '198.51.100.4')));
    expect(events.map((e) => e.action).sort()).toEqual(['auth.login', 'auth.verify.failed']);
    for (const event of events) expect(event.at.getTime()).toBe(t.clock.now().getTime());
    const requested = await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, 'auth.login.code_requested'));
    expect(requested.filter((e) => e.detail.email === email)).toEqual([expect.objectContaining({ detail: expect.objectContaining({ known: true, mailed: true }) })]);
  });

  it('slows a client down for an address after repeated wrong codes, never for more than 15 minutes', async () => {
    const ip = '198.51.100.44';
    const post = (path: string, body: unknown) => t.postFrom(ip, path, body);
    const { email } = await loginFor();
    const { challengeId } = (await (await post('/api/auth/login', { email })).json()) as CodeChallenge;
    const code = t.mailer.latestCode(email);
    for (let attempt = 1; attempt < EMAIL_CODE.maxAttempts; attempt++) {
      await expectError(await post('/api/auth/verify', { challengeId, code: otherThan(code) }), 400, messages.emailCode.wrong);
    }
    // The 5th wrong code closes the challenge and starts the client's delay for this address.
    await expectError(await post('/api/auth/verify', { challengeId, code: otherThan(code) }), 429, messages.emailCode.tooManyAttempts);
    t.clock.advance(EMAIL_CODE.resendCooldownMs);
    const next = (await (await post('/api/auth/login', { email })).json()) as CodeChallenge;
    const nextCode = t.mailer.latestCode(email);
    // 60 s passed, the 30 s delay is over: one more wrong code is looked at, and doubles the delay.
    await expectError(await post('/api/auth/verify', { challengeId: next.challengeId, code: otherThan(nextCode) }), 400, messages.emailCode.wrong);
    await expectError(await post('/api/auth/verify', { challengeId: next.challengeId, code: nextCode }), 429, messages.emailCode.tooManyRequests);
    t.clock.advance(delaySeconds(EMAIL_CODE.maxAttempts + 1, VERIFY_PER_ADDRESS_CLIENT) * 1000);
    expect((await post('/api/auth/verify', { challengeId: next.challengeId, code: nextCode })).status).toBe(200);
    // The delay doubles but is capped at the 15 minutes.
    expect([5, 6, 7].map((n) => delaySeconds(n, VERIFY_PER_ADDRESS_CLIENT))).toEqual([30, 60, 120]);
    expect(delaySeconds(4, VERIFY_PER_ADDRESS_CLIENT)).toBe(0);
    expect(delaySeconds(1000, VERIFY_PER_ADDRESS_CLIENT)).toBe(EMAIL_CODE.maxLockoutSeconds);
  });

  it('slows a client address down after many wrong codes across addresses', async () => {
    const ip = '192.0.2.77';
    const post = (path: string, body: unknown) =>
      t.postFrom(ip, path, body);
    const { email, challenge, code } = await loginFor();
    let failures = 0;
    while (failures < VERIFY_PER_CLIENT.free) {
      const { challengeId } = (await (await post('/api/auth/login', { email: uniqueEmail('probe') })).json()) as CodeChallenge;
      for (let i = 0; i < EMAIL_CODE.maxAttempts - 1 && failures < VERIFY_PER_CLIENT.free; i++, failures++) {
        expect((await post('/api/auth/verify', { challengeId, code: '000000' })).status).toBe(400);
      }
    }
    await expectError(await post('/api/auth/verify', { challengeId: challenge.challengeId, code }), 429, messages.emailCode.tooManyRequests);
    // Other clients are not affected, and the block ends.
    expect((await verify(challenge.challengeId, code)).status).toBe(200);
    t.clock.advance(delaySeconds(VERIFY_PER_CLIENT.free, VERIFY_PER_CLIENT) * 1000 + EMAIL_CODE.resendCooldownMs);
    const again = await requestLoginCode(t, email);
    expect((await post('/api/auth/verify', { challengeId: again.challengeId, code: t.mailer.latestCode(email) })).status).toBe(200);
  });

  it('refuses malformed verify and resend bodies with 400', async () => {
    for (const body of [{}, { challengeId: 'x', code: '123456' }, { challengeId: crypto.randomUUID(), code: '12345' }, { challengeId: crypto.randomUUID(), code: 'abcdef' }, { challengeId: crypto.randomUUID() }, []]) {
      expect((await t.post('/api/auth/verify', body)).status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{}, { challengeId: 42 }, { challengeId: 'nope' }]) {
      expect((await t.post('/api/auth/resend', body)).status, JSON.stringify(body)).toBe(400);
    }
    await expectError(await verify(crypto.randomUUID(), '123456'), 410, messages.emailCode.expired);
  });

  it('registration: no second mail within the minute; the mailed code is used once for all its challenges', async () => {
    const payload = (await import('./harness.ts')).individualPayload();
    const first = (await (await t.post('/api/auth/register', payload)).json()) as CodeChallenge;
    const same = (await (await t.post('/api/auth/register', payload)).json()) as CodeChallenge;
    const other = await t.post('/api/auth/register', { ...payload, investmentAmount: 30_000, tokenQuantity: 35_294.117647 });
    expect(other.status).toBe(202);
    expect(same.challengeId).not.toBe(first.challengeId);
    expect(t.mailer.countTo(payload.email)).toBe(1);
    const code = t.mailer.latestCode(payload.email);
    expect((await verify(same.challengeId, code)).status).toBe(200);
    // Single use: the code that signed in is spent for the challenges that shared it.
    await expectError(await verify(first.challengeId, code), 410, messages.emailCode.expired);
    await expectError(await verify(((await other.json()) as CodeChallenge).challengeId, code), 410, messages.emailCode.expired);
  });

  it('sends HSTS only over HTTPS: a https PUBLIC_URL, or X-Forwarded-Proto from a trusted proxy', async () => {
    const hsts = async (config: Parameters<typeof t.makeApp>[0], headers: Record<string, string> = {}) =>
      (await t.makeApp(config).request('/api/settings/investment-limits', { headers })).headers.get('strict-transport-security');
    expect(await hsts({})).toBeNull();
    expect(await hsts({}, { 'x-forwarded-proto': 'https' })).toBeNull();
    expect(await hsts({ publicUrl: 'http://localhost:3000' })).toBeNull();
    expect(await hsts({ publicUrl: 'https://invest.example.com' })).toBe(HSTS_VALUE);
    expect(await hsts({ trustedProxies: 1 }, { 'x-forwarded-proto': 'https' })).toBe(HSTS_VALUE);
    expect(await hsts({ trustedProxies: 1 }, { 'x-forwarded-proto': 'http' })).toBeNull();
    // A value the client wrote before the proxy's own does not count.
    expect(await hsts({ trustedProxies: 1 }, { 'x-forwarded-proto': 'https, http' })).toBeNull();
  });
});
