/**
 * KYC/AML on the server: uploads decided by their bytes and streamed to the store under generated names, the step
 * order, completion, and downloads only by the owner. Investors get past disclosure through the database
 * (support/kyc.ts passDisclosure); the real socket cases (a client gone mid-upload, memory) are in kyc-server.test.ts.
 */
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { KYC_MAX_BYTES, type KycCompleteResponse, type KycUploadResponse } from '../../src/shared/kyc.ts';
import { messages } from '../../src/shared/messages.ts';
import type { UserDetails } from '../../src/shared/user-details.ts';
import { STORED_FILE_NAME } from '../../src/server/storage/stored-name.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { bearer, forEachDatabase, type ApiTest } from './harness.ts';
import {
  completeSteps,
  documentRows,
  filesOnDisk,
  kycInvestor,
  kycStatus,
  sampleFile,
  saveStep,
  streamingUpload,
  upload,
  uploadAs,
  uploadRequest,
  VALID_AML,
} from './support/kyc.ts';

/** The investor's KYC events (the server's own checks of a submission, `kyc.check.*`, run as jobs beside them). */
const kycAudit = async (t: ApiTest, userId: string) =>
  (await t.database.db.select({ action: schema.auditEvents.action, detail: schema.auditEvents.detail }).from(schema.auditEvents).where(eq(schema.auditEvents.userId, userId)))
    .filter((e) => e.action.startsWith('kyc.') && !e.action.startsWith('kyc.check.'));

const download = (t: ApiTest, token: string, fileName: string) => t.get(`/api/kyc/download/${fileName}`, token);

forEachDatabase('kyc uploads', (t) => {
  it('stores a PNG renamed .pdf as image/png under a generated name, with the original name as data', async () => {
    const { token, userId } = await kycInvestor(t);
    const bytes = sampleFile('png', 5000);
    const res = await uploadRequest(t, token, { type: 'identity', step: '1', name: 'passport.pdf', bytes, declaredType: 'application/pdf' });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as KycUploadResponse;
    expect(answer).toEqual({ fileName: expect.stringMatching(/^[0-9a-f]{32}\.png$/), originalName: 'passport.pdf', filePath: `/api/kyc/download/${answer.fileName}`, fileType: 'image/png', fileSize: 5000 });

    const path = join(t.storage.dir, answer.fileName);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(t.storage.dir)).mode & 0o777).toBe(0o700);
    const [row] = await documentRows(t, userId);
    expect(row).toMatchObject({ documentType: 'identity', step: 1, fileName: answer.fileName, originalName: 'passport.pdf', contentType: 'image/png', sizeBytes: 5000, replacedAt: null });
    expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await kycStatus(t, token)).files).toEqual([
      { fileName: answer.fileName, originalName: 'passport.pdf', documentType: 'identity', fileType: 'image/png', fileSize: 5000, filePath: answer.filePath, uploadedAt: t.clock.now().toISOString() },
    ]);
    expect(await kycAudit(t, userId)).toEqual([
      { action: 'kyc.document.uploaded', detail: { documentType: 'identity', fileName: answer.fileName, contentType: 'image/png', size: 5000, sha256: row?.sha256 } },
    ]);
  });

  it('recognises JPEG and PDF by their first bytes, whatever the name and declared type say', async () => {
    const { token } = await kycInvestor(t);
    const jpeg = await upload(t, token, { type: 'selfie', name: 'selfie.png', bytes: sampleFile('jpeg'), declaredType: 'image/png' });
    const pdf = await upload(t, token, { type: 'address_utility', name: 'bill', bytes: sampleFile('pdf'), declaredType: 'image/jpeg' });
    expect([jpeg.fileType, jpeg.fileName.slice(-4)]).toEqual(['image/jpeg', '.jpg']);
    expect([pdf.fileType, pdf.fileName.slice(-4), pdf.originalName]).toEqual(['application/pdf', '.pdf', 'bill']);
  });

  it('refuses a text file renamed .jpg, and stores nothing', async () => {
    const { token, userId } = await kycInvestor(t);
    const before = await filesOnDisk(t);
    const bytes = new TextEncoder().encode('just some text, not a picture\n') as Uint8Array<ArrayBuffer>;
    const res = await uploadRequest(t, token, { type: 'identity', name: 'photo.jpg', bytes, declaredType: 'image/jpeg' });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: messages.kyc.invalidType });
    // A near miss: the JPEG signature cut short.
    expect((await uploadRequest(t, token, { type: 'identity', name: 'x.jpg', bytes: new Uint8Array([0xff, 0xd8]) })).status).toBe(415);
    expect(await filesOnDisk(t)).toEqual(before);
    expect(await documentRows(t, userId)).toEqual([]);
  });

  it('refuses an empty file', async () => {
    const { token, userId } = await kycInvestor(t);
    const before = await filesOnDisk(t);
    const res = await uploadRequest(t, token, { type: 'identity', name: 'empty.pdf', bytes: new Uint8Array(0), declaredType: 'application/pdf' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: messages.kyc.emptyFile });
    expect(await filesOnDisk(t)).toEqual(before);
    expect(await documentRows(t, userId)).toEqual([]);
  });

  it('never uses the browser name as a path: ../ and unicode are kept (cleaned) as data only', async () => {
    const { token, userId } = await kycInvestor(t);
    const before = await filesOnDisk(t);
    // Control characters and a right-to-left override (which would show "...fdp.exe" as "...exe.pdf") are dropped.
    const name = '../../../etc/Pässe 護照\t\u202Eexe.pdf';
    const res = await uploadRequest(t, token, { type: 'identity', name, bytes: sampleFile('pdf') });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as KycUploadResponse;
    expect(answer.fileName).toMatch(STORED_FILE_NAME);
    expect(answer.originalName).toBe('Pässe 護照exe.pdf');
    expect(await filesOnDisk(t)).toEqual([...before, answer.fileName].sort());
    // Nothing was written next to the store either.
    expect(await readdir(dirname(t.storage.dir))).toEqual(['uploads']);
    expect((await documentRows(t, userId))[0]?.originalName).toBe('Pässe 護照exe.pdf');

    const res2 = await download(t, token, answer.fileName);
    expect(res2.headers.get('content-disposition')).toBe(
      `attachment; filename="P_sse __exe.pdf"; filename*=UTF-8''P%C3%A4sse%20%E8%AD%B7%E7%85%A7exe.pdf`,
    );
  });

  it('caps a very long original name', async () => {
    const { token } = await kycInvestor(t);
    const answer = await upload(t, token, { type: 'identity', name: `${'a'.repeat(400)}.pdf`, bytes: sampleFile('pdf') });
    expect(Array.from(answer.originalName)).toHaveLength(200);
  });

  it('accepts exactly 10 MB and refuses one byte more', async () => {
    const { token } = await kycInvestor(t);
    const exact = await upload(t, token, { type: 'identity', name: 'big.pdf', bytes: sampleFile('pdf', KYC_MAX_BYTES) });
    expect(exact.fileSize).toBe(KYC_MAX_BYTES);
    const before = await filesOnDisk(t);
    const res = await uploadRequest(t, token, { type: 'identity', name: 'big.pdf', bytes: sampleFile('pdf', KYC_MAX_BYTES + 1) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: messages.kyc.tooLarge });
    expect(await filesOnDisk(t)).toEqual(before);
  });

  it('refuses an 11 MB file while it streams: reading stops at the limit and nothing is left behind', async () => {
    const { token, userId } = await kycInvestor(t);
    const before = await filesOnDisk(t);
    const body = streamingUpload({ type: 'identity', name: 'huge.png', head: sampleFile('png', 8), fileSize: 11 * 1024 * 1024 });
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 5);
    const res = await t.request('/api/kyc/upload-document', {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': body.contentType },
      body: body.stream,
      duplex: 'half',
    } as RequestInit);
    clearInterval(sampler);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: messages.kyc.tooLarge });
    // The server stopped reading shortly after 10 MB (stream buffers hold a few chunks), not at 11 MB.
    expect(body.pulled()).toBeLessThan(KYC_MAX_BYTES + 512 * 1024);
    expect(await filesOnDisk(t)).toEqual(before);
    expect(await documentRows(t, userId)).toEqual([]);
    console.info(`[kyc] 11 MB upload refused after reading ${(body.pulled() / 2 ** 20).toFixed(2)} MB; RSS peak +${((rssPeak - rssBefore) / 2 ** 20).toFixed(1)} MB (${t.backend})`);
  });

  it('takes the fields before or after the file, and refuses a second file, a missing file, an unknown type or a wrong step', async () => {
    const { token, userId } = await kycInvestor(t);
    const before = await filesOnDisk(t);
    const fileFirst = await upload(t, token, { type: 'address_bank', step: '3', name: 'bank.png', bytes: sampleFile('png'), fileFirst: true });
    expect(fileFirst.fileType).toBe('image/png');

    const two = new FormData();
    two.append('type', 'identity');
    two.append('file', new File([sampleFile('pdf')], 'a.pdf'));
    two.append('file', new File([sampleFile('pdf')], 'b.pdf'));
    const twoRes = await t.request('/api/kyc/upload-document', { method: 'POST', headers: bearer(token), body: two });
    expect([twoRes.status, await twoRes.json()]).toEqual([400, { error: messages.server.invalidRequest }]);

    const none = new FormData();
    none.append('type', 'identity');
    expect((await t.request('/api/kyc/upload-document', { method: 'POST', headers: bearer(token), body: none })).status).toBe(400);

    const unknownType = await uploadRequest(t, token, { type: 'passport', name: 'a.pdf', bytes: sampleFile('pdf') });
    expect([unknownType.status, await unknownType.json()]).toEqual([400, { error: 'Unknown document type.' }]);
    const wrongStep = await uploadRequest(t, token, { type: 'identity', step: '2', name: 'a.pdf', bytes: sampleFile('pdf') });
    expect([wrongStep.status, await wrongStep.json()]).toEqual([400, { error: messages.server.invalidRequest }]);
    const pdfSelfie = await uploadRequest(t, token, { type: 'selfie', step: '2', name: 'me.pdf', bytes: sampleFile('pdf') });
    expect([pdfSelfie.status, await pdfSelfie.json()]).toEqual([415, { error: messages.kyc.invalidType }]);

    expect(await filesOnDisk(t)).toEqual([...before, fileFirst.fileName].sort());
    expect((await documentRows(t, userId)).map((r) => r.fileName)).toEqual([fileFirst.fileName]);
  });

  it('answers 415 to a body that is not multipart, 401 without a token', async () => {
    const { token } = await kycInvestor(t);
    const json = await t.post('/api/kyc/upload-document', { type: 'identity' }, token);
    expect([json.status, await json.json()]).toEqual([415, { error: messages.server.invalidRequest }]);
    const noBoundary = await t.request('/api/kyc/upload-document', { method: 'POST', headers: { ...bearer(token), 'content-type': 'multipart/form-data; x=1' }, body: 'x' });
    expect(noBoundary.status).toBe(400);
    const form = new FormData();
    form.append('type', 'identity');
    form.append('file', new File([sampleFile('pdf')], 'a.pdf'));
    expect((await t.request('/api/kyc/upload-document', { method: 'POST', body: form })).status).toBe(401);
  });
});

forEachDatabase('kyc steps', (t) => {
  it('refuses every KYC call but the status before disclosure is complete', async () => {
    const { token, user } = await t.register();
    const refused = { error: messages.kyc.disclosureFirst };
    const up = await uploadRequest(t, token, { type: 'identity', name: 'a.pdf', bytes: sampleFile('pdf') });
    expect([up.status, await up.json()]).toEqual([409, refused]);
    const save = await saveStep(t, token, 1, { fileName: `${'a'.repeat(32)}.pdf` });
    expect([save.status, await save.json()]).toEqual([409, refused]);
    const complete = await t.post('/api/kyc/complete', undefined, token);
    expect([complete.status, await complete.json()]).toEqual([409, refused]);
    const get = await download(t, token, `${'a'.repeat(32)}.pdf`);
    expect([get.status, await get.json()]).toEqual([409, refused]);
    expect((await t.get('/api/kyc/status', token)).status).toBe(200);
    expect(await documentRows(t, user.userId)).toEqual([]);
  });

  it('refuses steps out of order', async () => {
    const { token, userId } = await kycInvestor(t);
    const selfie = await uploadAs(t, token, 'selfie', 'jpeg');
    const utility = await uploadAs(t, token, 'address_utility');
    const bank = await uploadAs(t, token, 'address_bank');
    const stepsFirst = { error: messages.kyc.stepsFirst };
    const two = await saveStep(t, token, 2, { fileName: selfie.fileName });
    expect([two.status, await two.json()]).toEqual([409, stepsFirst]);
    const three = await saveStep(t, token, 3, { utilityBillUploaded: true, utilityBillFileName: utility.fileName, bankStatementUploaded: true, bankStatementFileName: bank.fileName });
    expect([three.status, await three.json()]).toEqual([409, stepsFirst]);
    expect((await saveStep(t, token, 4, VALID_AML)).status).toBe(409);
    const status = await kycStatus(t, token);
    expect(status).toMatchObject({ status: 'PENDING', currentStep: 1, biometricCompleted: false, addressDocumentUploaded: false, amlScreeningCompleted: false, aml: null });
    expect((await kycAudit(t, userId)).filter((e) => e.action === 'kyc.step.saved')).toEqual([]);
  });

  it('needs a file of this investor and of the step\'s type', async () => {
    const other = await kycInvestor(t);
    const theirs = await uploadAs(t, other.token, 'identity');
    const { token } = await kycInvestor(t);
    const selfie = await uploadAs(t, token, 'selfie', 'jpeg');
    const unknown = { error: messages.kyc.unknownFile };
    for (const fileName of [theirs.fileName, selfie.fileName, `${'0'.repeat(32)}.pdf`, '../../secrets/jwt-secret']) {
      const res = await saveStep(t, token, 1, { fileName });
      expect([res.status, await res.json()], fileName).toEqual([400, unknown]);
    }
    const utility = await uploadAs(t, token, 'address_utility');
    const identity = await uploadAs(t, token, 'identity');
    expect((await saveStep(t, token, 1, { fileName: identity.fileName })).status).toBe(200);
    expect((await saveStep(t, token, 2, { fileName: selfie.fileName })).status).toBe(200);
    // The bank statement must be a bank statement, not the utility bill twice.
    const three = await saveStep(t, token, 3, { utilityBillUploaded: true, utilityBillFileName: utility.fileName, bankStatementUploaded: true, bankStatementFileName: utility.fileName });
    expect([three.status, await three.json()]).toEqual([400, unknown]);
    const missing = await saveStep(t, token, 3, { utilityBillUploaded: true, utilityBillFileName: utility.fileName });
    expect([missing.status, await missing.json()]).toEqual([400, { error: messages.kyc.bothRequired }]);
  });

  it('answers the AML schema\'s own messages', async () => {
    const { token } = await kycInvestor(t);
    await completeSteps(t, token, 3);
    const cases: [unknown, string][] = [
      [{ ...VALID_AML, declarations: { pep: true, sanctions: true, criminal: false, funds: true } }, messages.kyc.declarationsRequired],
      [{ ...VALID_AML, declarations: { pep: true } }, messages.kyc.declarationsRequired],
      [{ ...VALID_AML, occupation: '   ' }, 'Please enter your occupation.'],
      [{ ...VALID_AML, fundsSource: 'lottery' }, 'Please select the source of funds.'],
      [{ ...VALID_AML, annualVolume: 12 }, 'Please select the expected annual volume.'],
      [{ ...VALID_AML, occupation: 42 }, messages.server.invalidRequest],
    ];
    for (const [stepData, error] of cases) {
      const res = await saveStep(t, token, 4, stepData);
      expect([res.status, await res.json()], JSON.stringify(stepData)).toEqual([400, { error }]);
    }
    expect((await t.post('/api/kyc/save-step', { step: 5, stepData: {} }, token)).status).toBe(400);
    expect((await kycStatus(t, token)).amlScreeningCompleted).toBe(false);
  });

  it('replaces a step\'s document when it is saved again, and writes nothing for the same save twice', async () => {
    const { token, userId } = await kycInvestor(t);
    const first = await uploadAs(t, token, 'identity');
    expect((await saveStep(t, token, 1, { fileName: first.fileName })).status).toBe(200);
    const second = await uploadAs(t, token, 'identity', 'png');
    const res = await saveStep(t, token, 1, { fileName: second.fileName });
    expect(res.status).toBe(200);
    const status = (await res.json()) as Awaited<ReturnType<typeof kycStatus>>;
    expect(status.steps['1']).toEqual({ completed: true, documentName: second.fileName });
    expect(status.files.map((f) => f.fileName)).toEqual([second.fileName]);
    const rows = await documentRows(t, userId);
    expect(rows.find((r) => r.fileName === first.fileName)?.replacedAt).toEqual(t.clock.now());

    const events = (await kycAudit(t, userId)).length;
    expect(await (await saveStep(t, token, 1, { fileName: second.fileName })).json()).toEqual(status);
    expect((await kycAudit(t, userId)).length).toBe(events);
    // The owner can still fetch the replaced file (kept for the record).
    expect((await download(t, token, first.fileName)).status).toBe(200);
  });

  it('keeps one unsaved upload per type: a newer one takes its place and its file goes', async () => {
    const { token, userId } = await kycInvestor(t);
    const saved = await uploadAs(t, token, 'identity');
    await saveStep(t, token, 1, { fileName: saved.fileName });
    const first = await uploadAs(t, token, 'identity', 'png');
    const second = await uploadAs(t, token, 'identity', 'jpeg');
    const status = await kycStatus(t, token);
    expect(status.files.map((f) => f.fileName).sort()).toEqual([saved.fileName, second.fileName].sort());
    expect((await documentRows(t, userId)).map((r) => r.fileName)).not.toContain(first.fileName);
    expect(await filesOnDisk(t)).not.toContain(first.fileName);
    expect(await filesOnDisk(t)).toContain(saved.fileName);
  });

  it('caps the files one investor can hold (429), so nobody can fill the shared disk', async () => {
    const { token, userId } = await kycInvestor(t);
    // Each upload saved: the earlier one is replaced (kept for the record) and counts.
    for (let i = 0; i < 30; i++) {
      const file = await uploadAs(t, token, 'identity');
      expect((await saveStep(t, token, 1, { fileName: file.fileName })).status).toBe(200);
    }
    const refused = await uploadRequest(t, token, { type: 'identity', step: '1', name: 'one-more.pdf', bytes: sampleFile('pdf') });
    expect([refused.status, await refused.json()]).toEqual([429, { error: messages.kyc.tooManyUploads }]);
    expect(await documentRows(t, userId)).toHaveLength(30);
  });

  it('submits only what the saved steps point at: an upload left unsaved is not part of the completed verification', async () => {
    const { token, userId } = await kycInvestor(t);
    await completeSteps(t, token, 4);
    const stray = await uploadAs(t, token, 'identity', 'png');
    expect((await t.post('/api/kyc/complete', undefined, token)).status).toBe(200);
    const status = await kycStatus(t, token);
    expect(status.files.map((f) => f.fileName)).not.toContain(stray.fileName);
    expect(status.files).toHaveLength(4);
    const completed = (await kycAudit(t, userId)).find((e) => e.action === 'kyc.completed');
    expect(JSON.stringify(completed?.detail)).not.toContain(stray.fileName);
  });

  it('refuses completion before step 4', async () => {
    const { token, userId } = await kycInvestor(t);
    await completeSteps(t, token, 3);
    const res = await t.post('/api/kyc/complete', undefined, token);
    expect([res.status, await res.json()]).toEqual([409, { error: messages.kyc.stepsFirst }]);
    expect(await kycStatus(t, token)).toMatchObject({ status: 'IN_PROGRESS', currentStep: 4, completedAt: null, finalReviewCompleted: false });
    expect((await kycAudit(t, userId)).some((e) => e.action === 'kyc.completed')).toBe(false);
  });

  it('goes from the first upload to nextStep agreements, and the downloads give back the uploaded bytes', async () => {
    const { token, userId } = await kycInvestor(t);
    const originals = { identity: sampleFile('pdf', 30_000), selfie: sampleFile('jpeg', 20_000), utility: sampleFile('pdf', 10_000), bank: sampleFile('png', 12_000) };
    const identity = await upload(t, token, { type: 'identity', step: '1', name: 'passport.pdf', bytes: originals.identity });
    let res = await saveStep(t, token, 1, { fileName: identity.fileName, fileType: identity.fileType, fileSize: identity.fileSize, filePath: identity.filePath });
    expect(await res.json()).toMatchObject({ status: 'IN_PROGRESS', currentStep: 2, identityDocumentUploaded: true, steps: { '1': { completed: true, documentName: identity.fileName } } });

    t.clock.advance(1000);
    const selfie = await upload(t, token, { type: 'selfie', step: '2', name: 'selfie.jpg', bytes: originals.selfie });
    res = await saveStep(t, token, 2, { fileName: selfie.fileName });
    expect(await res.json()).toMatchObject({ currentStep: 3, biometricCompleted: true, steps: { '2': { completed: true, documentName: selfie.fileName } } });

    t.clock.advance(1000);
    const utility = await upload(t, token, { type: 'address_utility', step: '3', name: 'gas-bill.pdf', bytes: originals.utility });
    const bank = await upload(t, token, { type: 'address_bank', step: '3', name: 'statement.png', bytes: originals.bank });
    res = await saveStep(t, token, 3, { utilityBillUploaded: true, utilityBillFileName: utility.fileName, bankStatementUploaded: true, bankStatementFileName: bank.fileName, addressVerificationComplete: true });
    expect(await res.json()).toMatchObject({ currentStep: 4, addressDocumentUploaded: true, steps: { '3': { completed: true, documentName: `${utility.fileName}, ${bank.fileName}` } } });

    res = await saveStep(t, token, 4, { ...VALID_AML, occupation: '  Mathematician  ' });
    expect(await res.json()).toMatchObject({
      currentStep: 5,
      amlScreeningCompleted: true,
      aml: { fundsSource: 'salary', annualVolume: '50k-100k', occupation: 'Mathematician', additionalInfo: 'Savings from royalties.', declarationsConfirmed: true },
    });

    t.clock.advance(1000);
    const completedAt = t.clock.now().toISOString();
    res = await t.post('/api/kyc/complete', undefined, token);
    expect(res.status).toBe(200);
    expect((await res.json()) as KycCompleteResponse).toEqual({ nextStep: 'agreements', status: 'UNDER_REVIEW', completedAt });

    const status = await kycStatus(t, token);
    expect(status).toMatchObject({ status: 'UNDER_REVIEW', currentStep: 5, completedAt, finalReviewCompleted: true, steps: { '4': { completed: true }, '5': { completed: true } } });
    expect(status.files.map((f) => [f.documentType, f.originalName, f.fileType, f.fileSize])).toEqual([
      ['identity', 'passport.pdf', 'application/pdf', 30_000],
      ['selfie', 'selfie.jpg', 'image/jpeg', 20_000],
      ['address_utility', 'gas-bill.pdf', 'application/pdf', 10_000],
      ['address_bank', 'statement.png', 'image/png', 12_000],
    ]);
    const details = (await (await t.get('/api/user-details/status', token)).json()) as UserDetails;
    expect(details.currentStep).toBe('agreements');

    for (const [file, bytes] of [[identity, originals.identity], [selfie, originals.selfie], [utility, originals.utility], [bank, originals.bank]] as const) {
      const got = await download(t, token, file.fileName);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe(file.fileType);
      expect(got.headers.get('content-length')).toBe(String(bytes.byteLength));
      expect(got.headers.get('cache-control')).toBe('no-store');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+"; filename\*=UTF-8''/);
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
    }

    // Completing again answers the same and writes nothing; KYC no longer changes.
    const events = (await kycAudit(t, userId)).length;
    t.clock.advance(5000);
    expect(await (await t.post('/api/kyc/complete', undefined, token)).json()).toEqual({ nextStep: 'agreements', status: 'UNDER_REVIEW', completedAt });
    const again = await saveStep(t, token, 1, { fileName: identity.fileName });
    expect([again.status, await again.json()]).toEqual([409, { error: messages.kyc.alreadyComplete }]);
    const late = await uploadRequest(t, token, { type: 'identity', name: 'late.pdf', bytes: sampleFile('pdf') });
    expect([late.status, await late.json()]).toEqual([409, { error: messages.kyc.alreadyComplete }]);
    expect((await kycAudit(t, userId)).length).toBe(events);
    expect((await kycAudit(t, userId)).map((e) => e.action).sort()).toEqual([
      'kyc.document.uploaded',
      'kyc.step.saved',
      'kyc.document.uploaded',
      'kyc.step.saved',
      'kyc.document.uploaded',
      'kyc.document.uploaded',
      'kyc.step.saved',
      'kyc.step.saved',
      'kyc.completed',
    ].sort());
  });

  it('never moves the investor backwards', async () => {
    const { token, userId } = await kycInvestor(t);
    await completeSteps(t, token);
    await t.database.db.update(schema.userDetails).set({ currentStep: 'payment' }).where(eq(schema.userDetails.userId, userId));
    expect((await t.post('/api/kyc/complete', undefined, token)).status).toBe(200);
    const details = (await (await t.get('/api/user-details/status', token)).json()) as UserDetails;
    expect(details.currentStep).toBe('payment');
  });
});

forEachDatabase('kyc downloads', (t) => {
  it('serves a file to its owner only: another investor\'s name is 404, like a name nobody has', async () => {
    const owner = await kycInvestor(t);
    const file = await uploadAs(t, owner.token, 'identity', 'png');
    const { token } = await kycInvestor(t);
    const theirs = await download(t, token, file.fileName);
    const nobodys = await download(t, token, `${'0'.repeat(32)}.png`);
    expect([theirs.status, await theirs.json()]).toEqual([404, { error: messages.server.notFound }]);
    expect([nobodys.status, await nobodys.json()]).toEqual([404, { error: messages.server.notFound }]);
    const own = await download(t, owner.token, file.fileName);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const head = await t.request(`/api/kyc/download/${file.fileName}`, { method: 'HEAD', headers: bearer(owner.token) });
    expect([head.status, head.headers.get('content-length'), head.headers.get('content-type'), (await head.arrayBuffer()).byteLength]).toEqual([200, '2048', 'image/png', 0]);
    expect((await t.get(`/api/kyc/download/${file.fileName}`)).status).toBe(401);
  });

  it('answers 404 to any path trick without touching the store', async () => {
    const { token } = await kycInvestor(t);
    const own = await uploadAs(t, token, 'identity');
    const hex = own.fileName.slice(0, 32);
    const open = vi.spyOn(t.storage, 'open');
    const tricks = [
      '../../secrets/jwt-secret',
      '..%2F..%2Fsecrets%2Fjwt-secret',
      '%2e%2e%2f%2e%2e%2fserver.lock',
      '..%252F..%252Fserver.lock',
      '..\\..\\server.lock',
      '..%5C..%5Cserver.lock',
      '%2Fetc%2Fpasswd',
      '/etc/passwd',
      `${own.fileName}%00.png`,
      `${own.fileName}%00`,
      `${hex}.pdf%2F..%2F..%2Fserver.lock`,
      `${hex}.pdf/..`,
      `${hex}.PDF`,
      `${hex.toUpperCase()}.pdf`,
      `${hex}.exe`,
      `${hex}%E2%80%A4pdf`, // ONE DOT LEADER instead of the dot
      `\uff41${hex.slice(1)}.pdf`, // FULLWIDTH LATIN SMALL LETTER A
      `\uff10${hex.slice(1)}.pdf`, // FULLWIDTH DIGIT ZERO
      `\u0430${hex.slice(1)}.pdf`, // CYRILLIC SMALL LETTER A
      `${hex}\uff0epdf`, // FULLWIDTH FULL STOP
      `.${own.fileName}.0123456789ab.tmp`,
      `${hex}.pdf%0A`,
      `${hex}`,
      '',
    ];
    for (const trick of tricks) {
      const res = await t.get(`/api/kyc/download/${trick}`, token);
      expect(res.status, trick).toBe(404);
      expect(await res.json(), trick).toEqual({ error: messages.server.notFound });
    }
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
    expect((await download(t, token, own.fileName)).status).toBe(200);
  });
});
