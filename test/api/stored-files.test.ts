/**
 * stored_files: every KYC upload records its file there in the transaction of its kyc_documents row (both or
 * neither), a replaced unsaved upload's row goes with it, and the database refuses a KYC row without its file's row.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase } from './harness.ts';
import { documentRows, filesOnDisk, kycInvestor, sampleFile, saveStep, upload, uploadAs, uploadRequest } from './support/kyc.ts';

/** The original name a trigger in this file refuses in kyc_documents: a failure late in the upload's transaction. */
const REFUSED_NAME = 'refused-by-trigger.pdf';

/** The constraint a write broke (from the driver's error under drizzle's), or 'written'. */
async function violated(write: PromiseLike<unknown>): Promise<string> {
  try {
    await write;
    return 'written';
  } catch (error) {
    for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      const { constraint } = e as { constraint?: unknown };
      if (typeof constraint === 'string') return constraint;
    }
    throw error;
  }
}

forEachDatabase('stored files', (t) => {
  const storedRows = (names: string[]) => t.database.db.select().from(schema.storedFiles).where(inArray(schema.storedFiles.storedName, names));

  beforeAll(async () => {
    await t.database.db.execute(sql`
      create function refuse_kyc_document() returns trigger language plpgsql as $$
      begin
        if new.original_name = 'refused-by-trigger.pdf' then raise exception 'simulated failure after the stored_files row'; end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`create trigger refuse_kyc_document before insert on kyc_documents for each row execute function refuse_kyc_document()`);
  });
  afterAll(async () => {
    await t.database.db.execute(sql`drop trigger if exists refuse_kyc_document on kyc_documents`);
  });

  it('records an upload as a kyc_document of its investor, with the same bytes\' size and hash as its KYC row', async () => {
    const { token, userId } = await kycInvestor(t);
    const bytes = sampleFile('png', 4096);
    const file = await upload(t, token, { type: 'selfie', name: 'me.png', bytes });
    const [stored] = await storedRows([file.fileName]);
    expect(stored).toMatchObject({
      ownerId: userId,
      purpose: 'kyc_document',
      storedName: file.fileName,
      originalName: 'me.png',
      contentType: 'image/png',
      sizeBytes: 4096,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const [document] = (await documentRows(t, userId)).filter((r) => r.fileName === file.fileName);
    expect(stored?.createdAt).toEqual(document?.createdAt);
  });

  it('writes neither row when the upload\'s transaction fails, and removes the file', async () => {
    const { token, userId } = await kycInvestor(t);
    const before = await filesOnDisk(t);
    const res = await uploadRequest(t, token, { type: 'identity', name: REFUSED_NAME, bytes: sampleFile('pdf') });
    expect([res.status, await res.json()]).toEqual([500, { error: messages.server.internal }]);
    expect(await documentRows(t, userId)).toEqual([]);
    expect(await t.database.db.select().from(schema.storedFiles).where(eq(schema.storedFiles.ownerId, userId))).toEqual([]);
    expect(await filesOnDisk(t)).toEqual(before);
  });

  it('forgets a replaced unsaved upload together with its KYC row; keeps the saved one', async () => {
    const { token } = await kycInvestor(t);
    const saved = await uploadAs(t, token, 'identity');
    expect((await saveStep(t, token, 1, { fileName: saved.fileName })).status).toBe(200);
    const first = await uploadAs(t, token, 'identity', 'png');
    const second = await uploadAs(t, token, 'identity', 'jpeg');
    expect((await storedRows([saved.fileName, first.fileName, second.fileName])).map((r) => r.storedName).sort()).toEqual([saved.fileName, second.fileName].sort());
  });

  it('refuses a KYC row whose file stored_files does not record, and a stored_files row a KYC row still names', async () => {
    const { userId } = await kycInvestor(t);
    const fileName = `${randomBytes(16).toString('hex')}.pdf`;
    const row = { userId, documentType: 'identity', step: 1, fileName, originalName: 'x.pdf', contentType: 'application/pdf', sizeBytes: 1, sha256: '0'.repeat(64) };
    expect(await violated(t.database.db.insert(schema.kycDocuments).values(row))).toBe('kyc_documents_file_name_stored_files_stored_name_fk');
    const { token } = await kycInvestor(t);
    const file = await uploadAs(t, token, 'identity');
    expect(await violated(t.database.db.delete(schema.storedFiles).where(eq(schema.storedFiles.storedName, file.fileName)))).toBe('kyc_documents_file_name_stored_files_stored_name_fk');
    expect(await storedRows([file.fileName])).toHaveLength(1);
  });

  it('refuses a purpose, a name or a type outside its enumerations', async () => {
    const valid = { purpose: 'kyc_document', storedName: `${randomBytes(16).toString('hex')}.pdf`, originalName: 'a.pdf', contentType: 'application/pdf', sizeBytes: 1, sha256: 'a'.repeat(64) };
    const insert = (values: Partial<typeof valid>) => t.database.db.insert(schema.storedFiles).values({ ...valid, ...values, storedName: values.storedName ?? `${randomBytes(16).toString('hex')}.pdf` });
    expect(await violated(insert({ purpose: 'avatar' }))).toBe('stored_files_purpose');
    expect(await violated(insert({ storedName: '../../secrets/jwt-secret' }))).toBe('stored_files_stored_name');
    expect(await violated(insert({ contentType: 'text/html' }))).toBe('stored_files_content_type');
    expect(await violated(insert({ sizeBytes: 0 }))).toBe('stored_files_size');
    expect(await violated(insert({ sha256: 'x' }))).toBe('stored_files_sha256');
    for (const purpose of ['kyc_document', 'agreement_signed', 'staff_upload']) expect(await violated(insert({ purpose }))).toBe('written');
  });
});
