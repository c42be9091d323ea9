/**
 * The server's real answers pass the schemas the browser checks them with (src/client/effects: `schema` on every
 * call it reads), on every database: one investor's journey from the settings and the code sign-in through
 * disclosure and KYC to a paid investment, each answer parsed with its contract schema on the way.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { AuthResponseSchema, CodeChallengeSchema, EMAIL_CODE } from '../../src/shared/auth.ts';
import { DisclosureProgressResponseSchema, DisclosureSectionsResponseSchema, minReadingSeconds } from '../../src/shared/disclosure.ts';
import { InvestmentSettingsSchema, checkSettings } from '../../src/shared/investment-settings.ts';
import { KycCompleteResponseSchema, KycStatusResponseSchema, KycUploadResponseSchema } from '../../src/shared/kyc.ts';
import { PROCESS_STEP_STATUS, STATUS_STEPS, isStepComplete } from '../../src/shared/process.ts';
import { UserDetailsSchema } from '../../src/shared/user-details.ts';
import { check, describeIssues, type ContractSchema } from '../../src/shared/validate.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase, individualPayload, type ApiTest } from './harness.ts';
import { saveStep, uploadAs, VALID_AML } from './support/kyc.ts';

/** The answer's body, after checking its status and that it passes the schema (the failure lists what did not). */
async function answer<T>(res: Response | Promise<Response>, status: number, contract: ContractSchema<T>, what: string): Promise<T> {
  const response = await res;
  const text = await response.text();
  expect(response.status, `${what}: ${text}`).toBe(status);
  const body: unknown = JSON.parse(text);
  expect(describeIssues(contract, body), what).toEqual([]);
  const checked = check(contract, body);
  if (!checked.success) throw new Error(`${what}: ${checked.message}`);
  return checked.output;
}

/** The four step status answers, each parsed with the schema of its PROCESS_STEP_STATUS entry; which steps are complete. */
async function stepStatuses(t: ApiTest, token: string) {
  const completed: Record<string, boolean> = {};
  for (const step of STATUS_STEPS) {
    const { path, schema: contract } = PROCESS_STEP_STATUS[step];
    const body = await answer(t.get(path, token), 200, contract as ContractSchema, path);
    completed[step] = isStepComplete(step, body as never);
  }
  return completed;
}

forEachDatabase('answers pass the client schemas', (t) => {
  it('every answer of one investor journey passes its schema, from sign-in to a paid investment', async () => {
    const settings = await answer(t.get('/api/settings/investment-limits'), 200, InvestmentSettingsSchema, 'settings');
    expect(checkSettings(settings).ok).toBe(true);

    // Registration by a mailed code, a resend, then a later sign-in.
    const payload = individualPayload();
    const first = await answer(t.post('/api/auth/register', payload), 202, CodeChallengeSchema, 'register');
    t.clock.advance(EMAIL_CODE.resendCooldownMs);
    const challenge = await answer(t.post('/api/auth/resend', { challengeId: first.challengeId }), 202, CodeChallengeSchema, 'resend');
    const registered = await answer(
      t.post('/api/auth/verify', { challengeId: challenge.challengeId, code: t.mailer.latestCode(payload.email) }),
      200,
      AuthResponseSchema,
      'verify (registration)',
    );
    expect(registered.settings).toEqual(settings);
    const login = await answer(t.post('/api/auth/login', { email: payload.email }), 202, CodeChallengeSchema, 'login');
    const { token, user } = await answer(
      t.post('/api/auth/verify', { challengeId: login.challengeId, code: t.mailer.latestCode(payload.email) }),
      200,
      AuthResponseSchema,
      'verify (login)',
    );

    expect(await answer(t.get('/api/user-details/status', token), 200, UserDetailsSchema, 'user details')).toMatchObject({ status: 'UNDER_REVIEW', investorType: 'INDIVIDUAL' });
    expect(await stepStatuses(t, token)).toEqual({ disclosure: false, kyc: false, agreements: false, payment: false });

    // Disclosure: every section read for its minimum time and to the end, then the step completed.
    const sections = await answer(t.get('/api/disclosure/sections', token), 200, DisclosureSectionsResponseSchema, 'sections');
    expect(sections.length).toBeGreaterThan(0);
    const claims: Record<string, object> = {};
    for (const section of sections) {
      await answer(t.post('/api/disclosure/save-progress', { sectionProgress: { [section.id]: { opened: true, timeSpent: 0 } } }, token), 200, DisclosureProgressResponseSchema, 'save-progress (open)');
      const seconds = minReadingSeconds(section);
      t.clock.advance(seconds * 1000);
      claims[section.id] = { opened: true, timeSpent: seconds, scrolled: true, completed: true };
      const saved = await answer(t.post('/api/disclosure/save-progress', { sectionProgress: { [section.id]: claims[section.id] } }, token), 200, DisclosureProgressResponseSchema, 'save-progress (read)');
      expect(saved.disclosureProgress[section.id]?.completed).toBe(true);
    }
    const disclosed = await answer(t.post('/api/disclosure/complete', { sectionProgress: claims }, token), 200, DisclosureProgressResponseSchema, 'disclosure complete');
    expect(disclosed).toMatchObject({ disclosuresCompleted: true, currentStep: 'kyc' });
    expect(await answer(t.get('/api/disclosure/progress', token), 200, DisclosureProgressResponseSchema, 'disclosure progress')).toMatchObject({ isReadingMode: true });

    // KYC: four uploads, four steps saved, completion.
    const identity = await uploadAs(t, token, 'identity', 'pdf');
    const selfie = await uploadAs(t, token, 'selfie', 'jpeg');
    const utility = await uploadAs(t, token, 'address_utility', 'pdf');
    const bank = await uploadAs(t, token, 'address_bank', 'png');
    for (const upload of [identity, selfie, utility, bank]) expect(describeIssues(KycUploadResponseSchema, upload)).toEqual([]);
    const steps = [
      { fileName: identity.fileName, fileType: identity.fileType, fileSize: identity.fileSize, filePath: identity.filePath },
      { fileName: selfie.fileName },
      { utilityBillUploaded: true, utilityBillFileName: utility.fileName, bankStatementUploaded: true, bankStatementFileName: bank.fileName },
      VALID_AML,
    ];
    for (const [i, stepData] of steps.entries()) await answer(saveStep(t, token, i + 1, stepData), 200, KycStatusResponseSchema, `save-step ${i + 1}`);
    expect(await answer(t.post('/api/kyc/complete', undefined, token), 200, KycCompleteResponseSchema, 'kyc complete')).toMatchObject({ nextStep: 'agreements', status: 'UNDER_REVIEW' });
    const kyc = await answer(t.get('/api/kyc/status', token), 200, KycStatusResponseSchema, 'kyc status');
    expect([kyc.files.length, kyc.aml?.declarationsConfirmed]).toEqual([4, true]);

    // Agreements and payment have no calls yet: their rows are written as those steps will write them.
    const { db } = t.database;
    const now = t.clock.now();
    await db.update(schema.legalAgreements).set({ status: 'COMPLETED', completedAt: now, agreements: { nda: { signed: true } } }).where(eq(schema.legalAgreements.userId, user.userId));
    const [investment] = await db.select().from(schema.investments).where(eq(schema.investments.userId, user.userId));
    if (!investment) throw new Error('registration made no investment row');
    await db.insert(schema.payments).values({
      userId: user.userId,
      investmentId: investment.id,
      amountCents: Math.round(investment.amount * 100),
      feeCents: 0,
      totalCents: Math.round(investment.amount * 100),
      paymentMethod: 'WIRE',
      paymentStatus: 'COMPLETED',
      completedAt: now,
    });
    await db.update(schema.investments).set({ paymentCompleted: true, completedAt: now }).where(eq(schema.investments.id, investment.id));
    expect(await stepStatuses(t, token)).toEqual({ disclosure: true, kyc: true, agreements: true, payment: true });
  });
});
