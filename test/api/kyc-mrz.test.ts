/**
 * The identity document's machine-readable zone (issue 30) on every database, end to end: an investor uploads a
 * generated specimen ID (made-up people only), submits KYC, and the `kyc-document-checks` job reads the zone on our
 * server; the case shows the parsed fields, each comparison with the registration and the zone's image, the risk
 * follows what differs, and the reading is audited by its outcome only. A file that is no ID is recorded as
 * unreadable, not retried.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { KycChecksSchema, type KycChecks } from '../../src/shared/admin/kyc-checks.ts';
import { drawSpecimenId, SPECIMEN_PEOPLE } from '../../src/server/checks/mrz/specimen-id.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { completeSteps, passDisclosure, saveStep, upload } from './support/kyc.ts';
import { createStaff, type TestStaff } from './support/staff.ts';

const COSIMO = SPECIMEN_PEOPLE[1]!;

async function submittedWithId(t: ApiTest, registration: Record<string, unknown>, id: { bytes: Uint8Array; mimeType: string; name: string }) {
  const { token, user } = await t.register(registration);
  await passDisclosure(t, user.userId);
  await completeSteps(t, token);
  // The identity step done again with the specimen: the submitted identity document is this one.
  const doc = await upload(t, token, { type: 'identity', name: id.name, bytes: new Uint8Array(id.bytes) as Uint8Array<ArrayBuffer> });
  expect((await saveStep(t, token, 1, { fileName: doc.fileName, fileType: doc.fileType, fileSize: doc.fileSize, filePath: doc.filePath })).status).toBe(200);
  expect((await t.post('/api/kyc/complete', {}, token)).status).toBe(200);
  await t.runDueJobs();
  return { token, userId: user.userId };
}

const checksOf = async (t: ApiTest, staff: TestStaff, userId: string): Promise<KycChecks> => {
  const res = await t.get(`/api/admin/kyc/cases/${userId}/checks`, staff.token);
  expect(res.status).toBe(200);
  return v.parse(KycChecksSchema, await res.json());
};

forEachDatabase('kyc machine-readable zone', (t) => {
  it('reads a specimen passport, compares it with the registration, and shows the zone', async () => {
    const officer = await createStaff(t, ['compliance']);
    const specimen = drawSpecimenId(COSIMO, 'TD3');
    const investor = await submittedWithId(t, { fullName: 'Cosimo Tremblavin', dateOfBirth: COSIMO.dateOfBirth, nationality: 'French' }, { ...specimen, name: 'passport.png' });
    const { mrz, pending, risk } = await checksOf(t, officer, investor.userId);
    expect(pending).toEqual([]);
    expect(mrz).toMatchObject({ outcome: 'read', format: 'TD3', document: { originalName: 'passport.png' } });
    expect(mrz!.fields).toMatchObject({ surname: COSIMO.surname, dateOfBirth: COSIMO.dateOfBirth, nationality: 'FRA', documentNumber: COSIMO.documentNumber });
    expect(mrz!.checkDigits.length).toBeGreaterThan(0);
    expect(mrz!.checkDigits.every((d) => d.valid)).toBe(true);
    expect(Object.fromEntries(mrz!.comparisons.map((c) => [c.item, c.result]))).toMatchObject({ surname: 'match', 'given names': 'match', 'date of birth': 'match', nationality: 'match', expiry: 'match' });
    expect(mrz!.crop?.pngBase64.length).toBeGreaterThan(100);
    expect(mrz!.run.inputs.document).toMatch(/^[0-9a-f]{64}$/);
    expect(risk!.rules.map((r) => r.id).filter((id) => id.startsWith('mrz.'))).toEqual([]);
    // Audited by outcome, without the document's fields.
    const [event] = await t.database.db.select({ detail: schema.auditEvents.detail }).from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, investor.userId), eq(schema.auditEvents.action, 'kyc.check.mrz')));
    expect(event!.detail).toMatchObject({ outcome: 'read', format: 'TD3', invalidCheckDigits: 0 });
    expect(JSON.stringify(event!.detail)).not.toContain(COSIMO.documentNumber);
  });

  it('says what differs, and the risk follows', async () => {
    const officer = await createStaff(t, ['compliance']);
    const specimen = drawSpecimenId(COSIMO, 'TD1', { breakBirthDateCheckDigit: true });
    const investor = await submittedWithId(t, { fullName: 'Cosima Tremblay', dateOfBirth: '1972-11-03', nationality: 'French' }, { ...specimen, name: 'id-card.png' });
    const { mrz, risk } = await checksOf(t, officer, investor.userId);
    expect(mrz!.outcome).toBe('read');
    const results = Object.fromEntries(mrz!.comparisons.map((c) => [c.item, c.result]));
    expect(results).toMatchObject({ surname: 'differs', 'date of birth': 'differs' });
    expect(mrz!.checkDigits.some((d) => !d.valid)).toBe(true);
    expect(risk!.rules.map((r) => r.id)).toEqual(expect.arrayContaining(['mrz.differs', 'mrz.check-digits']));
    expect(risk!.level).toBe('high');
  });

  it('records a file that is no ID as unreadable, once, without retrying', async () => {
    const officer = await createStaff(t, ['compliance']);
    const { token, user } = await t.register({});
    await passDisclosure(t, user.userId);
    await completeSteps(t, token);
    expect((await t.post('/api/kyc/complete', {}, token)).status).toBe(200);
    await t.runDueJobs();
    const { mrz } = await checksOf(t, officer, user.userId);
    expect(mrz).toMatchObject({ outcome: 'unreadable', fields: null, crop: null });
    expect(mrz!.comparisons.every((c) => c.result === 'unreadable')).toBe(true);
    const jobs = await t.database.db.select({ attempts: schema.jobs.attempts, doneAt: schema.jobs.doneAt }).from(schema.jobs).where(eq(schema.jobs.dedupeKey, `kyc-document-checks:${user.userId}:1`));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ attempts: 1 });
    expect(jobs[0]!.doneAt).toBeInstanceOf(Date);
  });
});
