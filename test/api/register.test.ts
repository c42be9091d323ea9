/**
 * POST /api/auth/register then POST /api/auth/verify: success for both investor types, every refusal, and what is
 * written (nothing before the emailed code is verified).
 */
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { CodeChallenge } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import { amountError, tokensFor, type RegistrationRejection } from '../../src/shared/registration.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { DEFAULT_SETTINGS } from '../../src/server/seed/seed-database.ts';
import { entityPayload, forEachDatabase, individualPayload, uniqueEmail } from './harness.ts';
import { completeRegistration, verifyLatestCode } from './support/sign-in.ts';

const limits = DEFAULT_SETTINGS;

forEachDatabase('registration', (t) => {
  const register = (body: unknown) => t.post('/api/auth/register', body);
  const registerFully = (payload: { email: string; [field: string]: unknown }) => completeRegistration(t, payload);
  /** The status and words; a refusal may also name its field (register-refusal-field.test.ts checks which). */
  const expectRefusal = async (res: Response, status: number, error: string) => {
    expect(res.status).toBe(status);
    const { field, ...rest } = (await res.json()) as { field?: string };
    expect(rest).toEqual({ error });
    expect(field === undefined || typeof field === 'string').toBe(true);
  };

  it('registers an individual: 202 and a code, no rows; the code gives 200 with token, user, settings and every row', async () => {
    const payload = individualPayload({ email: `  Mixed.Case.${Date.now()}@Example.COM ` });
    const email = payload.email.trim().toLowerCase();
    const res = await register(payload);
    expect(res.status).toBe(202);
    const challenge = (await res.json()) as CodeChallenge;
    expect(challenge).toEqual({ challengeId: expect.stringMatching(/^[0-9a-f-]{36}$/), sentTo: 'm***@e***.com' });
    expect(await t.database.db.select().from(schema.users).where(eq(schema.users.email, email))).toEqual([]);
    expect(t.mailer.countTo(email)).toBe(1);

    const body = await verifyLatestCode(t, challenge, email);
    expect(body.user).toEqual({ userId: expect.any(String), userDetailsId: expect.any(String), email, investmentAmount: 25_000 });
    expect(body.settings).toEqual(limits);
    expect(body.token.split('.')).toHaveLength(3);

    const { db } = t.database;
    const userId = body.user.userId;
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
    expect(user?.email).toBe(email);
    const [details] = await db.select().from(schema.userDetails).where(eq(schema.userDetails.userId, userId));
    expect(details).toMatchObject({
      id: body.user.userDetailsId,
      investorType: 'INDIVIDUAL',
      investmentAmount: 25_000,
      tokenQuantity: tokensFor(25_000, limits.tokenPrice),
      fullName: 'Ada Lovelace',
      dateOfBirth: '1985-12-10',
      status: 'UNDER_REVIEW',
      currentStep: 'disclosure',
      entityName: null,
    });
    for (const table of [schema.disclosureProgress, schema.kycVerifications, schema.legalAgreements, schema.investments, schema.sessions]) {
      expect(await db.select().from(table).where(eq(table.userId, userId))).toHaveLength(1);
    }
    const [audit] = await db.select().from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, userId), eq(schema.auditEvents.action, 'auth.register')));
    expect(audit).toMatchObject({ action: 'auth.register', detail: expect.objectContaining({ investmentAmount: 25_000, tokenPrice: 0.85 }) });
    expect(audit?.at.getTime()).toBe(t.clock.now().getTime());
  });

  it('registers an entity with its own required fields', async () => {
    const { user } = await registerFully(entityPayload());
    const [details] = await t.database.db.select().from(schema.userDetails).where(eq(schema.userDetails.userId, user.userId));
    expect(details).toMatchObject({ investorType: 'ENTITY', entityName: 'Analytical Engines AG', jurisdiction: 'Switzerland', authorizedSignatory: 'Charles Babbage', fullName: null, dateOfBirth: null });
  });

  it('records the client address and user agent in the audit trail', async () => {
    const payload = individualPayload();
    const from = (path: string, body: unknown) =>
      t.app.request(
        path,
        { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'audit-test/1.0' }, body: JSON.stringify(body) },
        { incoming: { socket: { remoteAddress: '203.0.113.7' } } },
      );
    const { challengeId } = (await (await from('/api/auth/register', payload)).json()) as CodeChallenge;
    await t.runDueJobs();
    const verified = await from('/api/auth/verify', { challengeId, code: t.mailer.latestCode(payload.email) });
    const { user } = (await verified.json()) as { user: { userId: string } };
    const [audit] = await t.database.db.select().from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, user.userId), eq(schema.auditEvents.action, 'auth.register')));
    expect(audit).toMatchObject({ ip: '203.0.113.7', userAgent: 'audit-test/1.0' });
    const [requested] = await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, 'auth.register.code_requested')).then((rows) => rows.filter((r) => r.detail.challengeId === challengeId));
    expect(requested).toMatchObject({ ip: '203.0.113.7', userAgent: 'audit-test/1.0', detail: { email: payload.email, mailed: true } });
  });

  it('answers an address already registered like a new one, in any letter case, and keeps one account', async () => {
    const first = individualPayload();
    await registerFully(first);
    expect((await register(individualPayload({ email: first.email }))).status).toBe(202);
    expect((await register(entityPayload({ email: first.email.toUpperCase() }))).status).toBe(202);
    const users = await t.database.db.select().from(schema.users).where(eq(schema.users.email, first.email));
    expect(users).toHaveLength(1);
    const requested = await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, 'auth.register.code_requested'));
    expect(requested.filter((e) => e.detail.email === first.email).map((e) => e.detail.existingAccount)).toEqual([false, true, true]);
  });

  it('an address registered while the code was on its way: the code signs in to that account, the details are discarded', async () => {
    const payload = individualPayload({ fullName: 'First Try' });
    const { challengeId } = (await (await register(payload)).json()) as CodeChallenge;
    const code = t.mailer.latestCode(payload.email);
    t.clock.advance(61_000);
    const other = await registerFully(individualPayload({ email: payload.email, fullName: 'Second Try' }));
    const res = await t.post('/api/auth/verify', { challengeId, code });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: unknown }).user).toEqual(other.user);
    const [details] = await t.database.db.select().from(schema.userDetails).where(eq(schema.userDetails.userId, other.user.userId));
    expect(details?.fullName).toBe('Second Try');
  });

  it('an address taken by a bare users row meanwhile: 410 and nothing written', async () => {
    const payload = individualPayload();
    const { challengeId } = (await (await register(payload)).json()) as CodeChallenge;
    await t.database.db.insert(schema.users).values({ email: payload.email });
    const res = await t.post('/api/auth/verify', { challengeId, code: t.mailer.latestCode(payload.email) });
    await expectRefusal(res, 410, messages.emailCode.expired);
    const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.email, payload.email));
    expect(await t.database.db.select().from(schema.userDetails).where(eq(schema.userDetails.userId, user?.id ?? ''))).toEqual([]);
  });

  it('creates one account when the same code is verified twice at once; both answers are that session', async () => {
    const payload = individualPayload();
    const { challengeId } = (await (await register(payload)).json()) as CodeChallenge;
    const code = t.mailer.latestCode(payload.email);
    const answers = await Promise.all([t.post('/api/auth/verify', { challengeId, code }), t.post('/api/auth/verify', { challengeId, code })]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(answers.map((r) => r.json()));
    expect(a).toEqual(b);
    expect(await t.database.db.select().from(schema.users).where(eq(schema.users.email, payload.email))).toHaveLength(1);
  });

  it('refuses amounts outside the limits with 422, the message and the limits in force', async () => {
    for (const amount of [limits.minInvestment - 100, 5, limits.maxInvestment + 100, 1e300]) {
      const res = await register(individualPayload({ investmentAmount: amount, tokenQuantity: tokensFor(amount, limits.tokenPrice) }));
      expect(res.status, String(amount)).toBe(422);
      const body = (await res.json()) as RegistrationRejection;
      expect(body).toEqual({ error: amountError(amount, limits), limits, field: 'investmentAmount' });
    }
    expect(amountError(5, limits)).toBe(messages.registration.amountMin('10,000'));
    expect(amountError(2e6, limits)).toBe(messages.registration.amountMax('1,000,000'));
  });

  it('accepts the exact minimum and maximum', async () => {
    for (const amount of [limits.minInvestment, limits.maxInvestment]) {
      const { user } = await registerFully(individualPayload({ investmentAmount: amount, tokenQuantity: tokensFor(amount, limits.tokenPrice) }));
      expect(user.investmentAmount, String(amount)).toBe(amount);
    }
  });

  it('refuses a token count priced at another token price (422 with the current limits)', async () => {
    const stale = individualPayload({ investmentAmount: 20_000, tokenQuantity: tokensFor(20_000, 0.8) });
    const res = await register(stale);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: messages.registration.checkAmount, limits, field: 'investmentAmount' });
    const within = individualPayload({ investmentAmount: 20_000, tokenQuantity: tokensFor(20_000, limits.tokenPrice) + 5e-7 });
    expect((await registerFully(within)).user.investmentAmount).toBe(20_000);
  });

  it('refuses fractions of a cent', async () => {
    const res = await register(individualPayload({ investmentAmount: 20_000.005, tokenQuantity: tokensFor(20_000.005, limits.tokenPrice) }));
    expect(res.status).toBe(422);
    // The same words the form shows under the field (shared rule).
    expect(await res.json()).toEqual({ error: messages.registration.amountCents, limits, field: 'investmentAmount' });
    expect(amountError(20_000.005, limits)).toBe(messages.registration.amountCents);
    expect(amountError(20_000.05, limits)).toBeNull();
  });

  it('refuses missing or wrongly typed fields with 400 and the catalogue message, never echoing the input', async () => {
    const cases: Record<string, unknown>[] = [
      { investmentAmount: '25000' },
      { investmentAmount: null },
      { investmentAmount: 0 },
      { investmentAmount: -25_000 },
      { tokenQuantity: '29411.764706' },
      { investorType: 'trust' },
      { investorType: undefined },
      { primaryJurisdiction: 'mars' },
      { fullName: '' },
      { fullName: '   ' },
      { fullName: undefined },
      { nationality: undefined },
      { dateOfBirth: undefined },
      { fullName: 'x'.repeat(201) },
      { email: undefined },
      { email: 42 },
      { walletAddress: undefined },
    ];
    for (const change of cases) {
      const res = await register({ ...individualPayload(), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(((await res.json()) as { error: string }).error, JSON.stringify(change)).toBe(messages.registration.fillRequired);
    }
  });

  it('requires the entity fields for an entity and the individual fields for an individual', async () => {
    for (const missing of ['entityName', 'jurisdiction', 'authorizedSignatory']) {
      const payload: Record<string, unknown> = { ...entityPayload() };
      delete payload[missing];
      await expectRefusal(await register(payload), 400, messages.registration.fillRequired);
    }
    // An entity payload carrying individual fields instead of its own is still missing its own.
    const mixed = { ...individualPayload(), investorType: 'entity' };
    await expectRefusal(await register(mixed), 400, messages.registration.fillRequired);
  });

  it('names the format problem for a bad wallet, email or date of birth', async () => {
    for (const walletAddress of ['0x123', '52908400098527886E0F7030069857D2E4169EE7aa', '0xZZ908400098527886E0F7030069857D2E4169EE7', `0x${'a'.repeat(41)}`]) {
      await expectRefusal(await register(individualPayload({ walletAddress })), 400, messages.registration.walletInvalid);
    }
    for (const email of ['not-an-email', 'a@b', 'two words@example.com']) {
      await expectRefusal(await register(individualPayload({ email })), 400, messages.login.invalidEmail);
    }
    await expectRefusal(await register(individualPayload({ dateOfBirth: '10/12/1985' })), 400, 'Please enter a valid date of birth.');
  });

  it('refuses impossible or future dates of birth in their own words', async () => {
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    for (const dateOfBirth of ['1985-02-30', '1985-13-01', '1850-01-01']) {
      await expectRefusal(await register(individualPayload({ dateOfBirth })), 400, messages.registration.dateOfBirthInvalid);
    }
    await expectRefusal(await register(individualPayload({ dateOfBirth: tomorrow })), 400, messages.registration.dateOfBirthFuture);
  });

  it('stores a trimmed wallet address and ignores fields it does not know', async () => {
    const wallet = '0x52908400098527886E0F7030069857D2E4169EE7';
    const { user } = await registerFully({ ...individualPayload({ walletAddress: `  ${wallet} ` }), qualifiedInvestor: true, status: 'APPROVED', userId: 'x' });
    const [details] = await t.database.db.select().from(schema.userDetails).where(eq(schema.userDetails.userId, user.userId));
    expect(details).toMatchObject({ walletAddress: wallet, status: 'UNDER_REVIEW' });
    expect(user.email).toMatch(/@example\.com$/);
    expect(uniqueEmail()).not.toBe(uniqueEmail());
  });
});
