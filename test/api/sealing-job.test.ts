/**
 * The seal-agreement job end to end on both databases: an investor's seven signatures become seven sealed PDFs that
 * pdfsig (poppler) reports valid, whose signature page names the exact agreement version signed, recorded with their
 * stored_files rows and audit events in one transaction. And every way it can go wrong: a failing sealer (retried,
 * nothing left behind), a crash between the file and the commit (an orphan the sweep removes; the retry writes a new
 * file), two runners and twenty parallel runs (one document per signature, the losers' files removed), an investor
 * deleted before sealing (given up at once), a payload that is not one.
 */
import { SCREENING_KINDS_UNUSED } from './support/screening-kinds-unused.ts';
import { createHash } from 'node:crypto';
import { readdir, readFile, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, expect, it } from 'vitest';
import { AGREEMENT_KEYS } from '../../src/shared/legal.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import type { Db } from '../../src/server/db/types.ts';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from '../../src/server/domain/sweep-orphan-files.ts';
import { enqueueJob } from '../../src/server/jobs/enqueue-job.ts';
import { JOB_POLICIES } from '../../src/server/jobs/job-kinds.ts';
import { createJobRunner } from '../../src/server/jobs/job-runner.ts';
import { sealAgreementJobHandler, sealSignedAgreement } from '../../src/server/jobs/seal-agreement-job.ts';
import type { FileStore } from '../../src/server/storage/file-store.ts';
import { loadSignatureForSealing, type SignatureForSealing } from '../../src/server/domain/documents/load-signature-for-sealing.ts';
import { SLICE_BYTES } from '../../src/server/domain/documents/read-bytea.ts';
import { havePdfTools, pdfsig, pdfText } from '../unit/support/pdf-tools.ts';
import { drawSignaturePng, sampleSignature } from '../unit/support/signature-png.ts';
import { entityPayload, forEachDatabase, type ApiTest } from './harness.ts';
import { completeRegistration } from './support/sign-in.ts';
import { ensureAgreementVersions, signAgreements } from './support/signed-agreements-fixture.ts';

const tools = havePdfTools();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sealJob = (signatureId: string) => `seal-agreement:${signatureId}`;
const SEAL_RETRY_MS = JOB_POLICIES['seal-agreement'].backoffSeconds * 1000;

async function documentsOf(db: Db, userId: string) {
  return db
    .select({ doc: schema.signedDocuments, file: schema.storedFiles })
    .from(schema.signedDocuments)
    .innerJoin(schema.storedFiles, eq(schema.storedFiles.id, schema.signedDocuments.storedFileId))
    .where(eq(schema.signedDocuments.userId, userId));
}

const jobsOf = (db: Db, signatureIds: string[]) =>
  db
    .select()
    .from(schema.jobs)
    .where(inArray(schema.jobs.dedupeKey, signatureIds.map(sealJob)));

const storeNames = async (t: ApiTest) => new Set(await readdir(t.storage.dir));

/** The files that appeared in the store since `before`. */
const newFiles = async (t: ApiTest, before: Set<string>) => [...(await storeNames(t))].filter((n) => !before.has(n));

forEachDatabase('sealing signed agreements', (t) => {
  beforeAll(async () => {
    await t.startSealing();
    await ensureAgreementVersions(t.database.db);
  });

  it('seals all seven: pdfsig says valid, one changed byte breaks it, the signature page names the version signed; rows, audit and jobs in step', async () => {
    const { user, payload } = await t.register();
    const { db } = t.database;
    const signedAt = t.clock.now();
    const signed = await signAgreements(db, user.userId, { now: signedAt, ticked: 'all' });
    t.clock.advance(5_000);
    expect(await t.runDueJobs()).toBe(7);

    const rows = await documentsOf(db, user.userId);
    expect(rows.map((r) => r.doc.key).sort()).toEqual([...AGREEMENT_KEYS].sort());
    for (const { doc, file } of rows) {
      const version = signed.versions[doc.key as keyof typeof signed.versions];
      expect(doc.signatureId).toBe(signed.signatureIds[doc.key as keyof typeof signed.signatureIds]);
      expect(doc.title).toBe(version.title);
      expect(doc.presentedSha256).toBe(version.sha256);
      expect(doc.sealFingerprint).toBe(t.sealer.certificate.fingerprintSha256);
      expect(doc.sealedAt.getTime()).toBe(signedAt.getTime() + 5_000);
      expect(file).toMatchObject({ ownerId: user.userId, purpose: 'agreement_signed', contentType: 'application/pdf', sizeBytes: doc.sizeBytes });
      const pdf = new Uint8Array(await readFile(join(t.storage.dir, file.storedName)));
      expect(pdf.byteLength).toBe(doc.sizeBytes);
      expect(sha256(pdf)).toBe(file.sha256);
      // What binds the sealed file to the version signed is the hash on its signature page (below).
      if (!tools) continue;
      const report = await pdfsig(pdf);
      expect(report.signatures, report.text).toBe(1);
      expect(report.valid, report.text).toBe(true);
      expect(report.text).toContain('Signature is Valid.');
      const changed = Uint8Array.from(pdf);
      changed[10] = (changed[10] as number) ^ 0x01; // the binary comment line: inside the signed range
      const broken = await pdfsig(changed);
      expect(broken.valid).toBe(false);
      expect(broken.text).not.toContain('Signature is Valid.');

      const presentedPages = (await PDFDocument.load(version.pdf)).getPageCount();
      const page = await pdfText(pdf, presentedPages + 1);
      expect(page).toContain(`SHA-256 as presented ${version.sha256}`);
      expect(page).toContain(`Name ${(payload as { fullName: string }).fullName}`);
      expect(page).toContain('Investor type Individual');
      expect(page).toContain(payload.email);
      expect(page).toContain(signed.walletAddress);
      expect(page).toContain('IP address 203.0.113.7');
      expect(page).toContain(signedAt.toISOString());
      // Every box the investor ticked, in the order shown, with its words.
      const allText = await pdfText(pdf, presentedPages + 1, (await PDFDocument.load(pdf)).getPageCount());
      let from = 0;
      for (const box of version.checkboxes) {
        const at = allText.indexOf(box.text.replace(/\s+/g, ' ').slice(0, 60), from);
        expect(at, `${doc.key}: ${box.id}`).toBeGreaterThanOrEqual(from);
        from = at;
      }
    }

    const audit = await db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.userId, user.userId), eq(schema.auditEvents.action, 'legal.agreement.sealed')));
    expect(audit).toHaveLength(7);
    for (const event of audit) {
      const row = rows.find((r) => r.doc.id === event.detail.documentId);
      expect(event.detail).toMatchObject({ agreement: row?.doc.key, presentedSha256: row?.doc.presentedSha256, sha256: row?.file.sha256 });
    }
    const jobs = await jobsOf(db, Object.values(signed.signatureIds));
    expect(jobs).toHaveLength(7);
    expect(jobs.every((j) => j.doneAt !== null && j.failedAt === null && j.attempts === 1 && j.payload === null)).toBe(true);

    // Run again (a job delivered twice): nothing new, no file added.
    const before = await storeNames(t);
    for (const signatureId of Object.values(signed.signatureIds)) {
      await enqueueJob(db, { kind: 'seal-agreement', payload: { signatureId } }, t.clock.now());
    }
    expect(await t.runDueJobs()).toBe(7);
    expect(await documentsOf(db, user.userId)).toHaveLength(7);
    expect(await newFiles(t, before)).toEqual([]);
  });

  it("an entity's document names the entity and the authorised signatory who signed", async () => {
    const payload = entityPayload() as ReturnType<typeof entityPayload> & { entityName: string; authorizedSignatory: string };
    const { user } = await completeRegistration(t, payload);
    // Drawn on a 3x screen, with many strokes: larger than one slice, so it is read in slices.
    const strokes = Array.from({ length: 12 }, (_, k) => sampleSignature().map((line) => line.map(([x, y]) => [x + (k % 4) * 9, y + (k - 6) * 7] as [number, number]))).flat();
    const signaturePng = drawSignaturePng(strokes, { scale: 3 });
    expect(signaturePng.byteLength).toBeGreaterThan(SLICE_BYTES);
    await signAgreements(t.database.db, user.userId, { now: t.clock.now(), keys: ['investment'], signaturePng });
    expect(await t.runDueJobs()).toBe(1);
    const [row] = await documentsOf(t.database.db, user.userId);
    if (!tools || !row) return expect(row).toBeDefined();
    const pdf = new Uint8Array(await readFile(join(t.storage.dir, row.file.storedName)));
    expect((await pdfsig(pdf)).valid).toBe(true);
    const text = await pdfText(pdf);
    // What the job read (in slices) is the drawing byte for byte, as is the version's PDF.
    const [signature] = await t.database.db.select({ id: schema.agreementSignatures.id }).from(schema.agreementSignatures).where(eq(schema.agreementSignatures.userId, user.userId));
    const loaded = await loadSignatureForSealing(t.database.db, signature!.id);
    expect(loaded).toBe('sealed');
    await t.database.db.delete(schema.signedDocuments).where(eq(schema.signedDocuments.userId, user.userId));
    const again = (await loadSignatureForSealing(t.database.db, signature!.id)) as SignatureForSealing;
    expect(again.signaturePng).toEqual(signaturePng);
    expect(sha256(again.presentedPdf)).toBe(again.presentedSha256);
    expect(text).toContain(`Entity ${payload.entityName} Investor type Entity (legal person) Authorised signatory ${payload.authorizedSignatory}`);
  });

  it('a failing sealer: the job is retried after its backoff and nothing is left behind meanwhile', async () => {
    const { user } = await t.register();
    const { db } = t.database;
    const before = await storeNames(t);
    let calls = 0;
    t.sealWith({
      sealAgreement: async () => {
        calls++;
        throw new Error('The sealing worker stopped (exit code 1)');
      },
    });
    const signed = await signAgreements(db, user.userId, { now: t.clock.now(), keys: ['ppm', 'risk'] });
    expect(await t.runDueJobs()).toBe(2);
    expect(calls).toBe(2);
    expect(await documentsOf(db, user.userId)).toEqual([]);
    expect(await newFiles(t, before)).toEqual([]);
    const failed = await jobsOf(db, Object.values(signed.signatureIds));
    expect(failed.map((j) => [j.attempts, j.doneAt, j.failedAt, j.lastError])).toEqual([
      [1, null, null, 'Error: The sealing worker stopped (exit code 1)'],
      [1, null, null, 'Error: The sealing worker stopped (exit code 1)'],
    ]);
    expect(t.log.entries.some((e) => e.message === 'A job failed and will be retried')).toBe(true);

    // Not before the backoff; after it, with the sealer back, both are sealed.
    t.sealWith(null);
    expect(await t.runDueJobs()).toBe(0);
    t.clock.advance(SEAL_RETRY_MS + 1);
    expect(await t.runDueJobs()).toBe(2);
    expect((await documentsOf(db, user.userId)).map((r) => r.doc.key).sort()).toEqual(['ppm', 'risk']);
    expect((await jobsOf(db, Object.values(signed.signatureIds))).every((j) => j.attempts === 2 && j.doneAt !== null)).toBe(true);
  });

  it('a crash between the file and the commit leaves an orphan the sweep removes; the retry stores a new file that the sweep keeps', async () => {
    const { user } = await t.register();
    const { db } = t.database;
    const signed = await signAgreements(db, user.userId, { now: t.clock.now(), keys: ['terms'], complete: false });
    const signatureId = signed.signatureIds.terms as string;
    const before = await storeNames(t);
    // The process "dies" at the commit: the transaction never happens and nothing after it runs (no clean-up).
    const crash = new Error('process killed');
    const dyingDb = new Proxy(db, { get: (target, prop, receiver) => (prop === 'transaction' || prop === 'execute' ? () => Promise.reject(crash) : Reflect.get(target, prop, receiver)) });
    const noCleanUp: FileStore = { ...t.storage, remove: () => Promise.reject(crash) };
    await expect(sealSignedAgreement({ db: dyingDb, sealer: t.sealer, storage: noCleanUp, clock: t.clock, log: t.log }, { signatureId })).rejects.toBe(crash);
    const [orphan, ...more] = await newFiles(t, before);
    expect(more).toEqual([]);
    expect(await db.select().from(schema.storedFiles).where(eq(schema.storedFiles.storedName, orphan as string))).toEqual([]);
    expect(await documentsOf(db, user.userId)).toEqual([]);

    // The retry seals again and stores another file.
    await sealSignedAgreement({ db, sealer: t.sealer, storage: t.storage, clock: t.clock, log: t.log }, { signatureId });
    const [row] = await documentsOf(db, user.userId);
    expect(row?.file.storedName).not.toBe(orphan);

    // An hour later the sweep removes the orphan and keeps the sealed document.
    const old = new Date(t.clock.now().getTime() - ORPHAN_GRACE_MS - 60_000);
    for (const name of [orphan as string, row?.file.storedName as string]) await utimes(join(t.storage.dir, name), old, old);
    await sweepOrphanFiles(db, t.storage, t.clock.now());
    const left = await storeNames(t);
    expect(left.has(orphan as string)).toBe(false);
    expect(left.has(row?.file.storedName as string)).toBe(true);
  });

  it('the orphan sweep never removes a sealed document, however old', async () => {
    const { user } = await t.register();
    const { db } = t.database;
    await signAgreements(db, user.userId, { now: t.clock.now() });
    await t.runDueJobs();
    const rows = await documentsOf(db, user.userId);
    expect(rows).toHaveLength(7);
    const old = new Date(t.clock.now().getTime() - 400 * 24 * 3600_000);
    for (const { file } of rows) await utimes(join(t.storage.dir, file.storedName), old, old);
    await sweepOrphanFiles(db, t.storage, t.clock.now());
    const left = await storeNames(t);
    expect(rows.every(({ file }) => left.has(file.storedName))).toBe(true);
  });

  it('two runners on one database, each with a job for every signature: exactly one document per signature, no stray file', async () => {
    const { user } = await t.register();
    const { db } = t.database;
    const before = await storeNames(t);
    const signed = await signAgreements(db, user.userId, { now: t.clock.now() });
    // A second job for each signature (as if enqueued twice): the two runners race on the same signatures.
    for (const signatureId of Object.values(signed.signatureIds)) await enqueueJob(db, { kind: 'seal-agreement', payload: { signatureId } }, t.clock.now());
    const handler = sealAgreementJobHandler({ db, sealer: t.sealer, storage: t.storage, clock: t.clock, log: t.log });
    const runner = (id: string) => createJobRunner({ db, handlers: { mail: { parse: (p) => p, run: async () => undefined }, 'seal-agreement': handler, ...SCREENING_KINDS_UNUSED }, clock: t.clock, log: t.log, workerId: id, batch: 3 });
    const [a, b] = [runner('runner-a'), runner('runner-b')];
    const [ranA, ranB] = await Promise.all([a.runDueJobs(), b.runDueJobs()]);
    await Promise.all([a.close(), b.close()]);
    expect(ranA + ranB).toBe(14);
    const rows = await documentsOf(db, user.userId);
    expect(rows.map((r) => r.doc.key).sort()).toEqual([...AGREEMENT_KEYS].sort());
    expect((await newFiles(t, before)).sort()).toEqual(rows.map((r) => r.file.storedName).sort());
  });

  it("a runner's batch seals one at a time per seal worker (the handler's concurrency), all of them", async () => {
    const { user } = await t.register();
    const { db } = t.database;
    let active = 0;
    let most = 0;
    const counting = {
      sealAgreement: async (input: Parameters<typeof t.sealer.sealAgreement>[0]) => {
        most = Math.max(most, ++active);
        try {
          return await t.sealer.sealAgreement(input);
        } finally {
          active--;
        }
      },
    };
    await signAgreements(db, user.userId, { now: t.clock.now(), keys: ['ppm', 'investment', 'terms', 'risk'] });
    const handler = sealAgreementJobHandler({ db, sealer: counting, storage: t.storage, clock: t.clock, log: t.log, concurrency: 1 });
    const runner = createJobRunner({ db, handlers: { mail: { parse: (p) => p, run: async () => undefined }, 'seal-agreement': handler, ...SCREENING_KINDS_UNUSED }, clock: t.clock, log: t.log, batch: 5 });
    expect(await runner.runDueJobs()).toBe(4);
    await runner.close();
    expect(most).toBe(1);
    expect(await documentsOf(db, user.userId)).toHaveLength(4);
  });

  it('twenty parallel runs for one signature: one document, one file, the others removed theirs', async () => {
    const { user } = await t.register();
    const { db } = t.database;
    const signed = await signAgreements(db, user.userId, { now: t.clock.now(), keys: ['privacy'], complete: false });
    const before = await storeNames(t);
    const deps = { db, sealer: t.sealer, storage: t.storage, clock: t.clock, log: t.log };
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => sealSignedAgreement(deps, { signatureId: signed.signatureIds.privacy as string })));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const rows = await documentsOf(db, user.userId);
    expect(rows).toHaveLength(1);
    expect(await newFiles(t, before)).toEqual([rows[0]?.file.storedName]);
    // Some lost at the unique index after sealing (not only at the early look): their files were removed.
    expect(t.log.entries.filter((e) => e.message === 'A signed agreement was already sealed by another runner').length).toBeGreaterThan(0);
    const audit = await db.select().from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, user.userId), eq(schema.auditEvents.action, 'legal.agreement.sealed')));
    expect(audit).toHaveLength(1);
  });

  it('an investor deleted before sealing: the jobs are given up at once, nothing stored', async () => {
    const { user } = await t.register();
    const { db } = t.database;
    const signed = await signAgreements(db, user.userId, { now: t.clock.now(), keys: ['ppm', 'investment'] });
    await db.delete(schema.users).where(eq(schema.users.id, user.userId));
    const before = await storeNames(t);
    expect(await t.runDueJobs()).toBe(2);
    const jobs = await jobsOf(db, Object.values(signed.signatureIds));
    expect(jobs.map((j) => [j.attempts, j.doneAt, j.failedAt !== null])).toEqual([
      [1, null, true],
      [1, null, true],
    ]);
    expect(jobs.every((j) => /PermanentJobError: the signature no longer exists/.test(j.lastError ?? ''))).toBe(true);
    expect(await newFiles(t, before)).toEqual([]);
    t.clock.advance(24 * 3600_000);
    expect(await t.runDueJobs()).toBe(0);
  });

  it('a version whose bytes no longer match their SHA-256 is never sealed as that version: given up, nothing stored', async () => {
    const { user } = await t.register();
    const { db } = t.database;
    const versions = await ensureAgreementVersions(db);
    const bytes = Uint8Array.from(versions.risk.pdf);
    bytes[200] = (bytes[200] as number) ^ 0x20;
    const [tampered] = await db
      .insert(schema.agreementVersions)
      .values({ ...versions.risk, id: undefined, pdf: bytes, retiredAt: t.clock.now(), createdAt: t.clock.now() })
      .returning({ id: schema.agreementVersions.id });
    const signed = await signAgreements(db, user.userId, { now: t.clock.now(), keys: ['risk'], complete: false });
    await db.update(schema.agreementSignatures).set({ versionId: tampered!.id }).where(eq(schema.agreementSignatures.id, signed.signatureIds.risk as string));
    const before = await storeNames(t);
    await enqueueJob(db, { kind: 'seal-agreement', payload: { signatureId: signed.signatureIds.risk }, dedupeKey: sealJob(signed.signatureIds.risk as string) }, t.clock.now());
    expect(await t.runDueJobs()).toBe(1);
    const [job] = await jobsOf(db, [signed.signatureIds.risk as string]);
    expect(job?.failedAt).not.toBeNull();
    expect(job?.lastError).toMatch(/^PermanentJobError: agreement version .* does not match its recorded SHA-256$/);
    expect(await documentsOf(db, user.userId)).toEqual([]);
    expect(await newFiles(t, before)).toEqual([]);
  });

  it('a payload that is not {signatureId: uuid} is given up without a try', async () => {
    const { db } = t.database;
    const ids: string[] = [];
    for (const payload of [{}, { signatureId: 'not-a-uuid' }, { signatureId: '00000000-0000-4000-8000-000000000000', extra: 1 }]) {
      ids.push((await enqueueJob(db, { kind: 'seal-agreement', payload }, t.clock.now())) as string);
    }
    expect(await t.runDueJobs()).toBe(3);
    const rows = await db.select().from(schema.jobs).where(inArray(schema.jobs.id, ids));
    expect(rows.every((j) => j.failedAt !== null && j.lastError === 'PermanentJobError: the payload is not what this kind of job takes')).toBe(true);
  });
});
