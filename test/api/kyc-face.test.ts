/**
 * The selfie's face against the identity document's photo (issue 30) on every database, end to end: the
 * `kyc-document-checks` job compares the two uploads in the face worker; the case shows the similarity with the
 * model's threshold and a verdict, "several faces" as a result of its own, and the risk follows. The photos are crops
 * of the sample group photos shipped in @vladmandic/face-api, read from node_modules at test time only.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, expect, it } from 'vitest';
import { KycChecksSchema, type KycChecks } from '../../src/shared/admin/kyc-checks.ts';
import { createFaceComparer } from '../../src/server/checks/face/face-comparer.ts';
import { cropVariant, sampleGroupPhoto, samplePeople } from '../../src/server/checks/face/sample-face-crops.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { completeSteps, passDisclosure, saveStep, upload } from './support/kyc.ts';
import { createStaff, type TestStaff } from './support/staff.ts';

let people: { name: string; crop: Uint8Array }[] = [];
let turned: Uint8Array;

beforeAll(async () => {
  const faces = createFaceComparer();
  try {
    people = await samplePeople((image) => faces.locateFaces(image), [1]);
    turned = await cropVariant(people[0]!.crop, 'rotated +5°');
  } finally {
    await faces.close();
  }
}, 120_000);

const jpegFile = (bytes: Uint8Array) => new Uint8Array(bytes) as Uint8Array<ArrayBuffer>;

async function submitted(t: ApiTest, selfie: Uint8Array, id: Uint8Array) {
  const { token, user } = await t.register({});
  await passDisclosure(t, user.userId);
  await completeSteps(t, token);
  const idDoc = await upload(t, token, { type: 'identity', name: 'id-photo.jpg', bytes: jpegFile(id) });
  expect((await saveStep(t, token, 1, { fileName: idDoc.fileName, fileType: idDoc.fileType, fileSize: idDoc.fileSize, filePath: idDoc.filePath })).status).toBe(200);
  const selfieDoc = await upload(t, token, { type: 'selfie', name: 'selfie.jpg', bytes: jpegFile(selfie) });
  expect((await saveStep(t, token, 2, { fileName: selfieDoc.fileName })).status).toBe(200);
  expect((await t.post('/api/kyc/complete', {}, token)).status).toBe(200);
  await t.runDueJobs();
  return user.userId;
}

const checksOf = async (t: ApiTest, staff: TestStaff, userId: string): Promise<KycChecks> => {
  const res = await t.get(`/api/admin/kyc/cases/${userId}/checks`, staff.token);
  expect(res.status).toBe(200);
  return v.parse(KycChecksSchema, await res.json());
};

forEachDatabase('kyc face comparison', (t) => {
  it('finds the same person in a turned selfie, and not in another person’s photo; the risk follows', async () => {
    const officer = await createStaff(t, ['compliance']);
    const same = await checksOf(t, officer, await submitted(t, turned, people[0]!.crop));
    expect(same.pending).toEqual([]);
    expect(same.face).toMatchObject({ documents: { selfie: 'selfie.jpg', id: 'id-photo.jpg' }, result: { outcome: 'compared', verdict: 'likely same person', threshold: 0.5 } });
    expect(same.face!.run.inputs).toMatchObject({ selfie: expect.stringMatching(/^[0-9a-f]{64}$/), id: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(same.risk!.rules.map((r) => r.id).filter((id) => id.startsWith('face.'))).toEqual([]);

    const other = await checksOf(t, officer, await submitted(t, people[1]!.crop, people[0]!.crop));
    const result = other.face!.result;
    expect(result.outcome).toBe('compared');
    if (result.outcome !== 'compared' || same.face!.result.outcome !== 'compared') return;
    expect(result.similarity).toBeLessThan(same.face!.result.similarity);
    expect(result.verdict).not.toBe('likely same person');
    expect(other.risk!.rules.map((r) => r.id)).toContain(result.verdict === 'uncertain' ? 'face.uncertain' : 'face.different');
  });

  it('says "several faces" for a group photo, once, audited by outcome only', async () => {
    const officer = await createStaff(t, ['compliance']);
    const userId = await submitted(t, sampleGroupPhoto(1), people[0]!.crop);
    const { face, risk } = await checksOf(t, officer, userId);
    expect(face!.result).toMatchObject({ outcome: 'several faces', image: 'selfie' });
    expect(risk!.rules.map((r) => r.id)).toContain('face.several-faces');
    const events = await t.database.db.select({ detail: schema.auditEvents.detail }).from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, userId), eq(schema.auditEvents.action, 'kyc.check.face')));
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toMatchObject({ outcome: 'several faces' });
  });
});
