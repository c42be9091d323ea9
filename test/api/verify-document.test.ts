/**
 * POST /api/verify/document on both databases: a sealed agreement's SHA-256 (of the bytes the investor downloads)
 * answers its title and signing time and nothing else; every other hash (unknown, a KYC upload's, the agreement as
 * presented before signing, one changed byte) answers `{issued: false}`; malformed, odd and oversized bodies are
 * refused in words without echoing them; the per-client limit refuses the 21st check in a minute with Retry-After,
 * counts parallel checks exactly, leaves other clients alone and ends with its window; no check writes an audit row.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentsResponseSchema, signedDocumentPath, type DocumentsResponse } from '../../src/shared/documents.ts';
import { AGREEMENT_KEYS } from '../../src/shared/legal.ts';
import { messages } from '../../src/shared/messages.ts';
import { BAD_SHA256_MESSAGE, VERIFY_DOCUMENT, VERIFY_DOCUMENT_PATH, VerifyDocumentResponseSchema, verifyWords } from '../../src/shared/verify-document.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { issuedDocumentQuery, issuedStatementQuery } from '../../src/server/domain/verify/find-issued-document.ts';
import { sql } from 'drizzle-orm';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { kycInvestor, sampleFile, uploadAs } from './support/kyc.ts';
import { rowCounts } from './support/row-counts.ts';
import { ensureAgreementVersions, signAgreements } from './support/signed-agreements-fixture.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const randomHash = () => randomBytes(32).toString('hex');

/** A fresh client address per test, so one test's checks never count against another's. */
let addressCounter = 0;
const freshIp = () => `198.51.${100 + Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const check = (t: ApiTest, body: unknown, ip = freshIp()) => t.postFrom(ip, VERIFY_DOCUMENT_PATH, body);
const raw = (t: ApiTest, body: string, contentType = 'application/json', ip = freshIp()) =>
  t.app.request(VERIFY_DOCUMENT_PATH, { method: 'POST', headers: { 'content-type': contentType }, body }, { incoming: { socket: { remoteAddress: ip } } });

async function answerOf(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return v.parse(VerifyDocumentResponseSchema, await res.json());
}

forEachDatabase('public document verification', (t) => {
  /** An investor with all seven signed and sealed, and the bytes of each sealed PDF as downloaded. */
  let owner: { token: string; userId: string; signedAt: Date; docs: DocumentsResponse['documents']; files: Map<string, Uint8Array> };

  beforeAll(async () => {
    await t.startSealing();
    await ensureAgreementVersions(t.database.db);
    const { token, user } = await t.register();
    const signedAt = t.clock.now();
    await signAgreements(t.database.db, user.userId, { now: signedAt });
    await t.runDueJobs();
    const list = v.parse(DocumentsResponseSchema, await (await t.get('/api/downloads/list', token)).json());
    expect(list.documents).toHaveLength(AGREEMENT_KEYS.length);
    const files = new Map<string, Uint8Array>();
    for (const doc of list.documents) files.set(doc.id, new Uint8Array(await (await t.get(signedDocumentPath(doc.id), token)).arrayBuffer()));
    owner = { token, userId: user.userId, signedAt, docs: list.documents, files };
  });

  describe('the answer', () => {
    it('a downloaded sealed agreement: issued, an agreement, its title and signing time, and exactly those keys', async () => {
      for (const doc of owner.docs) {
        const res = await check(t, { sha256: sha256(owner.files.get(doc.id)!) });
        const body = await answerOf(res);
        expect(Object.keys(body).sort()).toEqual(['issued', 'kind', 'signedAt', 'title']);
        expect(body).toEqual({ issued: true, kind: 'agreement', title: doc.title, signedAt: owner.signedAt.toISOString() });
      }
    });

    it('nothing personal anywhere in the text of the answer', async () => {
      const doc = owner.docs[0]!;
      const text = await (await check(t, { sha256: sha256(owner.files.get(doc.id)!) })).text();
      const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, owner.userId));
      const [stored] = await t.database.db
        .select({ fileId: schema.storedFiles.id, storedName: schema.storedFiles.storedName, signatureId: schema.signedDocuments.signatureId })
        .from(schema.signedDocuments)
        .innerJoin(schema.storedFiles, eq(schema.storedFiles.id, schema.signedDocuments.storedFileId))
        .where(eq(schema.signedDocuments.id, doc.id));
      for (const secret of [owner.userId, user!.email, doc.id, stored!.fileId, stored!.storedName, stored!.signatureId, '203.0.113.7', 'Ada', 'Lovelace']) {
        expect(text).not.toContain(secret);
      }
    });

    it('an unknown hash: not issued, and only that', async () => {
      const res = await check(t, { sha256: randomHash() });
      expect(await res.clone().json()).toEqual({ issued: false });
      expect(await answerOf(res)).toEqual({ issued: false });
    });

    it('a sealed agreement with one byte changed: not issued', async () => {
      const bytes = new Uint8Array(owner.files.get(owner.docs[0]!.id)!);
      bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
      expect(await answerOf(await check(t, { sha256: sha256(bytes) }))).toEqual({ issued: false });
    });

    it("a KYC upload's hash (a stored file, but not a sealed agreement): not issued", async () => {
      const { token, userId } = await kycInvestor(t);
      await uploadAs(t, token, 'address_utility', 'pdf');
      const [row] = await t.database.db.select({ sha256: schema.storedFiles.sha256, purpose: schema.storedFiles.purpose }).from(schema.storedFiles).where(eq(schema.storedFiles.ownerId, userId));
      expect(row?.purpose).toBe('kyc_document');
      expect(await answerOf(await check(t, { sha256: row!.sha256 }))).toEqual({ issued: false });
    });

    it('the agreement as presented (before signing and sealing): not issued', async () => {
      const [doc] = await t.database.db.select({ presented: schema.signedDocuments.presentedSha256 }).from(schema.signedDocuments).where(eq(schema.signedDocuments.userId, owner.userId)).limit(1);
      const versions = await t.database.db.select({ sha256: schema.agreementVersions.sha256 }).from(schema.agreementVersions);
      for (const hash of [doc!.presented, ...versions.map((r) => r.sha256)]) expect(await answerOf(await check(t, { sha256: hash }))).toEqual({ issued: false });
    });

    it('one log line per check, saying only whether it was issued', async () => {
      await check(t, { sha256: sha256(owner.files.get(owner.docs[0]!.id)!) });
      await check(t, { sha256: randomHash() });
      expect(t.log.entries.filter((e) => e.message === 'Document checked')).toEqual([
        { level: 'info', message: 'Document checked', fields: { issued: true } },
        { level: 'info', message: 'Document checked', fields: { issued: false } },
      ]);
    });

    it('no audit row, no row at all but the client counter: a stranger cannot grow the trail', async () => {
      const before = await rowCounts(t.database.db);
      const ip = freshIp();
      await check(t, { sha256: sha256(owner.files.get(owner.docs[0]!.id)!) }, ip);
      for (let i = 0; i < 5; i++) await check(t, { sha256: randomHash() }, ip);
      await check(t, { sha256: 'nope' }, ip);
      const after = await rowCounts(t.database.db);
      expect(after.audit_events).toBe(before.audit_events);
      expect({ ...after, attempt_counters: 0 }).toEqual({ ...before, attempt_counters: 0 });
      expect(after.attempt_counters).toBe((before.attempt_counters ?? 0) + 1);
    });
  });

  describe('refusals', () => {
    const malformed: [string, unknown][] = [
      ['upper-case hex', { sha256: randomHash().toUpperCase() }],
      ['63 characters', { sha256: randomHash().slice(1) }],
      ['65 characters', { sha256: `${randomHash()}0` }],
      ['not hex', { sha256: `${randomHash().slice(1)}g` }],
      ['spaces around', { sha256: ` ${randomHash()} ` }],
      ['a trailing newline', { sha256: `${randomHash()}\n` }],
      ['odd Unicode (full-width digits)', { sha256: '０'.repeat(64) }],
      ['a number', { sha256: 12345 }],
      ['null', { sha256: null }],
      ['an array of the hash', { sha256: [randomHash()] }],
      ['a nested object', { sha256: { sha256: randomHash() } }],
      ['an extra key', { sha256: randomHash(), userId: 'x' }],
      ['no key', {}],
      ['a bare array', [randomHash()]],
      ['a bare string', randomHash()],
      ['null body', null],
    ];
    for (const [label, body] of malformed) {
      it(`${label}: 400 in words, nothing of the input echoed`, async () => {
        const res = await check(t, body);
        expect(res.status).toBe(400);
        const answer = (await res.json()) as { error: string };
        expect(Object.keys(answer)).toEqual(['error']);
        expect([BAD_SHA256_MESSAGE, messages.server.invalidRequest]).toContain(answer.error);
        expect(answer.error).not.toMatch(/[0-9a-f]{20}/i);
      });
    }

    it('the malformed-hash answer is the words for it', async () => {
      expect(await (await check(t, { sha256: 'ABC' })).json()).toEqual({ error: BAD_SHA256_MESSAGE });
    });

    it('deeply nested: 400', async () => {
      const res = await raw(t, `{"sha256":${'['.repeat(200)}${']'.repeat(200)}}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: messages.server.invalidRequest });
    });

    it('not JSON: 400; not declared JSON: 415; another charset: 415', async () => {
      expect((await raw(t, '{"sha256":')).status).toBe(400);
      expect((await raw(t, JSON.stringify({ sha256: randomHash() }), 'text/plain')).status).toBe(415);
      expect((await raw(t, JSON.stringify({ sha256: randomHash() }), 'application/json; charset=latin1')).status).toBe(415);
      expect((await raw(t, JSON.stringify({ sha256: randomHash() }), 'application/x-www-form-urlencoded')).status).toBe(415);
    });

    it('a lone surrogate or a NUL in the value: 400', async () => {
      expect((await raw(t, `{"sha256":"\\ud800${'a'.repeat(63)}"}`)).status).toBe(400);
      expect((await raw(t, `{"sha256":"\\u0000${'a'.repeat(63)}"}`)).status).toBe(400);
    });

    it('a body over 1 KB (whitespace-padded valid JSON, a 60 KB one, a 1 MB one): 413 in words', async () => {
      const padded = `{"sha256":"${randomHash()}"${' '.repeat(1100)}}`;
      for (const body of [padded, JSON.stringify({ sha256: randomHash(), pad: 'x'.repeat(60_000) }), 'x'.repeat(1_000_000)]) {
        const res = await raw(t, body);
        expect(res.status).toBe(413);
        expect(await res.json()).toEqual({ error: messages.server.tooLarge });
      }
    });

    it('other methods: 404, nothing checked', async () => {
      expect((await t.get(VERIFY_DOCUMENT_PATH)).status).toBe(404);
      expect((await t.request(VERIFY_DOCUMENT_PATH, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404);
    });

    it('a sealed file itself sent as the body (the file must never be uploaded): refused, nothing checked', async () => {
      const file = owner.files.get(owner.docs[0]!.id)!;
      const res = await t.app.request(VERIFY_DOCUMENT_PATH, { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: new Blob([new Uint8Array(file)]) }, { incoming: { socket: { remoteAddress: freshIp() } } });
      expect(res.status).toBe(413);
      expect((await raw(t, '%PDF-1.7 short', 'application/pdf')).status).toBe(415);
    });
  });

  describe('the per-client limit', () => {
    const limit = VERIFY_DOCUMENT.checksPerWindow;

    it(`${limit} checks a minute are answered, the next is 429 in words with Retry-After; other clients are unaffected; the window ends`, async () => {
      const ip = freshIp();
      for (let i = 0; i < limit; i++) expect((await check(t, { sha256: randomHash() }, ip)).status).toBe(200);
      t.clock.advance(15_000);
      const refused = await check(t, { sha256: sha256(owner.files.get(owner.docs[0]!.id)!) }, ip);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: verifyWords.tooManyChecks });
      expect(refused.headers.get('retry-after')).toBe(String(VERIFY_DOCUMENT.windowSeconds - 15));
      // Malformed checks are refused too while blocked, before their body is read.
      expect((await check(t, { sha256: 'bad' }, ip)).status).toBe(429);
      // Another client is answered.
      expect(await answerOf(await check(t, { sha256: sha256(owner.files.get(owner.docs[0]!.id)!) }))).toMatchObject({ issued: true });
      t.clock.advance((VERIFY_DOCUMENT.windowSeconds - 15) * 1000);
      expect(await answerOf(await check(t, { sha256: sha256(owner.files.get(owner.docs[0]!.id)!) }, ip))).toMatchObject({ issued: true });
    });

    it('malformed checks count as checks', async () => {
      const ip = freshIp();
      for (let i = 0; i < limit; i++) expect((await check(t, { sha256: 'x' }, ip)).status).toBe(400);
      expect((await check(t, { sha256: randomHash() }, ip)).status).toBe(429);
    });

    it(`${limit + 15} parallel checks from one client: exactly ${limit} answered`, async () => {
      const ip = freshIp();
      const answers = await Promise.all(Array.from({ length: limit + 15 }, () => t.app.request(VERIFY_DOCUMENT_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sha256: randomHash() }),
      }, { incoming: { socket: { remoteAddress: ip } } })));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    });

    it('IPv6: one /64 is one client (its addresses share the limit); another /64 is another client', async () => {
      const prefix = `2001:db8:${(++addressCounter).toString(16)}:1`;
      for (let i = 0; i < limit; i++) expect((await check(t, { sha256: randomHash() }, `${prefix}::${(i + 1).toString(16)}`)).status).toBe(200);
      expect((await check(t, { sha256: randomHash() }, `${prefix}:ffff:ffff:ffff:ffff`)).status).toBe(429);
      expect((await check(t, { sha256: randomHash() }, `${prefix.replace(/:1$/, ':2')}::1`)).status).toBe(200);
    });

    it('a refused check is not counted: waiting out the window is enough', async () => {
      const ip = freshIp();
      for (let i = 0; i < limit; i++) await check(t, { sha256: randomHash() }, ip);
      for (let i = 0; i < 10; i++) {
        t.clock.advance(5_000);
        expect((await check(t, { sha256: randomHash() }, ip)).status).toBe(429);
      }
      t.clock.advance(10_000);
      expect((await check(t, { sha256: randomHash() }, ip)).status).toBe(200);
    });
  });

  /** EXPLAIN of a lookup with its parameters (the hash and the limit) inlined, so the plan is that of the query as run. */
  async function planOf(query: { sql: string; params: unknown[] }) {
    const inlined = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const value = query.params[Number(n) - 1];
      return typeof value === 'number' ? String(value) : `'${String(value).replace(/[^0-9a-f]/g, '')}'`;
    });
    return t.database.db.transaction(async (tx) => {
      // Test tables are tiny, where a sequential scan is cheapest: forbid it to show the indexes can serve the query.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql.raw(`explain ${inlined}`))) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
  }

  it('the lookup can use the hash index of sealed files and the stored-file index of signed documents (migration 0012)', async () => {
    const plan = await planOf(issuedDocumentQuery(t.database.db, randomHash()).toSQL());
    expect(plan).toContain('stored_files_sealed_sha256_idx');
    expect(plan).toContain('signed_documents_stored_file_idx');
  });

  it('the statements’ lookup can use their hash index (migration 0016)', async () => {
    const plan = await planOf(issuedStatementQuery(t.database.db, randomHash()).toSQL());
    expect(plan).toContain('investment_statements_sha256_idx');
  });

  it('GET /verify (and /verify/) is verify.html, without a session; other pages are not', async () => {
    const root = join(t.dataDir, 'static-site');
    await mkdir(root, { recursive: true });
    for (const page of ['index', 'admin', 'verify']) await writeFile(join(root, `${page}.html`), `<!doctype html><title>${page}</title>`);
    const app = t.makeApp({ staticDir: root });
    const page = async (path: string) => (await app.request(path)).text();
    expect(await page('/verify')).toContain('<title>verify</title>');
    expect(await page('/verify/')).toContain('<title>verify</title>');
    expect(await page('/verify/other')).toContain('<title>index</title>');
    expect(await page('/verifyx')).toContain('<title>index</title>');
    expect(await page('/auth/login')).toContain('<title>index</title>');
    expect(await page('/admin')).toContain('<title>admin</title>');
  });

  it('a PDF-looking random file is not issued (the browser would send its hash)', async () => {
    expect(await answerOf(await check(t, { sha256: sha256(sampleFile('pdf', 4096)) }))).toEqual({ issued: false });
  });
});
