/**
 * Issuer content in the back-office (issue 15), on both databases: the list with its counts; a section or agreement
 * changed with the loader's rules (a replaced disclosure document resets the investors who have not finished and not
 * the ones who have; a replaced agreement keeps each signer's version); adding and removing sections; uploads that are
 * refused (not a PDF, a PDF that does not open, too large, a client gone mid-upload) leave no file and no row; every
 * change one audit event with the old and new SHA-256; a double click acts once.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeOf, draftFor, isDraftValid, withBoxAdded, withBoxFlag, withBoxMoved, withBoxText } from '../../machines/admin/content/content.rules.ts';
import { contentMessages } from '../../src/shared/admin/content-messages.ts';
import * as v from 'valibot';
import { AdminContentResponseSchema, checkboxListProblems, ContentChangeResponseSchema, type AdminContentResponse, type AdminDisclosureSection } from '../../src/shared/admin/content.ts';
import { AGREEMENT_KEYS, AGREEMENT_NAMES } from '../../src/shared/legal.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { bearer, forEachDatabase, type ApiTest } from './harness.ts';
import { abortedForm, largeForm, postForm, realPdf, sendStream } from './support/admin-content.ts';
import { legalInvestor, legalProgress, saveAgreements, signAgreement } from './support/legal.ts';
import { rowCounts } from './support/row-counts.ts';
import { createStaff, type TestStaff } from './support/staff.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const PPM = AGREEMENT_NAMES.ppm;

async function content(t: ApiTest, token: string): Promise<AdminContentResponse> {
  const res = await t.get('/api/admin/content', token);
  expect(res.status).toBe(200);
  // The answer the back-office page reads passes its schema (the page refuses any other).
  return v.parse(AdminContentResponseSchema, await res.json());
}

/** A change's answer, as the page's schema reads it. */
const changeAnswer = async (res: Response) => v.parse(ContentChangeResponseSchema, await res.json());

const activeSections = async (t: ApiTest, token: string) => (await content(t, token)).sections.filter((s) => s.retiredAt === null);

const sectionForm = (s: Pick<AdminDisclosureSection, 'title' | 'order' | 'minReadingSeconds'>) => ({
  title: s.title,
  order: String(s.order),
  minReadingSeconds: String(s.minReadingSeconds),
});

const adminEvents = (t: ApiTest, prefix: string) => t.database.db.select().from(schema.auditEvents).where(like(schema.auditEvents.action, `${prefix}%`));

/** An investor who has completed reading `sectionId`; `finished` also completes the whole step. */
async function reader(t: ApiTest, sectionId: string, finished: boolean) {
  const { user } = await t.register();
  const now = t.clock.now();
  await t.database.db.insert(schema.disclosureReads).values({ userId: user.userId, sectionId, openedAt: now, timeSpent: 600, scrolledAt: now, completedAt: now });
  if (finished) await t.database.db.update(schema.disclosureProgress).set({ completed: true, completedAt: now }).where(eq(schema.disclosureProgress.userId, user.userId));
  return user.userId;
}

const readsOf = (t: ApiTest, userId: string) => t.database.db.select().from(schema.disclosureReads).where(eq(schema.disclosureReads.userId, userId));

forEachDatabase('back-office content', (t) => {
  let admin: TestStaff;
  let auditor: TestStaff;
  beforeAll(async () => {
    admin = await createStaff(t, ['issuer-admin']);
    auditor = await createStaff(t, ['auditor']);
  });

  it('lists the sections and the seven agreements with their versions; the auditor reads the same', async () => {
    const list = await content(t, admin.token);
    expect(list.sections.length).toBeGreaterThan(0);
    expect(list.agreements.map((a) => a.key)).toEqual([...AGREEMENT_KEYS]);
    for (const agreement of list.agreements) {
      expect(agreement.current).not.toBeNull();
      expect(agreement.current!.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(agreement.versions[0]).toEqual(agreement.current);
    }
    expect(await content(t, auditor.token)).toEqual(list);
    // The auditor reads and changes nothing.
    const section = list.sections[0]!;
    expect((await postForm(t, `/api/admin/content/disclosure/${section.id}`, auditor.token, sectionForm(section))).status).toBe(403);
  });

  it('a replaced disclosure document resets the investors who have not finished, not those who have; one audit event', async () => {
    const [section] = await activeSections(t, admin.token);
    const unfinished = await reader(t, section!.id, false);
    const finished = await reader(t, section!.id, true);
    const before = (await content(t, admin.token)).sections.find((s) => s.id === section!.id)!;
    const pdf = await realPdf(`replaced ${Date.now()}`);

    const res = await postForm(t, `/api/admin/content/disclosure/${section!.id}`, admin.token, sectionForm(section!), { bytes: pdf });
    expect(res.status).toBe(200);
    expect(await changeAnswer(res)).toEqual({ changed: true, resetInvestors: 1 });
    expect(await readsOf(t, unfinished)).toEqual([]);
    expect(await readsOf(t, finished)).toHaveLength(1);

    const after = (await content(t, admin.token)).sections.find((s) => s.id === section!.id)!;
    expect(after.sha256).toBe(sha256(pdf));
    expect(after.readers).toBe(before.readers - 1);
    expect(after.history[0]).toMatchObject({ action: 'admin.content.disclosure.update', oldSha256: before.sha256, newSha256: sha256(pdf), staffName: 'Test issuer-admin' });
    const events = (await adminEvents(t, 'admin.content.disclosure.update')).filter((e) => e.detail.newSha256 === sha256(pdf));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ staffId: admin.id, userId: null, detail: { role: 'issuer-admin', sectionId: section!.id, oldSha256: before.sha256, resetReads: 1, documentReplaced: true } });

    // The preview serves the new bytes, inline and sandboxed.
    const served = await t.get(`/api/admin/content/disclosure/${section!.id}/pdf`, auditor.token);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('cache-control')).toBe('no-store');
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(pdf));

    // The same form again changes nothing and records nothing.
    const counts = await rowCounts(t.database.db);
    const again = await postForm(t, `/api/admin/content/disclosure/${section!.id}`, admin.token, sectionForm(section!), { bytes: pdf });
    expect(await again.json()).toEqual({ changed: false, resetInvestors: 0 });
    expect(await rowCounts(t.database.db)).toEqual(counts);
  });

  it('a title, order or reading-time change keeps every reading; the values are stored', async () => {
    const [section] = await activeSections(t, admin.token);
    const unfinished = await reader(t, section!.id, false);
    const res = await postForm(t, `/api/admin/content/disclosure/${section!.id}`, admin.token, {
      title: '  Risk Factors — révisé 2026 ✓ ',
      order: String(section!.order),
      minReadingSeconds: '95',
    });
    expect(await res.json()).toEqual({ changed: true, resetInvestors: 0 });
    expect(await readsOf(t, unfinished)).toHaveLength(1);
    const after = (await content(t, admin.token)).sections.find((s) => s.id === section!.id)!;
    expect(after).toMatchObject({ title: 'Risk Factors — révisé 2026 ✓', minReadingSeconds: 95, sha256: section!.sha256 });
  });

  it('a double click acts once: two identical replacements at once make one change and one audit event', async () => {
    const [section] = await activeSections(t, admin.token);
    const pdf = await realPdf(`double ${Date.now()}`);
    const answers = await Promise.all([0, 1].map(() => postForm(t, `/api/admin/content/disclosure/${section!.id}`, admin.token, sectionForm(section!), { bytes: pdf })));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(bodies.map((b) => (b as { changed: boolean }).changed).sort()).toEqual([false, true]);
    expect((await adminEvents(t, 'admin.content.disclosure.update')).filter((e) => e.detail.newSha256 === sha256(pdf))).toHaveLength(1);
  });

  it('adds a section (unique short name), removes one (kept for the record), never the last', async () => {
    const pdf = await realPdf(`new section ${Date.now()}`);
    const slug = `annex-${Date.now()}`;
    const res = await postForm(t, '/api/admin/content/disclosure', admin.token, { slug, title: 'Annex', order: '99', minReadingSeconds: '30' }, { bytes: pdf });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { id: string };
    expect(v.parse(ContentChangeResponseSchema, answer)).toEqual({ changed: true, resetInvestors: 0 });
    const { id } = answer;
    const added = (await content(t, admin.token)).sections.find((s) => s.id === id)!;
    expect(added).toMatchObject({ slug, title: 'Annex', order: 99, minReadingSeconds: 30, sha256: sha256(pdf), retiredAt: null });
    expect((await adminEvents(t, 'admin.content.disclosure.add')).filter((e) => e.detail.sectionId === id)).toHaveLength(1);

    // Two clicks at once on "add": one section.
    const racedSlug = `raced-${Date.now()}`;
    const raced = await Promise.all([0, 1].map(() => postForm(t, '/api/admin/content/disclosure', admin.token, { slug: racedSlug, title: 'Raced', order: '98', minReadingSeconds: '30' })));
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await content(t, admin.token)).sections.filter((x) => x.slug === racedSlug)).toHaveLength(1);

    // The same short name again (two clicks): refused, nothing written.
    const counts = await rowCounts(t.database.db);
    const twice = await postForm(t, '/api/admin/content/disclosure', admin.token, { slug, title: 'Annex', order: '99', minReadingSeconds: '30' });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ error: contentMessages.slugTaken });
    const badSlug = await postForm(t, '/api/admin/content/disclosure', admin.token, { slug: '../Etc', title: 'Annex', order: '1', minReadingSeconds: '30' });
    expect(badSlug.status).toBe(400);
    expect(await badSlug.json()).toEqual({ error: contentMessages.invalidSlug });
    expect(await rowCounts(t.database.db)).toEqual(counts);

    const removed = await t.request(`/api/admin/content/disclosure/${id}`, { method: 'DELETE', headers: bearer(admin.token) });
    expect(removed.status).toBe(200);
    expect(await changeAnswer(removed)).toEqual({ changed: true, resetInvestors: 0 });
    const after = (await content(t, admin.token)).sections.find((s) => s.id === id)!;
    expect(after.retiredAt).not.toBeNull();
    // A removed section can be neither removed again nor edited.
    expect((await t.request(`/api/admin/content/disclosure/${id}`, { method: 'DELETE', headers: bearer(admin.token) })).status).toBe(409);
    const edit = await postForm(t, `/api/admin/content/disclosure/${id}`, admin.token, sectionForm(after));
    expect(edit.status).toBe(409);
    expect(await edit.json()).toEqual({ error: contentMessages.sectionRetired });

    // Down to one section: that one stays.
    const active = await activeSections(t, admin.token);
    for (const s of active.slice(1)) {
      expect((await t.request(`/api/admin/content/disclosure/${s.id}`, { method: 'DELETE', headers: bearer(admin.token) })).status).toBe(200);
    }
    const last = await t.request(`/api/admin/content/disclosure/${active[0]!.id}`, { method: 'DELETE', headers: bearer(admin.token) });
    expect(last.status).toBe(409);
    expect(await last.json()).toEqual({ error: contentMessages.lastSection });
    // Put the others back for the tests after this one.
    for (const s of active.slice(1)) {
      const again = await postForm(t, '/api/admin/content/disclosure', admin.token, { slug: `${s.slug.slice(0, 60)}-b${Date.now() % 1000}`, title: s.title, order: String(s.order), minReadingSeconds: '1' });
      expect(again.status).toBe(201);
    }
  });

  it('unknown or malformed ids are 404 before the body is read', async () => {
    const section = (await activeSections(t, admin.token))[0]!;
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await postForm(t, `/api/admin/content/disclosure/${id}`, admin.token, sectionForm(section));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: contentMessages.sectionNotFound });
      expect((await t.get(`/api/admin/content/disclosure/${id}/pdf`, admin.token)).status).toBe(404);
    }
    expect((await postForm(t, '/api/admin/content/agreements/nda', admin.token, { title: 'x', checkboxes: '[]' })).status).toBe(404);
    expect((await t.get(`/api/admin/content/agreements/ppm/versions/not-a-uuid/pdf`, admin.token)).status).toBe(404);
    const someVersion = (await content(t, admin.token)).agreements[1]!.current!.id;
    // A version of another agreement under this key: 404.
    expect((await t.get(`/api/admin/content/agreements/ppm/versions/${someVersion}/pdf`, admin.token)).status).toBe(404);
  });

  describe('agreements', () => {
    it('a replaced agreement is a new version: drafts reset, a signer keeps the version signed', async () => {
      const drafter = await legalInvestor(t);
      const signer = await legalInvestor(t);
      const old = (await legalProgress(t, drafter.token)).configurations.ppm;
      const tick = { accepted: false, signature: '', signed: false, checkboxes: { [old.checkboxes[0]!.id]: true } };
      expect((await saveAgreements(t, drafter.token, { [PPM]: tick })).status).toBe(200);
      await signAgreement(t, signer.token, 'ppm');
      const before = (await content(t, admin.token)).agreements.find((a) => a.key === 'ppm')!;
      expect(before.current!.signers).toBeGreaterThanOrEqual(1);

      const pdf = await realPdf(`ppm ${Date.now()}`);
      const checkboxes = [
        { id: 'ppm_read_third_edition', text: 'I have read the third edition — «édition» 三.', required: true, critical: true },
        { id: 'ppm_news', text: 'Send me news.', required: false, critical: false },
      ];
      const res = await postForm(t, '/api/admin/content/agreements/ppm', admin.token, { title: 'PPM (3rd edition)', checkboxes: JSON.stringify(checkboxes) }, { bytes: pdf });
      expect(res.status).toBe(200);
      expect(await changeAnswer(res)).toEqual({ changed: true, resetInvestors: 1 });
      // The form's own check takes what the loader takes.
      expect(checkboxListProblems(checkboxes)).toEqual({ list: null, rows: [{}, {}] });

      const after = (await content(t, admin.token)).agreements.find((a) => a.key === 'ppm')!;
      expect(after.current).toMatchObject({ title: 'PPM (3rd edition)', sha256: sha256(pdf), checkboxes, signers: 0, signatureField: before.current!.signatureField });
      const oldVersion = after.versions.find((v) => v.id === before.current!.id)!;
      expect(oldVersion.retiredAt).not.toBeNull();
      expect(oldVersion.signers).toBe(before.current!.signers);

      expect((await legalProgress(t, signer.token)).configurations.ppm).toEqual(old);
      const drafted = await legalProgress(t, drafter.token);
      expect(drafted.configurations.ppm.sha256).toBe(sha256(pdf));
      expect(drafted.agreements[PPM]!.checkboxes).toEqual({ ppm_read_third_edition: false, ppm_news: false });

      const [event] = (await adminEvents(t, 'admin.content.agreement.replace')).filter((e) => e.detail.newSha256 === sha256(pdf));
      expect(event).toMatchObject({ staffId: admin.id, detail: { role: 'issuer-admin', key: 'ppm', oldVersionId: before.current!.id, oldSha256: before.current!.sha256, newVersionId: after.current!.id, resetDrafts: 1 } });

      // Both versions stay readable; the old one is the signer's.
      const oldPdf = await t.get(`/api/admin/content/agreements/ppm/versions/${before.current!.id}/pdf`, admin.token);
      expect(sha256(new Uint8Array(await oldPdf.arrayBuffer()))).toBe(before.current!.sha256);

      // Title and boxes only (no file): a new version with the same PDF.
      const retitled = await postForm(t, '/api/admin/content/agreements/ppm', admin.token, { title: 'PPM (3rd edition, corrected)', checkboxes: JSON.stringify(checkboxes) });
      expect(await retitled.json()).toEqual({ changed: true, resetInvestors: 0 });
      expect((await content(t, admin.token)).agreements.find((a) => a.key === 'ppm')!.current).toMatchObject({ title: 'PPM (3rd edition, corrected)', sha256: sha256(pdf) });
    });

    it('a double click acts once: two identical agreement changes at once add one version and one audit event', async () => {
      const pdf = await realPdf(`risk twice ${Date.now()}`);
      const fields = { title: 'Risk Acknowledgment (twice)', checkboxes: JSON.stringify([{ id: 'risk_ok', text: 'I understand the risks.', required: true, critical: true }]) };
      const before = (await content(t, admin.token)).agreements.find((a) => a.key === 'risk')!.versions.length;
      const answers = await Promise.all([0, 1].map(() => postForm(t, '/api/admin/content/agreements/risk', admin.token, fields, { bytes: pdf })));
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const bodies = (await Promise.all(answers.map((r) => r.json()))) as { changed: boolean }[];
      expect(bodies.map((b) => b.changed).sort()).toEqual([false, true]);
      expect((await content(t, admin.token)).agreements.find((a) => a.key === 'risk')!.versions.length).toBe(before + 1);
      expect((await adminEvents(t, 'admin.content.agreement.replace')).filter((e) => e.detail.newSha256 === sha256(pdf))).toHaveLength(1);
    });

    it('the change the back-office form makes from its rows (added, flagged, moved) is what the server takes, in order', async () => {
      let draft = draftFor({ kind: 'agreement', key: 'risk' }, await content(t, admin.token))!;
      draft = withBoxAdded(draft);
      const added = draft.kind === 'agreement' ? draft.boxes.length - 1 : -1;
      draft = withBoxFlag(withBoxText(draft, added, 'I accept that I may lose everything I invest.'), added, 'critical', true);
      draft = withBoxMoved(draft, added, -1);
      expect(isDraftValid(draft)).toBe(true);
      const change = changeOf(draft);
      if (change.kind !== 'agreement') throw new Error('an agreement change');
      const res = await postForm(t, '/api/admin/content/agreements/risk', admin.token, change.fields);
      expect(res.status).toBe(200);
      expect(await changeAnswer(res)).toMatchObject({ changed: true });
      const current = (await content(t, admin.token)).agreements.find((a) => a.key === 'risk')!.current!;
      expect(current.checkboxes).toEqual(JSON.parse(change.fields.checkboxes));
      expect(current.checkboxes.at(-2)).toMatchObject({ text: 'I accept that I may lose everything I invest.', required: true, critical: true });
    });

    it("refuses what the loader refuses, in the loader's words, writing nothing", async () => {
      const counts = await rowCounts(t.database.db);
      const cases: [Record<string, string>, number, RegExp][] = [
        [{ title: 'PPM', checkboxes: JSON.stringify([{ id: 'a', text: 'A', required: false, critical: true }]) }, 400, /critical checkbox must also be required/],
        [{ title: 'PPM', checkboxes: JSON.stringify([]) }, 400, /1 to 32 checkboxes/],
        [{ title: 'PPM', checkboxes: JSON.stringify([{ id: 'Bad Id', text: 'A', required: true }]) }, 400, /the id must be lower-case/],
        [{ title: 'PPM', checkboxes: '{not json' }, 400, new RegExp(contentMessages.invalidCheckboxes.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
        [{ title: 'PPM', checkboxes: JSON.stringify([{ id: 'a', text: 'A', required: true, extra: 1 }]) }, 400, /checkbox list is not valid/],
        [{ title: '   ', checkboxes: JSON.stringify([{ id: 'a', text: 'A', required: true }]) }, 400, /title of 1 to 200/],
      ];
      // The back-office form refuses the same lists before sending them (the loader's rules, shared).
      for (const [fields] of cases.slice(0, 3)) {
        const boxes = (JSON.parse(fields.checkboxes!) as { id: string; text: string; required: boolean; critical?: boolean }[]).map((b) => ({ ...b, critical: b.critical ?? false }));
        const problems = checkboxListProblems(boxes);
        expect(problems.list !== null || problems.rows.some((r) => Object.keys(r).length > 0), fields.checkboxes).toBe(true);
      }
      for (const [fields, status, error] of cases) {
        const res = await postForm(t, '/api/admin/content/agreements/ppm', admin.token, fields, { bytes: await realPdf('refused') });
        expect(res.status, JSON.stringify(fields)).toBe(status);
        expect(((await res.json()) as { error: string }).error).toMatch(error);
      }
      expect(await rowCounts(t.database.db)).toEqual(counts);
      expect(await readdir(t.storage.dir)).toEqual([]);
    });

    it('checkbox JSON that is not plain data (a \\ud800 or \\u0000 escape, a __proto__ key, nested too deep) is refused as the JSON reader refuses it: 400, nothing written', async () => {
      const counts = await rowCounts(t.database.db);
      const box = (text: string) => `[{"id":"privacy_ok","text":"${text}","required":true}]`;
      for (const checkboxes of [
        box('\\ud800'),
        box('a\\u0000b'),
        box('\\udfff'),
        '[{"id":"privacy_ok","text":"ok","required":true,"__proto__":{"critical":true}}]',
        `[{"id":"privacy_ok","text":"ok","required":true,"critical":false,"x":${'['.repeat(40)}${']'.repeat(40)}}]`,
      ]) {
        const res = await postForm(t, '/api/admin/content/agreements/privacy', admin.token, { title: 'Privacy Policy', checkboxes }, { bytes: await realPdf('not plain') });
        expect(res.status, checkboxes.slice(0, 60)).toBe(400);
        expect(await res.json()).toEqual({ error: contentMessages.invalidCheckboxes });
      }
      expect(await rowCounts(t.database.db)).toEqual(counts);
      expect(await readdir(t.storage.dir)).toEqual([]);
    });
  });

  describe('uploads refused leave no file and no row', () => {
    const path = async () => `/api/admin/content/disclosure/${(await activeSections(t, admin.token))[0]!.id}`;
    const fields = { title: 'Refused', order: '1', minReadingSeconds: '60' };

    it('a file that is not a PDF (415), a PDF that does not open (422), an empty file (400)', async () => {
      const target = await path();
      const counts = await rowCounts(t.database.db);
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
      const notPdf = await postForm(t, target, admin.token, fields, { bytes: png, name: 'fake.pdf' });
      expect(notPdf.status).toBe(415);
      expect(await notPdf.json()).toEqual({ error: contentMessages.notPdf });
      const text = await postForm(t, target, admin.token, fields, { bytes: new TextEncoder().encode('hello, not a document at all') });
      expect(text.status).toBe(415);
      const broken = await postForm(t, target, admin.token, fields, { bytes: new TextEncoder().encode('%PDF-1.7\nthis is not a PDF body\n%%EOF') });
      expect(broken.status).toBe(422);
      expect(await broken.json()).toEqual({ error: contentMessages.pdfDoesNotOpen });
      const empty = await postForm(t, target, admin.token, fields, { bytes: new Uint8Array(0) });
      expect(empty.status).toBe(400);
      expect(await rowCounts(t.database.db)).toEqual(counts);
      expect(await readdir(t.storage.dir)).toEqual([]);
    });

    it('a file over 20 MB: 413 as the limit is passed, not after the whole body', async () => {
      const target = await path();
      const counts = await rowCounts(t.database.db);
      const body = largeForm(fields, new TextEncoder().encode('%PDF-1.7\n'), 64 * 1024 * 1024);
      const res = await sendStream(t, target, admin.token, body);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: contentMessages.tooLarge });
      expect(body.pulled()).toBeLessThan(30 * 1024 * 1024);
      expect(await rowCounts(t.database.db)).toEqual(counts);
      expect(await readdir(t.storage.dir)).toEqual([]);
    });

    it('a client gone mid-upload: nothing stored', async () => {
      const target = await path();
      const counts = await rowCounts(t.database.db);
      const res = await sendStream(t, target, admin.token, abortedForm(fields, new TextEncoder().encode('%PDF-1.7\n'), 100_000));
      expect(res.status).toBe(400);
      expect(await rowCounts(t.database.db)).toEqual(counts);
      expect(await readdir(t.storage.dir)).toEqual([]);
    });

    it('a wrong role is refused before the body is read; an investor token too', async () => {
      const target = await path();
      const compliance = await createStaff(t, ['compliance']);
      const investor = await t.register();
      const counts = await rowCounts(t.database.db);
      for (const token of [compliance.token, investor.token]) {
        const body = largeForm(fields, new TextEncoder().encode('%PDF-1.7\n'), 8 * 1024 * 1024);
        const res = await sendStream(t, target, token, body);
        expect([401, 403]).toContain(res.status);
        expect(body.pulled()).toBeLessThan(1024 * 1024);
      }
      expect(await rowCounts(t.database.db)).toEqual(counts);
      expect(await readdir(t.storage.dir)).toEqual([]);
    });

    it('fields out of range: 400, nothing stored', async () => {
      const target = await path();
      const counts = await rowCounts(t.database.db);
      for (const bad of [
        { ...fields, order: '0' },
        { ...fields, order: '-1' },
        { ...fields, minReadingSeconds: '36001' },
        { ...fields, minReadingSeconds: '1.5' },
        { ...fields, title: 'x'.repeat(201) },
        { ...fields, title: 'nul\u0000byte' },
      ]) {
        const res = await postForm(t, target, admin.token, bad, { bytes: await realPdf('fields') });
        expect(res.status, JSON.stringify(bad)).toBe(400);
      }
      expect(await rowCounts(t.database.db)).toEqual(counts);
      expect(await readdir(t.storage.dir)).toEqual([]);
      // A missing field
      const res = await postForm(t, target, admin.token, { title: 'x', order: '1' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: contentMessages.invalidFields });
    });
  });
});
