/**
 * Disclosure review on the server: the server's clock and order decide, never the browser's claims.
 * Sections here are short (seconds) and replaced per file; the clock is moved, never waited for.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DisclosureProgressResponse, DisclosureSection, SectionProgress } from '../../src/shared/disclosure.ts';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { replaceDisclosureSections, type SectionSource } from '../../src/server/domain/disclosure/replace-disclosure-sections.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';

const pdf = (label: string) => new TextEncoder().encode(`%PDF-1.7\n% ${label}\n%%EOF\n`);

/** 30 s, 6 s and 12 s of reading; the third has no document in the "missing" variant. */
export const TEST_SECTIONS: SectionSource[] = [
  { slug: 'summary', title: 'Offering Summary', order: 1, minReadingTime: 0.5, pdf: pdf('summary') },
  { slug: 'risks', title: 'Risk Factors', order: 2, minReadingTime: 0.1, pdf: pdf('risks') },
  { slug: 'terms', title: 'Token Terms', order: 3, minReadingTime: 0.2, pdf: pdf('terms') },
];

type Progress = DisclosureProgressResponse;

function client(t: ApiTest) {
  return {
    async sections(token: string): Promise<DisclosureSection[]> {
      const res = await t.get('/api/disclosure/sections', token);
      expect(res.status).toBe(200);
      return (await res.json()) as DisclosureSection[];
    },
    async progress(token: string): Promise<Progress> {
      const res = await t.get('/api/disclosure/progress', token);
      expect(res.status).toBe(200);
      return (await res.json()) as Progress;
    },
    save: (token: string, sectionProgress: Record<string, Partial<SectionProgress>>) => t.post('/api/disclosure/save-progress', { sectionProgress }, token),
    complete: (token: string, sectionProgress: Record<string, Partial<SectionProgress>> = {}) =>
      t.post('/api/disclosure/complete', { sectionProgress }, token),
  };
}

const auditActions = async (t: ApiTest, userId: string) =>
  (await t.database.db.select({ action: schema.auditEvents.action, detail: schema.auditEvents.detail }).from(schema.auditEvents).where(eq(schema.auditEvents.userId, userId)).orderBy(asc(schema.auditEvents.seq)))
    .filter((e) => e.action.startsWith('disclosure.'));

/** Opens a section, lets `seconds` pass on the server's clock, then claims them with the scroll. */
async function read(t: ApiTest, token: string, id: string, seconds: number) {
  const api = client(t);
  expect((await api.save(token, { [id]: { opened: true, timeSpent: 0 } })).status).toBe(200);
  t.clock.advance(seconds * 1000);
  const res = await api.save(token, { [id]: { opened: true, timeSpent: seconds, scrolled: true, completed: true } });
  expect(res.status).toBe(200);
  return (await res.json()) as Progress;
}

forEachDatabase('disclosure', (t) => {
  const api = client(t);
  let ids: string[] = [];

  beforeAll(async () => {
    await replaceDisclosureSections(t.database.db, TEST_SECTIONS, new Date());
    const { token } = await t.register();
    ids = (await api.sections(token)).map((s) => s.id);
  });

  describe('reading material', () => {
    it('lists the active sections in reading order with their minimum reading time', async () => {
      const { token } = await t.register();
      const sections = await api.sections(token);
      expect(sections.map(({ title, order, minReadingTime, hasPDF }) => ({ title, order, minReadingTime, hasPDF }))).toEqual([
        { title: 'Offering Summary', order: 1, minReadingTime: 0.5, hasPDF: true },
        { title: 'Risk Factors', order: 2, minReadingTime: 0.1, hasPDF: true },
        { title: 'Token Terms', order: 3, minReadingTime: 0.2, hasPDF: true },
      ]);
      expect((await t.get('/api/disclosure/sections')).status).toBe(401);
    });

    it('serves a section document to a signed-in investor, revalidated by its ETag', async () => {
      const { token } = await t.register();
      const res = await t.get(`/api/disclosure/pdf/${ids[1]}`, token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf('risks'));
      const etag = res.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const again = await t.request(`/api/disclosure/pdf/${ids[1]}`, { headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } });
      expect(again.status).toBe(304);
    });

    it('answers 404 for an unknown or malformed section id and 401 without a token', async () => {
      const { token } = await t.register();
      expect((await t.get('/api/disclosure/pdf/00000000-0000-4000-8000-000000000000', token)).status).toBe(404);
      expect((await t.get('/api/disclosure/pdf/..%2F..%2Fsecrets', token)).status).toBe(404);
      expect((await t.get('/api/disclosure/pdf/1 or 1=1', token)).status).toBe(404);
      expect((await t.get(`/api/disclosure/pdf/${ids[0]}`)).status).toBe(401);
    });
  });

  describe('reading rules', () => {
    it('starts with the first section unlocked and nothing read', async () => {
      const { token } = await t.register();
      const progress = await api.progress(token);
      expect(progress.disclosureProgress).toEqual({
        [ids[0]!]: { unlocked: true, opened: false, timeSpent: 0, scrolled: false, completed: false },
        [ids[1]!]: { unlocked: false, opened: false, timeSpent: 0, scrolled: false, completed: false },
        [ids[2]!]: { unlocked: false, opened: false, timeSpent: 0, scrolled: false, completed: false },
      });
    });

    it('refuses any reading of a locked section and writes nothing', async () => {
      const { token, user } = await t.register();
      const res = await api.save(token, { [ids[0]!]: { opened: true }, [ids[1]!]: { opened: true, timeSpent: 5 } });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: messages.disclosure.sectionLocked, sectionId: ids[1] });
      expect((await api.progress(token)).disclosureProgress[ids[0]!]?.opened).toBe(false);
      expect(await auditActions(t, user.userId)).toEqual([]);
    });

    it('credits no more time than has passed on the server clock since the section was opened', async () => {
      const { token, user } = await t.register();
      await api.save(token, { [ids[0]!]: { opened: true } });
      t.clock.advance(10_000);
      const res = await api.save(token, { [ids[0]!]: { opened: true, timeSpent: 600, scrolled: true, completed: true } });
      expect(res.status).toBe(200);
      const credited = ((await res.json()) as Progress).disclosureProgress[ids[0]!];
      expect(credited).toMatchObject({ timeSpent: 12, scrolled: true, completed: false });
      expect((await api.complete(token)).status).toBe(409);
      const reduced = (await auditActions(t, user.userId)).find((e) => e.action === 'disclosure.time_claim.reduced');
      expect(reduced?.detail).toMatchObject({ claimed: 600, credited: 12, secondsCounted: 10 });
    });

    it('credits nothing for time claimed before the server knew the section was open', async () => {
      const { token } = await t.register();
      const res = await api.save(token, { [ids[0]!]: { opened: true, timeSpent: 60, scrolled: true, completed: true } });
      expect(((await res.json()) as Progress).disclosureProgress[ids[0]!]).toMatchObject({ opened: true, timeSpent: 0, completed: false });
    });

    it('never lowers a saved time and answers the same claims the same way (idempotent)', async () => {
      const { token, user } = await t.register();
      await api.save(token, { [ids[0]!]: { opened: true } });
      t.clock.advance(20_000);
      const first = await (await api.save(token, { [ids[0]!]: { opened: true, timeSpent: 20 } })).json();
      const events = (await auditActions(t, user.userId)).length;
      const second = await (await api.save(token, { [ids[0]!]: { opened: true, timeSpent: 20 } })).json();
      const lower = await (await api.save(token, { [ids[0]!]: { opened: true, timeSpent: 3 } })).json();
      expect(second).toEqual(first);
      expect(lower).toEqual(first);
      expect((await auditActions(t, user.userId)).length).toBe(events);
      // An over-claim is audited once, not once per repetition.
      const over = async () => api.save(token, { [ids[0]!]: { opened: true, timeSpent: 500 } });
      await over();
      await over();
      await over();
      expect((await auditActions(t, user.userId)).filter((e) => e.action === 'disclosure.time_claim.reduced')).toHaveLength(1);
    });

    it('completes a section only with its time and the scroll, then unlocks the next', async () => {
      const { token } = await t.register();
      await api.save(token, { [ids[0]!]: { opened: true } });
      t.clock.advance(31_000);
      const unscrolled = (await (await api.save(token, { [ids[0]!]: { opened: true, timeSpent: 31, completed: true } })).json()) as Progress;
      expect(unscrolled.disclosureProgress[ids[0]!]).toMatchObject({ timeSpent: 31, scrolled: false, completed: false });
      expect(unscrolled.disclosureProgress[ids[1]!]?.unlocked).toBe(false);
      const done = (await (await api.save(token, { [ids[0]!]: { opened: true, timeSpent: 31, scrolled: true } })).json()) as Progress;
      expect(done.disclosureProgress[ids[0]!]).toMatchObject({ completed: true, scrolled: true });
      expect(done.disclosureProgress[ids[1]!]).toMatchObject({ unlocked: true, opened: false });
    });

    it('lets one save complete a section and open the next', async () => {
      const { token } = await t.register();
      await api.save(token, { [ids[0]!]: { opened: true } });
      t.clock.advance(30_000);
      const res = await api.save(token, { [ids[0]!]: { opened: true, timeSpent: 30, scrolled: true }, [ids[1]!]: { opened: true } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Progress).disclosureProgress[ids[1]!]).toMatchObject({ unlocked: true, opened: true });
    });

    it('refuses bad claims with a 400: an unknown section, a negative or fractional time, a malformed body', async () => {
      const { token } = await t.register();
      const unknown = await api.save(token, { '00000000-0000-4000-8000-000000000000': { opened: true } });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toEqual({ error: messages.disclosure.unknownSection });
      expect((await api.save(token, { [ids[0]!]: { timeSpent: -1 } })).status).toBe(400);
      expect((await api.save(token, { [ids[0]!]: { timeSpent: 1.5 } })).status).toBe(400);
      expect((await api.save(token, { 'not-a-uuid': { opened: true } })).status).toBe(400);
      expect((await t.post('/api/disclosure/save-progress', { sections: [] }, token)).status).toBe(400);
      expect((await t.post('/api/disclosure/save-progress', { sectionProgress: {} })).status).toBe(401);
    });
  });

  describe('completion', () => {
    it("refuses completion while a section is missing: 'Please complete all disclosure sections first.'", async () => {
      const { token } = await t.register();
      await read(t, token, ids[0]!, 30);
      await read(t, token, ids[1]!, 6);
      const res = await api.complete(token);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: messages.disclosure.incomplete });
      const progress = await api.progress(token);
      expect(progress).toMatchObject({ currentStep: 'disclosure', disclosuresCompleted: false, disclosureCompletedAt: null });
      // What was read is kept although the completion was refused.
      expect(progress.disclosureProgress[ids[1]!]?.completed).toBe(true);
    });

    it('completes the step once every section is read, moves the investor to KYC and records what was read', async () => {
      const { token, user } = await t.register();
      await read(t, token, ids[0]!, 30);
      await read(t, token, ids[1]!, 6);
      await api.save(token, { [ids[2]!]: { opened: true } });
      t.clock.advance(12_000);
      const res = await api.complete(token, { [ids[2]!]: { opened: true, timeSpent: 12, scrolled: true, completed: true } });
      expect(res.status).toBe(200);
      const done = (await res.json()) as Progress;
      expect(done).toMatchObject({ currentStep: 'kyc', disclosuresCompleted: true, isReadingMode: true, disclosureCompletedAt: t.clock.now().toISOString() });
      const [details] = await t.database.db.select({ step: schema.userDetails.currentStep }).from(schema.userDetails).where(eq(schema.userDetails.userId, user.userId));
      expect(details?.step).toBe('kyc');
      const completed = (await auditActions(t, user.userId)).find((e) => e.action === 'disclosure.completed');
      expect((completed?.detail as { sections: unknown[] }).sections).toHaveLength(3);

      // Again: the same answer, no second audit event; later saves change nothing.
      t.clock.advance(60_000);
      const again = await api.complete(token);
      expect(again.status).toBe(200);
      expect((await again.json()) as Progress).toEqual(done);
      await api.save(token, { [ids[0]!]: { timeSpent: 9_999 } });
      expect(await api.progress(token)).toEqual(done);
      expect((await auditActions(t, user.userId)).filter((e) => e.action === 'disclosure.completed')).toHaveLength(1);
    });

    it("keeps investors apart: one investor's reading never shows in or unlocks another's", async () => {
      const a = await t.register();
      const b = await t.register();
      await read(t, a.token, ids[0]!, 30);
      expect((await api.progress(a.token)).disclosureProgress[ids[1]!]?.unlocked).toBe(true);
      const other = await api.progress(b.token);
      expect(other.disclosureProgress[ids[0]!]).toMatchObject({ opened: false, completed: false });
      expect((await api.save(b.token, { [ids[1]!]: { opened: true } })).status).toBe(409);
      const rows = await t.database.db.select().from(schema.disclosureReads).where(and(eq(schema.disclosureReads.userId, b.user.userId)));
      expect(rows).toEqual([]);
    });
  });
});

forEachDatabase('disclosure sections replaced by the issuer', (t) => {
  const api = client(t);

  it('retires sections no longer listed, and resets a changed document for investors who have not finished', async () => {
    await replaceDisclosureSections(t.database.db, TEST_SECTIONS.slice(0, 2), new Date());
    const finished = await t.register();
    const reading = await t.register();
    let ids = (await api.sections(finished.token)).map((s) => s.id);
    await read(t, finished.token, ids[0]!, 30);
    await read(t, finished.token, ids[1]!, 6);
    expect((await api.complete(finished.token)).status).toBe(200);
    await read(t, reading.token, ids[0]!, 30);

    const report = await replaceDisclosureSections(
      t.database.db,
      [{ ...TEST_SECTIONS[0]!, title: 'Offering Summary (2nd edition)', pdf: pdf('summary v2') }, TEST_SECTIONS[2]!],
      new Date(),
    );
    expect(report).toEqual({ added: ['terms'], updated: ['summary'], unchanged: [], retired: ['risks'], resetReads: 1 });
    ids = (await api.sections(reading.token)).map((s) => s.id);
    expect((await api.sections(reading.token)).map((s) => s.title)).toEqual(['Offering Summary (2nd edition)', 'Token Terms']);
    expect((await api.progress(reading.token)).disclosureProgress[ids[0]!]).toMatchObject({ opened: false, completed: false });
    expect(await api.progress(finished.token)).toMatchObject({ disclosuresCompleted: true, currentStep: 'kyc' });

    // The same set again changes nothing.
    const same = await replaceDisclosureSections(
      t.database.db,
      [{ ...TEST_SECTIONS[0]!, title: 'Offering Summary (2nd edition)', pdf: pdf('summary v2') }, TEST_SECTIONS[2]!],
      new Date(),
    );
    expect(same).toMatchObject({ added: [], updated: [], unchanged: ['summary', 'terms'], retired: [], resetReads: 0 });
  });

  it('does not credit a section for the time it sat locked after an earlier document was replaced', async () => {
    await replaceDisclosureSections(t.database.db, TEST_SECTIONS.slice(0, 2), new Date());
    const { token } = await t.register();
    const [first, second] = (await api.sections(token)).map((s) => s.id) as [string, string];
    await read(t, token, first, 30);
    await api.save(token, { [second]: { opened: true } });
    t.clock.advance(100_000);
    await replaceDisclosureSections(t.database.db, [{ ...TEST_SECTIONS[0]!, pdf: pdf('summary, corrected') }, TEST_SECTIONS[1]!], new Date());
    const progress = await api.progress(token);
    expect(progress.disclosureProgress[first]).toMatchObject({ opened: false, completed: false });
    expect(progress.disclosureProgress[second]).toMatchObject({ unlocked: false, opened: true });
    // Section 1 read again; the same request claims section 2's whole time since it was first opened.
    await api.save(token, { [first]: { opened: true } });
    t.clock.advance(30_000);
    const res = await api.save(token, { [first]: { opened: true, timeSpent: 30, scrolled: true }, [second]: { opened: true, timeSpent: 130, scrolled: true } });
    const after = ((await res.json()) as Progress).disclosureProgress;
    expect(after[first]?.completed).toBe(true);
    expect(after[second]).toMatchObject({ unlocked: true, completed: false });
    expect(after[second]!.timeSpent).toBeLessThanOrEqual(2);
  });

  it('recognises the same manifest again, fractional minutes included', async () => {
    const set = [{ ...TEST_SECTIONS[0]!, minReadingTime: 1 / 30 }, TEST_SECTIONS[1]!];
    await replaceDisclosureSections(t.database.db, set, new Date());
    expect(await replaceDisclosureSections(t.database.db, set, new Date())).toMatchObject({ updated: [], unchanged: ['summary', 'risks'] });
  });

  it('refuses a set with a bad entry and changes nothing', async () => {
    const before = await t.database.db.select({ slug: schema.disclosureSections.slug }).from(schema.disclosureSections);
    await expect(
      replaceDisclosureSections(t.database.db, [TEST_SECTIONS[0]!, { ...TEST_SECTIONS[1]!, slug: 'Bad Slug', pdf: new TextEncoder().encode('GIF89a') }], new Date()),
    ).rejects.toThrow(/slug must be lower-case[\s\S]*not a PDF file/);
    expect(await t.database.db.select({ slug: schema.disclosureSections.slug }).from(schema.disclosureSections)).toEqual(before);
  });

  it('never completes a section that has no document', async () => {
    await replaceDisclosureSections(t.database.db, [{ ...TEST_SECTIONS[1]!, pdf: null }], new Date());
    const { token } = await t.register();
    const [section] = await api.sections(token);
    expect(section).toMatchObject({ hasPDF: false });
    expect((await t.get(`/api/disclosure/pdf/${section!.id}`, token)).status).toBe(404);
    const progress = await read(t, token, section!.id, 60);
    expect(progress.disclosureProgress[section!.id]).toMatchObject({ timeSpent: 60, scrolled: false, completed: false });
    expect((await api.complete(token)).status).toBe(409);
  });

  it('refuses completion when there are no sections at all', async () => {
    await replaceDisclosureSections(t.database.db, [], new Date());
    const { token } = await t.register();
    expect(await api.sections(token)).toEqual([]);
    expect((await api.complete(token)).status).toBe(409);
  });
});
