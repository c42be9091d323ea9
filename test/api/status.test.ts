/** The (B) read calls for a new investor, answered from the real tables, and strictly per investor. */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { tokensFor } from '../../src/shared/registration.ts';
import type { UserDetails } from '../../src/shared/user-details.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { entityPayload, forEachDatabase } from './harness.ts';
import { completeRegistration } from './support/sign-in.ts';

forEachDatabase('status calls', (t) => {
  it('GET /api/user-details/status answers the registration of an individual', async () => {
    const { token, payload, user } = await t.register({ investmentAmount: 42_500, tokenQuantity: tokensFor(42_500, 0.85) });
    const res = await t.get('/api/user-details/status', token);
    expect(res.status).toBe(200);
    const details = (await res.json()) as UserDetails;
    expect(details).toEqual({
      investmentAmount: 42_500,
      tokenQuantity: 50_000,
      investorType: 'INDIVIDUAL',
      status: 'UNDER_REVIEW',
      fullName: 'Ada Lovelace',
      dateOfBirth: '1985-12-10',
      nationality: 'British',
      entityName: null,
      jurisdiction: null,
      authorizedSignatory: null,
      email: user.email,
      walletAddress: payload.walletAddress,
      primaryJurisdiction: 'uk',
      createdAt: t.clock.now().toISOString(),
      submittedAt: t.clock.now().toISOString(),
      reviewedAt: null,
      currentStep: 'disclosure',
      rejectionReason: null,
    });
  });

  it('GET /api/user-details/status answers the registration of an entity', async () => {
    const payload = entityPayload();
    const { token } = await completeRegistration(t, payload);
    const details = (await (await t.get('/api/user-details/status', token)).json()) as UserDetails;
    expect(details).toMatchObject({
      investorType: 'ENTITY',
      entityName: 'Analytical Engines AG',
      jurisdiction: 'Switzerland',
      authorizedSignatory: 'Charles Babbage',
      fullName: null,
      dateOfBirth: null,
      nationality: null,
      primaryJurisdiction: 'eu',
      investmentAmount: 150_000,
    });
  });

  it('answers the four step status calls of a new investor from its rows', async () => {
    const { token, payload } = await t.register();
    const get = async (path: string) => {
      const res = await t.get(path, token);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      return res.json();
    };
    const unread = { opened: false, timeSpent: 0, scrolled: false, completed: false };
    const sections = (await get('/api/disclosure/sections')) as { id: string }[];
    expect(sections).toHaveLength(4);
    expect(await get('/api/disclosure/progress')).toEqual({
      currentStep: 'disclosure',
      disclosuresCompleted: false,
      disclosureProgress: Object.fromEntries(sections.map((s, i) => [s.id, { unlocked: i === 0, ...unread }])),
      disclosureCompletedAt: null,
      isReadingMode: false,
    });
    const step = { completed: false, documentName: null };
    expect(await get('/api/kyc/status')).toEqual({
      status: 'PENDING',
      currentStep: 1,
      completedAt: null,
      steps: { '1': step, '2': step, '3': step, '4': step, '5': step },
      identityDocumentUploaded: false,
      biometricCompleted: false,
      addressDocumentUploaded: false,
      amlScreeningCompleted: false,
      finalReviewCompleted: false,
      identityVerified: false,
      biometricVerified: false,
      addressVerified: false,
      amlScreeningPassed: false,
      files: [],
      aml: null,
      resubmission: null,
    });
    // (The configurations and agreements of the answer are the agreements step's: test/api/legal-*.test.ts.)
    expect(await get('/api/legal/progress')).toMatchObject({ status: 'PENDING', completedAt: null, walletAddress: payload.walletAddress });
    expect(await get('/api/payment/status')).toEqual({
      paymentStatus: 'NOT_STARTED',
      paymentMethod: null,
      completedAt: null,
      investment: { amount: 25_000, tokenQuantity: tokensFor(25_000, 0.85), paymentCompleted: false, completedAt: null, status: 'AWAITING_PAYMENT' },
      latestPayment: null,
    });
  });

  it('reads the state from the tables: a changed row shows in the answer', async () => {
    const { token, user } = await t.register();
    const { db } = t.database;
    const completedAt = new Date('2025-03-04T05:06:07.000Z');
    await db.update(schema.userDetails).set({ currentStep: 'kyc' }).where(eq(schema.userDetails.userId, user.userId));
    await db
      .update(schema.disclosureProgress)
      .set({ completed: true, completedAt })
      .where(eq(schema.disclosureProgress.userId, user.userId));
    await db.update(schema.kycVerifications).set({ status: 'IN_PROGRESS', currentStep: 2, identityDocumentUploaded: true, identityDocumentName: 'passport.pdf' }).where(eq(schema.kycVerifications.userId, user.userId));
    const disclosure = await (await t.get('/api/disclosure/progress', token)).json();
    expect(disclosure).toEqual({
      currentStep: 'kyc',
      disclosuresCompleted: true,
      disclosureProgress: expect.any(Object),
      disclosureCompletedAt: completedAt.toISOString(),
      isReadingMode: true,
    });
    const kyc = (await (await t.get('/api/kyc/status', token)).json()) as { status: string; steps: Record<string, unknown> };
    expect(kyc.status).toBe('IN_PROGRESS');
    expect(kyc.steps['1']).toEqual({ completed: true, documentName: 'passport.pdf' });
  });

  it('never shows one investor the data of another', async () => {
    const a = await t.register();
    const b = await t.register();
    expect(a.payload.walletAddress).not.toBe(b.payload.walletAddress);
    for (const [who, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const details = (await (await t.get('/api/user-details/status', who.token)).json()) as UserDetails;
      expect(details.email).toBe(who.user.email);
      expect(details.walletAddress).toBe(who.payload.walletAddress);
      const legal = (await (await t.get('/api/legal/progress', who.token)).json()) as { walletAddress: string };
      expect(legal.walletAddress).toBe(who.payload.walletAddress);
      const all = JSON.stringify(
        await Promise.all(['/api/user-details/status', '/api/disclosure/progress', '/api/kyc/status', '/api/legal/progress', '/api/payment/status'].map(async (p) => (await t.get(p, who.token)).json())),
      );
      expect(all).not.toContain(other.user.email);
      expect(all).not.toContain(other.payload.walletAddress);
      expect(all).not.toContain(other.user.userId);
    }
  });

  it('answers 404 { error } when the investor has no details', async () => {
    const { token, user } = await t.register();
    await t.database.db.delete(schema.userDetails).where(eq(schema.userDetails.userId, user.userId));
    const res = await t.get('/api/user-details/status', token);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: messages.userDetails.emptyTitle });
    const disclosure = await t.get('/api/disclosure/progress', token);
    expect(disclosure.status).toBe(404);
    expect(await disclosure.json()).toEqual({ error: messages.server.notFound });
  });

  it('refuses the token of a deleted account', async () => {
    const { token, user } = await t.register();
    await t.database.db.delete(schema.users).where(eq(schema.users.id, user.userId));
    const res = await t.get('/api/kyc/status', token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: messages.server.invalidToken });
  });
});
