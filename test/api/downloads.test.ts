/**
 * GET /api/downloads/list and /api/downloads/file/:id on both databases: the list's shape and states (none, being
 * sealed, partly and fully available), the file as an attachment named by its title with the KYC downloads' headers,
 * and every way to ask for what is not one's own: another investor's id, an unknown id, not an id, a stored name, a
 * stored_files id, path tricks and encodings, no token. Each refusal is the same 404 and reads nothing.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentsResponseSchema, signedDocumentPath, type DocumentsResponse } from '../../src/shared/documents.ts';
import { AGREEMENT_KEYS } from '../../src/shared/legal.ts';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { havePdfTools, pdfsig } from '../unit/support/pdf-tools.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { ensureAgreementVersions, signAgreements } from './support/signed-agreements-fixture.ts';

const tools = havePdfTools();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const NOT_FOUND = { error: messages.server.notFound };

async function list(t: ApiTest, token: string): Promise<DocumentsResponse> {
  const res = await t.get('/api/downloads/list', token);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return v.parse(DocumentsResponseSchema, await res.json());
}

forEachDatabase('signed documents downloads', (t) => {
  /** An investor with all seven signed and sealed. */
  let owner: { token: string; userId: string; signedAt: Date; docs: DocumentsResponse['documents'] };

  beforeAll(async () => {
    await t.startSealing();
    await ensureAgreementVersions(t.database.db);
    const { token, user } = await t.register();
    const signedAt = t.clock.now();
    await signAgreements(t.database.db, user.userId, { now: signedAt });
    await t.runDueJobs();
    owner = { token, userId: user.userId, signedAt, docs: (await list(t, token)).documents };
  });

  describe('the list', () => {
    it('a new investor: nothing, nothing pending, "No Documents Available"', async () => {
      const { token } = await t.register();
      expect(await list(t, token)).toEqual({ documents: [], hasSignedDocuments: false, message: 'No Documents Available', pending: 0 });
    });

    it('signed but not completed: nothing is being sealed, so nothing is pending', async () => {
      const { token, user } = await t.register();
      await signAgreements(t.database.db, user.userId, { now: t.clock.now(), keys: ['ppm', 'investment', 'terms'], complete: false });
      expect(await list(t, token)).toEqual({ documents: [], hasSignedDocuments: false, message: 'No Documents Available', pending: 0 });
    });

    it('completed, documents still sealing: pending counts them, "Documents Not Generated Yet"; then "7 of 7"', async () => {
      const { token, user } = await t.register();
      await signAgreements(t.database.db, user.userId, { now: t.clock.now() });
      // t.get runs the due jobs only after its answer: this answer is from before any sealing.
      expect(await list(t, token)).toEqual({ documents: [], hasSignedDocuments: false, message: 'Documents Not Generated Yet', pending: 7 });
      const after = await list(t, token);
      expect(after).toMatchObject({ hasSignedDocuments: true, message: '7 of 7 signed legal documents available', pending: 0 });
      expect(after.documents).toHaveLength(7);
    });

    it('some sealed, some not: those there, the rest pending, "N of 7"', async () => {
      const { token, user } = await t.register();
      t.sealWith({ sealAgreement: (input) => (input.record.agreement.key === 'risk' || input.record.agreement.key === 'privacy' ? Promise.reject(new Error('worker gone')) : t.sealer.sealAgreement(input)) });
      await signAgreements(t.database.db, user.userId, { now: t.clock.now() });
      await t.runDueJobs();
      const partial = await list(t, token);
      expect(partial).toMatchObject({ hasSignedDocuments: true, message: '5 of 7 signed legal documents available', pending: 2 });
      expect(partial.documents.map((d) => d.section)).toEqual(['ppm', 'investment', 'token_purchase', 'terms', 'qualified_investor']);
    });

    it("the owner's seven in the agreements' order, each with its title, type, size and the time of signing", async () => {
      expect(owner.docs.map((d) => d.section)).toEqual([...AGREEMENT_KEYS]);
      const rows = await t.database.db
        .select({ id: schema.signedDocuments.id, title: schema.signedDocuments.title, size: schema.storedFiles.sizeBytes })
        .from(schema.signedDocuments)
        .innerJoin(schema.storedFiles, eq(schema.storedFiles.id, schema.signedDocuments.storedFileId))
        .where(eq(schema.signedDocuments.userId, owner.userId));
      for (const doc of owner.docs) {
        const row = rows.find((r) => r.id === doc.id);
        expect(doc).toEqual({ id: row?.id, section: doc.section, title: row?.title, type: 'application/pdf', size: row?.size, signedAt: owner.signedAt.toISOString() });
      }
    });

    it("never shows another investor's documents", async () => {
      const { token } = await t.register();
      expect((await list(t, token)).documents).toEqual([]);
    });

    it('without a token: 401', async () => {
      expect((await t.get('/api/downloads/list')).status).toBe(401);
    });
  });

  describe('the file', () => {
    it('the sealed PDF as an attachment named by its title, with nosniff, no-store and the sandbox CSP', async () => {
      for (const doc of owner.docs) {
        const res = await t.get(signedDocumentPath(doc.id), owner.token);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
        const name = `${doc.title} (signed).pdf`;
        expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
        const bytes = new Uint8Array(await res.arrayBuffer());
        expect(res.headers.get('content-length')).toBe(String(bytes.byteLength));
        expect(bytes.byteLength).toBe(doc.size);
        const [stored] = await t.database.db
          .select({ sha256: schema.storedFiles.sha256, name: schema.storedFiles.storedName })
          .from(schema.signedDocuments)
          .innerJoin(schema.storedFiles, eq(schema.storedFiles.id, schema.signedDocuments.storedFileId))
          .where(eq(schema.signedDocuments.id, doc.id));
        expect(sha256(bytes)).toBe(stored?.sha256);
        expect(bytes).toEqual(new Uint8Array(await readFile(join(t.storage.dir, stored?.name as string))));
        if (tools && doc.section === 'ppm') expect((await pdfsig(bytes)).valid).toBe(true);
      }
    });

    it('HEAD answers the headers without the body', async () => {
      const doc = owner.docs[0]!;
      const res = await t.request(signedDocumentPath(doc.id), { method: 'HEAD', headers: { authorization: `Bearer ${owner.token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(doc.size));
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    });

    it("another investor's id, an unknown id, a stored name, a stored_files id: the same 404", async () => {
      const other = await t.register();
      const [storedFile] = await t.database.db
        .select({ id: schema.storedFiles.id, name: schema.storedFiles.storedName })
        .from(schema.signedDocuments)
        .innerJoin(schema.storedFiles, eq(schema.storedFiles.id, schema.signedDocuments.storedFileId))
        .where(eq(schema.signedDocuments.id, owner.docs[0]!.id));
      const asked = [
        ...owner.docs.map((d) => [other.token, d.id] as const),
        [owner.token, '6f1c1d2e-8a4b-4c3d-9e8f-0a1b2c3d4e5f'],
        [owner.token, storedFile!.id],
        [owner.token, storedFile!.name],
        [owner.token, owner.docs[0]!.id.toUpperCase()],
      ] as const;
      for (const [token, id] of asked) {
        const res = await t.get(`/api/downloads/file/${id}`, token);
        expect(res.status, id).toBe(404);
        expect(await res.json()).toEqual(NOT_FOUND);
        expect(res.headers.get('content-disposition')).toBeNull();
      }
      // And the other investor's own list is still empty.
      expect((await list(t, other.token)).documents).toEqual([]);
    });

    it('malformed ids and path tricks: 404, never a file', async () => {
      const id = owner.docs[0]!.id;
      const paths = [
        '/api/downloads/file/',
        '/api/downloads/file/abc',
        `/api/downloads/file/${id}x`,
        `/api/downloads/file/${id}/`,
        `/api/downloads/file/${id}/..`,
        `/api/downloads/file/${id}%00`,
        `/api/downloads/file/${id}.pdf`,
        `/api/downloads/file/%20${id}`,
        '/api/downloads/file/..%2F..%2F..%2Fetc%2Fpasswd',
        '/api/downloads/file/%2e%2e%2f%2e%2e%2fpglite',
        '/api/downloads/file/../../../../etc/passwd',
        '/api/downloads/file/....//....//etc/passwd',
        `/api/downloads/file/${'0'.repeat(5000)}`,
        `/api/downloads/file/${encodeURIComponent("' or 1=1 --")}`,
        `/api/downloads/file/${encodeURIComponent('\u0130\u2028\ud83d\ude00')}`,
        '/api/downloads/file/%ZZ',
        `/api/downloads/${id}`,
        `/api/downloads/files/${id}`,
      ];
      for (const path of paths) {
        const res = await t.get(path, owner.token);
        expect(res.status, path).toBe(404);
        expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
        expect(res.headers.get('content-disposition'), path).toBeNull();
      }
    });

    it('without a token or with a bad one: 401, whose id it is does not matter', async () => {
      const id = owner.docs[0]!.id;
      expect((await t.get(signedDocumentPath(id))).status).toBe(401);
      expect((await t.get(signedDocumentPath(id), `${owner.token}x`)).status).toBe(401);
    });

    it('twenty parallel downloads of one document are all the same bytes', async () => {
      const doc = owner.docs[1]!;
      const bodies = await Promise.all(Array.from({ length: 20 }, async () => new Uint8Array(await (await t.get(signedDocumentPath(doc.id), owner.token)).arrayBuffer())));
      expect(new Set(bodies.map(sha256)).size).toBe(1);
      expect(bodies[0]?.byteLength).toBe(doc.size);
    });

    it('a document whose file is missing from the store: 404, and the server logs it', async () => {
      const { token, user } = await t.register();
      await signAgreements(t.database.db, user.userId, { now: t.clock.now(), keys: ['risk'] });
      await t.runDueJobs();
      const [doc] = (await list(t, token)).documents;
      const [row] = await t.database.db.select({ name: schema.storedFiles.storedName }).from(schema.storedFiles).where(eq(schema.storedFiles.ownerId, user.userId));
      await rm(join(t.storage.dir, row!.name));
      const res = await t.get(signedDocumentPath(doc!.id), token);
      expect(res.status).toBe(404);
      expect(t.log.entries.some((e) => e.level === 'error' && e.message === 'A signed document is missing from the store')).toBe(true);
    });
  });
});
