/**
 * The agreements as issuer content, on both databases: seeded once (a second seed adds nothing), a content folder
 * (manifest.json + PDFs) validated strictly and applied in one transaction, a replaced agreement applied to investors
 * who have not signed it (their draft reset, a stale page refused) while signers keep the exact version signed, and
 * the agreement PDFs served only as presented. Also `npm run content:load` on a real data dir.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_KEYS, AGREEMENT_NAMES } from '../../src/shared/legal.ts';
import { messages } from '../../src/shared/messages.ts';
import { ConfigError, loadConfig } from '../../src/server/config/env.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { createMemoryLog } from '../../src/server/log.ts';
import { startServer } from '../../src/server/start-server.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { agreementPdfSources, type AgreementSource } from './support/legal-content.ts';
import { applyContentFolder } from '../../src/server/seed/apply-content-folder.ts';
import { readContentFolder } from '../../src/server/seed/read-content-folder.ts';
import { seedDatabase } from '../../src/server/seed/seed-database.ts';
import { bearer, forEachDatabase } from './harness.ts';
import { kycInvestor } from './support/kyc.ts';
import { legalInvestor, legalProgress, saveAgreements, signAgreement, signing } from './support/legal.ts';
import { rowCounts } from './support/row-counts.ts';
import { freshPgliteDir, freshTempDir, serverBackends } from './support/test-databases.ts';

const LOAD = join(import.meta.dirname, '../../src/server/load-content.ts');
const PPM = AGREEMENT_NAMES.ppm;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A small valid PDF whose bytes (and so SHA-256) depend on `label`. */
const pdfBytes = (label: string) => new TextEncoder().encode(`%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

async function writeFolder(dir: string, manifest: unknown, files: Record<string, Uint8Array | string>) {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'manifest.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest, null, 2));
  for (const [name, bytes] of Object.entries(files)) await writeFile(join(dir, name), bytes);
}

const ppmEntry = (overrides: Record<string, unknown> = {}) => ({
  key: 'ppm',
  title: 'Private Placement Memorandum (2nd edition)',
  file: 'ppm.pdf',
  checkboxes: [
    { id: 'ppm_read_second_edition', text: 'I have read the second edition of the Memorandum.', required: true, critical: true },
    { id: 'ppm_news', text: 'Send me news about the offering by email.', required: false },
  ],
  ...overrides,
});

describe('content folder: strict reading', () => {
  const cases: [string, unknown, Record<string, Uint8Array | string>, RegExp][] = [
    ['no manifest.json', null, {}, /Cannot read .*manifest\.json/],
    ['a manifest that is not JSON', '{"agreements": [', {}, /Cannot read .*manifest\.json/],
    ['an empty manifest', {}, {}, /manifest\.json is not valid at the top: needs "sections", "agreements" or both/],
    ['an unknown key', { agreements: [ppmEntry({ key: 'nda' })] }, { 'ppm.pdf': pdfBytes('a') }, /agreements\.0\.key: must be one of ppm, investment/],
    ['a misspelt field', { agreements: [{ ...ppmEntry(), checkbox: [] }] }, { 'ppm.pdf': pdfBytes('a') }, /agreements\.0\.checkbox/],
    ['a checkbox without text', { agreements: [ppmEntry({ checkboxes: [{ id: 'a', required: true }] })] }, { 'ppm.pdf': pdfBytes('a') }, /agreements\.0\.checkboxes\.0\.text/],
    ['a path out of the folder', { agreements: [ppmEntry({ file: '../ppm.pdf' })] }, {}, /agreement "ppm": "\.\.\/ppm\.pdf" must be a file name inside the folder/],
    ['a missing file', { agreements: [ppmEntry()] }, {}, /agreement "ppm": cannot read ppm\.pdf/],
    ['an empty file', { agreements: [ppmEntry()] }, { 'ppm.pdf': '' }, /agreement "ppm": ppm\.pdf is empty/],
  ];
  for (const [name, manifest, files, error] of cases) {
    it(`refuses ${name}, naming it`, async () => {
      const dir = await freshTempDir();
      try {
        if (manifest === null) await mkdir(dir.root, { recursive: true });
        else await writeFolder(dir.root, manifest, files);
        await expect(readContentFolder(dir.root)).rejects.toThrow(error);
      } finally {
        await dir.remove();
      }
    });
  }

  it('reads sections and agreements, with the signature fields defaulted from the key', async () => {
    const dir = await freshTempDir();
    try {
      await writeFolder(dir.root, { sections: [{ slug: 'risk', title: 'Risks', file: 'risk.pdf' }], agreements: [ppmEntry()] }, { 'risk.pdf': pdfBytes('r'), 'ppm.pdf': pdfBytes('p') });
      const content = await readContentFolder(dir.root);
      expect(content.sections).toMatchObject([{ slug: 'risk', order: 1, minReadingTime: 1 }]);
      expect(content.agreements).toMatchObject([{ key: 'ppm', signature: { field: 'ppm_investor_signature', dateField: 'ppm_investor_signature_date' } }]);
      expect(content.agreements![0]!.checkboxes[1]).toEqual({ id: 'ppm_news', text: 'Send me news about the offering by email.', required: false, critical: false });
    } finally {
      await dir.remove();
    }
  });
});

forEachDatabase('agreements as issuer content', (t) => {
  const source = (overrides: Partial<AgreementSource> = {}): AgreementSource => ({
    key: 'ppm',
    title: 'Private Placement Memorandum (2nd edition)',
    pdf: pdfBytes(`ppm ${Math.random()}`),
    checkboxes: [{ id: 'ppm_read_second_edition', text: 'I have read the second edition of the Memorandum.', required: true, critical: true }],
    signature: { field: 'ppm_investor_signature', dateField: 'ppm_investor_signature_date' },
    ...overrides,
  });
  const apply = (agreements: AgreementSource[], sections: null | [] = null) => applyContentFolder(t.database.db, { sections, agreements }, t.clock.now());

  it('seeds seven current versions once; seeding again and loading the same content add nothing', async () => {
    const current = await t.database.db.select({ n: count() }).from(schema.agreementVersions).where(isNull(schema.agreementVersions.retiredAt));
    expect(current[0]!.n).toBe(7);
    const before = await rowCounts(t.database.db);
    expect((await seedDatabase(t.database.db, t.clock.now())).seeded).toEqual([]);
    const report = await apply(await agreementPdfSources(t.database.db));
    expect({ ...report.agreements, unchanged: [...(report.agreements?.unchanged ?? [])].sort() }).toEqual({ added: [], replaced: [], unchanged: [...AGREEMENT_KEYS].sort(), resetDrafts: 0 });
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('refuses a bad list as a whole, naming every problem, and applies nothing of the folder', async () => {
    const before = await rowCounts(t.database.db);
    const bad = [
      source({ checkboxes: [{ id: 'Bad Id', text: 'x', required: false, critical: true }] }),
      source({ key: 'ppm' }),
      source({ key: 'risk', pdf: new TextEncoder().encode('not a pdf'), signature: { field: 'a.b', dateField: 'a.b' } }),
    ];
    const error = await apply(bad, []).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(error).toContain('"ppm" checkbox "Bad Id": the id must be lower-case');
    expect(error).toContain('"ppm" checkbox "Bad Id": a critical checkbox must also be required.');
    expect(error).toContain('"ppm": at least one checkbox must be required.');
    expect(error).toContain('"ppm": listed twice.');
    expect(error).toContain('"risk": the document is not a PDF file.');
    expect(error).toContain('"risk" signature.field: "a.b" must be a PDF field name');
    expect(error).toContain('"risk": the signature field and the date field must differ.');
    // sections: [] would have retired every section: the refusal of the agreements took that back too.
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('a replaced agreement applies to who has not signed it; a signer keeps the exact version signed', async () => {
    const drafter = await legalInvestor(t);
    const signer = await legalInvestor(t);
    const untouched = await legalInvestor(t);
    const old = (await legalProgress(t, drafter.token)).configurations.ppm;
    const tick = { accepted: false, signature: '', signed: false, checkboxes: { [old.checkboxes[0]!.id]: true } };
    expect((await saveAgreements(t, drafter.token, { [PPM]: tick, [AGREEMENT_NAMES.risk]: { ...tick, checkboxes: {} } })).status).toBe(200);
    const stalePage = signing(old);
    await signAgreement(t, signer.token, 'ppm');

    const next = source();
    const report = await apply([next]);
    expect(report.agreements).toMatchObject({ added: [], replaced: ['ppm'], unchanged: [], resetDrafts: 1 });

    const drafted = await legalProgress(t, drafter.token);
    expect(drafted.configurations.ppm).toMatchObject({ title: next.title, sha256: sha256(next.pdf), checkboxes: next.checkboxes });
    expect(drafted.configurations.ppm.pdfPath).not.toBe(old.pdfPath);
    expect(drafted.agreements[PPM]).toEqual({ accepted: false, signature: '', signed: false, signedAt: null, checkboxes: { ppm_read_second_edition: false } });
    const signed = await legalProgress(t, signer.token);
    expect(signed.configurations.ppm).toEqual(old);
    expect(signed.agreements[PPM]!.signed).toBe(true);
    expect((await legalProgress(t, untouched.token)).configurations.ppm.sha256).toBe(sha256(next.pdf));

    // A page still showing the old version cannot sign it: 409, nothing written; the new one signs.
    const before = await rowCounts(t.database.db);
    const stale = await saveAgreements(t, drafter.token, { [PPM]: stalePage });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: messages.legal.versionChanged });
    expect(await rowCounts(t.database.db)).toEqual(before);
    expect((await saveAgreements(t, drafter.token, { [PPM]: signing(drafted.configurations.ppm) })).status).toBe(200);

    // The old PDF: still the signer's (what they signed), no longer anyone else's.
    expect((await t.get(old.pdfPath, signer.token)).status).toBe(200);
    expect((await t.get(old.pdfPath, untouched.token)).status).toBe(404);
    const fresh = await t.get(drafted.configurations.ppm.pdfPath, untouched.token);
    expect(sha256(new Uint8Array(await fresh.arrayBuffer()))).toBe(sha256(next.pdf));

    // Only the checkboxes changed: a new version too.
    const boxes = await apply([{ ...next, checkboxes: [...next.checkboxes, { id: 'ppm_extra', text: 'One more confirmation.', required: false, critical: false }] }]);
    expect(boxes.agreements?.replaced).toEqual(['ppm']);
  });

  it('serves an agreement PDF with its SHA-256 as ETag, private and revalidated; 404 for anything else; 409 before KYC', async () => {
    const { token } = await legalInvestor(t);
    const { configurations } = await legalProgress(t, token);
    const res = await t.get(configurations.risk.pdfPath, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('etag')).toBe(`"${configurations.risk.sha256}"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(sha256(bytes)).toBe(configurations.risk.sha256);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const revalidated = await t.request(configurations.risk.pdfPath, { headers: { ...bearer(token), 'if-none-match': res.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    for (const path of ['/api/legal/pdf/not-a-uuid', `/api/legal/pdf/${crypto.randomUUID()}`, '/api/legal/pdf/..%2F..%2Fserver.lock', '/api/legal/pdf/%00']) {
      const r = await t.get(path, token);
      expect(r.status, path).toBe(404);
      expect(await r.json()).toEqual({ error: messages.server.notFound });
    }
    expect((await t.get(configurations.risk.pdfPath)).status).toBe(401);
    const early = await kycInvestor(t);
    expect((await t.get(configurations.risk.pdfPath, early.token)).status).toBe(409);
  });
});

describe('npm run content:load', () => {
  it('loads agreements and sections into a data dir and reports what changed', { timeout: 120_000 }, async () => {
    const dir = await freshPgliteDir();
    try {
      const folder = join(dir.root, 'issuer');
      await writeFolder(folder, { sections: [{ slug: 'prospectus', title: 'Prospectus', minReadingTime: 0, file: 'p.pdf' }], agreements: [ppmEntry()] }, { 'p.pdf': pdfBytes('p'), 'ppm.pdf': pdfBytes('ppm') });
      const env = { PATH: process.env.PATH, DATA_DIR: dir.root };
      const run = () => spawnSync(process.execPath, ['--import', 'tsx', LOAD, folder], { env, encoding: 'utf8' });
      const loaded = run();
      expect(loaded.stderr).toBe('');
      expect(loaded.status).toBe(0);
      expect(loaded.stdout).toMatch(/Agreements loaded from .*\nadded\s+ppm\nreplaced\s+-\nunchanged\s+-\n/);
      expect(run().stdout).toMatch(/unchanged\s+ppm\n/);
      await writeFolder(folder, { agreements: [ppmEntry({ file: '../x.pdf' })] }, {});
      const bad = run();
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/^Content not loaded\. agreement "ppm": "\.\.\/x\.pdf" must be a file name inside the folder/);
      const database = await openDatabase({ kind: 'pglite', dataDir: dir.pgliteDir });
      try {
        const rows = await database.db.select({ key: schema.agreementVersions.key, title: schema.agreementVersions.title }).from(schema.agreementVersions);
        expect(rows).toEqual([{ key: 'ppm', title: 'Private Placement Memorandum (2nd edition)' }]);
      } finally {
        await database.close();
      }
    } finally {
      await dir.remove();
    }
  });
});

describe('CONTENT_DIR', () => {
  it('is read as CONTENT_DIR or its older name DISCLOSURE_DIR; two different folders stop the start', () => {
    expect(loadConfig({ CONTENT_DIR: 'issuer' }, '/srv').contentDir).toEqual({ path: '/srv/issuer', variable: 'CONTENT_DIR' });
    expect(loadConfig({ DISCLOSURE_DIR: 'issuer' }, '/srv').contentDir).toEqual({ path: '/srv/issuer', variable: 'DISCLOSURE_DIR' });
    expect(loadConfig({ CONTENT_DIR: 'issuer', DISCLOSURE_DIR: '/srv/issuer' }, '/srv').contentDir).toEqual({ path: '/srv/issuer', variable: 'CONTENT_DIR' });
    expect(() => loadConfig({ CONTENT_DIR: 'a', DISCLOSURE_DIR: 'b' }, '/srv')).toThrow(ConfigError);
    expect(() => loadConfig({ CONTENT_DIR: 'a', DISCLOSURE_DIR: 'b' }, '/srv')).toThrow(/CONTENT_DIR: "a" and DISCLOSURE_DIR "b" name different folders/);
  });

  for (const backend of serverBackends()) {
    it(`puts the issuer's agreement in place before the demo seed, and a broken folder stops the start naming CONTENT_DIR [${backend.name}]`, { timeout: 120_000 }, async () => {
      const setup = await backend.setup();
      try {
        const folder = join(setup.dataDir, 'issuer');
        await writeFolder(folder, { agreements: [ppmEntry()] }, { 'ppm.pdf': pdfBytes('issuer ppm') });
        const options = { dataDir: setup.dataDir, port: 0, host: '127.0.0.1', staticDir: null, log: createMemoryLog() };
        const server = await startServer({ ...options, env: { ...setup.env, CONTENT_DIR: folder } });
        await server.close();
        const database = await openDatabase(setup.env.DATABASE_URL ? { kind: 'postgres', url: setup.env.DATABASE_URL } : { kind: 'pglite', dataDir: join(setup.dataDir, 'pglite') });
        try {
          const rows = await database.db.select({ key: schema.agreementVersions.key, sha256: schema.agreementVersions.sha256 }).from(schema.agreementVersions).where(isNull(schema.agreementVersions.retiredAt));
          expect(rows.map((r) => r.key).sort()).toEqual([...AGREEMENT_KEYS].sort());
          expect(rows.find((r) => r.key === 'ppm')?.sha256).toBe(sha256(pdfBytes('issuer ppm')));
          // Only the issuer's ppm ever existed: the demo one was never seeded over it.
          expect(await database.db.select({ n: count() }).from(schema.agreementVersions)).toEqual([{ n: 7 }]);
        } finally {
          await database.close();
        }
        await writeFolder(folder, { agreements: [ppmEntry({ checkboxes: [] })] }, {});
        const error = await startServer({ ...options, env: { ...setup.env, CONTENT_DIR: folder } }).then(
          async (s) => (await s.close(), null),
          (e: Error) => e,
        );
        expect(error).toBeInstanceOf(ConfigError);
        expect(error?.message).toMatch(/CONTENT_DIR: The agreements were not loaded:\n"ppm": an agreement needs 1 to 32 checkboxes/);
      } finally {
        await setup.cleanup();
      }
    });
  }
});
