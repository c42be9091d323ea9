/**
 * Screening and risk (issue 30) on every database, end to end through the API: a submitted KYC is screened by the
 * job against the current lists (the demo list on a fresh database), the hits and the risk score with its reasons are
 * in the case, a reviewer marks a hit with a reason and the score follows; loading a newer list screens investors
 * again and finds only new hits. Hostile first: other roles, another investor's hit, unknown and malformed ids,
 * empty, huge, odd-Unicode and deeply nested bodies, parallel repeats.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { KycChecksSchema, SCREENING_REASON_MAX_CHARS, type KycChecks } from '../../src/shared/admin/kyc-checks.ts';
import { kycReviewMessages } from '../../src/shared/admin/kyc-messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { DEMO_SCREENING_SOURCE, loadScreeningList } from '../../src/server/domain/screening/load-screening-list.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { completeSteps, passDisclosure } from './support/kyc.ts';
import { getCase } from './support/kyc-review-helpers.ts';
import { createStaff, type TestStaff } from './support/staff.ts';

/** Listed on the demo list (src/server/seed/screening-demo-list.csv) under sanctions, born 1970-03-02. */
const LISTED = { fullName: 'Viktor Testovich Sanctionov', dateOfBirth: '1970-03-02' };

async function submitted(t: ApiTest, overrides: Record<string, unknown> = {}) {
  const { token, user } = await t.register({ fullName: `Plain ${randomUUID().slice(0, 8)} Person`, ...overrides });
  await passDisclosure(t, user.userId);
  await completeSteps(t, token);
  expect((await t.post('/api/kyc/complete', {}, token)).status).toBe(200);
  return { token, userId: user.userId };
}

const checksOf = async (t: ApiTest, staff: TestStaff, userId: string): Promise<KycChecks> => {
  const res = await t.get(`/api/admin/kyc/cases/${userId}/checks`, staff.token);
  expect(res.status, await res.clone().text()).toBe(200);
  return v.parse(KycChecksSchema, await res.json());
};
const mark = (t: ApiTest, staff: TestStaff, userId: string, hitId: string, body: unknown) => t.post(`/api/admin/kyc/cases/${userId}/screening-hits/${hitId}`, body, staff.token);
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
const countRows = async (t: ApiTest, userId: string) => {
  const { db } = t.database;
  const [hits, checks, audit] = await Promise.all([
    db.select({ id: schema.screeningHits.id, decision: schema.screeningHits.decision }).from(schema.screeningHits).where(eq(schema.screeningHits.userId, userId)),
    db.select({ id: schema.kycChecks.id }).from(schema.kycChecks).where(eq(schema.kycChecks.userId, userId)),
    db.select({ id: schema.auditEvents.id }).from(schema.auditEvents).where(eq(schema.auditEvents.userId, userId)),
  ]);
  return { hits, checks: checks.length, audit: audit.length };
};

forEachDatabase('kyc screening and risk', (t) => {
  it('screens a submitted KYC against the demo list and scores its risk with reasons', async () => {
    const officer = await createStaff(t, ['compliance']);
    const listed = await submitted(t, LISTED);
    const plain = await submitted(t);
    await t.runDueJobs();

    const kase = await getCase(t, officer, listed.userId);
    const { screening, risk, pending } = kase.checks;
    expect(pending).toEqual([]);
    expect(screening?.namesScreened).toEqual([LISTED.fullName]);
    expect(screening?.lists).toContain(DEMO_SCREENING_SOURCE);
    expect(screening?.run.inputs).toHaveProperty('names');
    const hit = screening?.hits.find((h) => h.entryName.includes('Sanctionov'));
    expect(hit, JSON.stringify(screening?.hits)).toBeDefined();
    expect(hit).toMatchObject({ entryKind: 'sanction', birthDate: 'matches', decision: null, foundInRound: 1, list: { name: DEMO_SCREENING_SOURCE, current: true } });
    expect(hit!.score).toBeGreaterThan(0.9);
    expect(hit!.reasons.length).toBeGreaterThan(0);
    expect(risk?.level).toBe('high');
    expect(risk?.rules.map((r) => r.id)).toContain('screening.sanction.open');

    const clean = await checksOf(t, officer, plain.userId);
    expect(clean.screening?.hits).toEqual([]);
    expect(clean.risk?.level).toBe('low');
    expect(clean.risk?.rules.every((r) => r.words.endsWith('.'))).toBe(true);

    // Each check ran once with its audit event; the risk was scored after each (screening, the ID's MRZ, the faces).
    const events = await t.database.db
      .select({ action: schema.auditEvents.action, detail: schema.auditEvents.detail })
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.userId, listed.userId)))
      .orderBy(asc(schema.auditEvents.seq));
    expect(events.filter((e) => e.action === 'kyc.check.screening')).toHaveLength(1);
    expect(events.filter((e) => e.action === 'kyc.check.mrz')).toHaveLength(1);
    expect(events.filter((e) => e.action === 'kyc.check.face')).toHaveLength(1);
    expect(events.filter((e) => e.action === 'kyc.check.risk')).toHaveLength(3);
  });

  it('refuses the wrong people and the wrong input, and leaves nothing behind', async () => {
    const officer = await createStaff(t, ['compliance']);
    const finance = await createStaff(t, ['finance']);
    const auditor = await createStaff(t, ['auditor']);
    const listed = await submitted(t, LISTED);
    const other = await submitted(t, LISTED);
    await t.runDueJobs();
    const hitId = (await checksOf(t, officer, listed.userId)).screening!.hits[0]!.id;
    const otherHit = (await checksOf(t, officer, other.userId)).screening!.hits[0]!.id;
    const before = await countRows(t, listed.userId);

    // An auditor reads the checks; nobody but compliance marks a hit.
    expect((await t.get(`/api/admin/kyc/cases/${listed.userId}/checks`, auditor.token)).status).toBe(200);
    for (const staff of [finance, auditor]) expect((await mark(t, staff, listed.userId, hitId, { decision: 'FALSE_POSITIVE', reason: 'x' })).status).toBe(403);
    expect((await t.post(`/api/admin/kyc/cases/${listed.userId}/screening-hits/${hitId}`, { decision: 'FALSE_POSITIVE', reason: 'x' }, listed.token)).status).toBe(401);
    // Another investor's hit, unknown and malformed ids: the same 404.
    for (const [userId, id] of [[listed.userId, otherHit], [listed.userId, randomUUID()], [randomUUID(), hitId], ['not-a-uuid', hitId], [listed.userId, '..%2F..']] as const) {
      const res = await mark(t, officer, userId, id, { decision: 'FALSE_POSITIVE', reason: 'x' });
      expect(res.status).toBe(404);
    }
    expect((await t.get(`/api/admin/kyc/cases/${randomUUID()}/checks`, officer.token)).status).toBe(404);
    // Bodies: empty, blank, unknown decision, huge, nested, not JSON.
    const bad: [unknown, string | null][] = [
      [{}, null],
      [{ decision: 'FALSE_POSITIVE', reason: '   ' }, 'Please give a reason.'],
      [{ decision: 'MAYBE', reason: 'x' }, 'Please choose true match or false positive.'],
      [{ decision: 'FALSE_POSITIVE', reason: 'x'.repeat(SCREENING_REASON_MAX_CHARS + 1) }, `The reason is at most ${SCREENING_REASON_MAX_CHARS} characters.`],
      [{ decision: 'FALSE_POSITIVE', reason: { deep: [[[[['x']]]]] } }, null],
      [[], null],
    ];
    for (const [body, words] of bad) {
      const res = await mark(t, officer, listed.userId, hitId, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (words) expect(await errorOf(res)).toBe(words);
    }
    const notJson = await t.request(`/api/admin/kyc/cases/${listed.userId}/screening-hits/${hitId}`, { method: 'POST', headers: { authorization: `Bearer ${officer.token}`, 'content-type': 'application/json' }, body: '{"decision":' });
    expect(notJson.status).toBe(400);
    expect(await countRows(t, listed.userId)).toEqual(before);
    expect((await errorOf(await mark(t, officer, listed.userId, otherHit, { decision: 'TRUE_MATCH', reason: 'x' })))).toBe(kycReviewMessages.hitNotFound);
  });

  it('takes a reviewer’s word on a hit, audits it, and scores the risk again', async () => {
    const officer = await createStaff(t, ['compliance']);
    const listed = await submitted(t, LISTED);
    await t.runDueJobs();
    const hit = (await checksOf(t, officer, listed.userId)).screening!.hits[0]!;
    const reason = '  Different person: the passport shows another birthplace — Ünïcödé ✓  ';
    // Parallel repeats: each answers the checks; the hit ends with one decision.
    const answers = await Promise.all(Array.from({ length: 5 }, () => mark(t, officer, listed.userId, hit.id, { decision: 'FALSE_POSITIVE', reason })));
    for (const res of answers) expect(res.status).toBe(200);
    const after = v.parse(KycChecksSchema, await answers[0]!.json());
    const decided = after.screening!.hits.find((h) => h.id === hit.id)!;
    expect(decided.decision).toMatchObject({ value: 'FALSE_POSITIVE', reason: reason.trim() });
    expect(after.risk!.rules.map((r) => r.id)).not.toContain('screening.sanction.open');
    // Corrected: a true match makes the case high risk whatever else.
    const corrected = v.parse(KycChecksSchema, await (await mark(t, officer, listed.userId, hit.id, { decision: 'TRUE_MATCH', reason: 'Same person after all.' })).json());
    expect(corrected.risk).toMatchObject({ level: 'high' });
    expect(corrected.risk!.rules.map((r) => r.id)).toContain('screening.sanction.confirmed');
    const audit = await t.database.db
      .select({ staffId: schema.auditEvents.staffId, detail: schema.auditEvents.detail })
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.userId, listed.userId), eq(schema.auditEvents.action, 'admin.kyc.screening-hit')));
    expect(audit).toHaveLength(6);
    expect(audit.every((a) => a.staffId === officer.id)).toBe(true);
  });

  it('asks two reviewers and the enhanced due diligence of a high-risk case, whatever its amount', async () => {
    const carla = await createStaff(t, ['compliance']);
    const dmitri = await createStaff(t, ['compliance']);
    const auditor = await createStaff(t, ['auditor']);
    const listed = await submitted(t, LISTED);
    await t.runDueJobs();
    const kase = await getCase(t, carla, listed.userId);
    expect(kase.checks.risk?.level).toBe('high');
    expect(kase.checks.edd).toMatchObject({ required: true, round: 1 });
    expect(kase.fourEyes.applies).toBe(true);
    const approve = (staff: TestStaff) => t.post(`/api/admin/kyc/cases/${listed.userId}/decision`, { decision: 'APPROVED', expectedRound: 1 }, staff.token);
    const tick = (staff: TestStaff, item: string, body: unknown = { done: true, expectedRound: 1 }) =>
      t.request(`/api/admin/kyc/cases/${listed.userId}/edd/${item}`, { method: 'PUT', headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

    // Not before the checklist is complete; the refusal says why and writes nothing.
    const refused = await approve(carla);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(kycReviewMessages.eddIncomplete);
    // The checklist's refusals: wrong role, unknown item, stale round, malformed bodies.
    expect((await tick(auditor, 'purpose')).status).toBe(403);
    expect((await tick(carla, 'no-such-item')).status).toBe(404);
    expect((await tick(carla, 'purpose', { done: true, expectedRound: 2 })).status).toBe(409);
    for (const body of [{}, { done: 'yes', expectedRound: 1 }, { done: true }, [], { done: { a: [[[1]]] }, expectedRound: 1 }]) expect((await tick(carla, 'purpose', body)).status).toBe(400);
    // Ticked and unticked (audited once per change; a repeat changes nothing), then every item ticked in parallel.
    const items = kase.checks.edd.items.map((i) => i.item);
    expect((await tick(carla, 'purpose')).status).toBe(200);
    const untick = await tick(carla, 'purpose', { done: false, expectedRound: 1 });
    expect(v.parse(KycChecksSchema, await untick.json()).edd.items.find((i) => i.item === 'purpose')?.done).toBeNull();
    const ticks = await Promise.all([...items, ...items].map((item) => tick(carla, item)));
    expect(ticks.map((r) => r.status)).toEqual(ticks.map(() => 200));
    const edd = (await checksOf(t, carla, listed.userId)).edd;
    expect(edd.items.every((i) => i.done !== null)).toBe(true);
    const eddEvents = await t.database.db.select({ id: schema.auditEvents.id }).from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, listed.userId), eq(schema.auditEvents.action, 'admin.kyc.edd')));
    expect(eddEvents).toHaveLength(2 + items.length);

    // Two different reviewers, although the amount is under the four-eyes threshold.
    const first = await approve(carla);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await first.json()).toMatchObject({ status: 'UNDER_REVIEW', awaitingSecondApproval: true });
    expect(await errorOf(await approve(carla))).toBe(kycReviewMessages.alreadyApproved);
    const second = await approve(dmitri);
    expect(await second.json()).toMatchObject({ status: 'APPROVED', awaitingSecondApproval: false });
    // Decided: the checklist no longer changes.
    expect((await tick(carla, 'purpose', { done: false, expectedRound: 1 })).status).toBe(409);
  });

  // Last: the operator's own list retires the demo list the tests above screen against.
  it('screens investors again when a newer list is loaded, finding only new hits', async () => {
    const officer = await createStaff(t, ['compliance']);
    const name = `Quentin ${randomUUID().slice(0, 6).replace(/\d/g, 'x')} Monitorov`;
    const investor = await submitted(t, { fullName: name, dateOfBirth: '1980-05-06' });
    await t.runDueJobs();
    expect((await checksOf(t, officer, investor.userId)).screening!.hits).toEqual([]);
    const header = 'id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,dataset,first_seen,last_seen,last_change';
    const source = `Monitoring test ${randomUUID()}`;
    const v1 = `${header}\nmt-1,Person,Somebody Else Entirely,,1950-01-01,,,,Demo sanctions,,,demo_sanctions,,,\n`;
    const v2 = `${v1}mt-2,Person,${name},,1980-05-06,,,,Demo sanctions,,,demo_sanctions,,,\n`;
    const first = await loadScreeningList(t.database.db, { text: v1, source, now: t.clock.now() });
    expect(first).toMatchObject({ unchanged: false, entryCount: 1 });
    expect(await loadScreeningList(t.database.db, { text: v1, source, now: t.clock.now() })).toMatchObject({ unchanged: true, listId: first.listId });
    await t.runDueJobs();
    expect((await checksOf(t, officer, investor.userId)).screening!.hits).toEqual([]);
    const approved = await t.post(`/api/admin/kyc/cases/${investor.userId}/decision`, { decision: 'APPROVED', expectedRound: 1 }, officer.token);
    expect(await approved.json()).toMatchObject({ status: 'APPROVED' });
    const mailsBefore = t.mailer.sent.length;
    const second = await loadScreeningList(t.database.db, { text: v2, source, now: t.clock.now() });
    expect(second.replaced).toContain(first.listId);
    // The rescreen reopens the case and leaves the new round's checks as a job of their own.
    await t.runDueJobs();
    await t.runDueJobs();
    // The approved case is back with compliance as round 2, its checks run for that round; the investor is not told.
    const kase = await getCase(t, officer, investor.userId);
    expect(kase.kyc).toMatchObject({ status: 'UNDER_REVIEW', reviewRound: 2 });
    const checks = kase.checks;
    expect(checks.pending).toEqual([]);
    expect(checks.screening!.run.round).toBe(2);
    expect(checks.screening!.hits.map((h) => [h.entryRef, h.list.name, h.list.current, h.foundInRound])).toEqual([['mt-2', source, true, 1]]);
    expect(checks.risk!.rules.map((r) => r.id)).toContain('screening.sanction.open');
    expect(checks.risk!.run.round).toBe(2);
    expect(t.mailer.sent.length).toBe(mailsBefore);
    const reopened = await t.database.db.select({ detail: schema.auditEvents.detail }).from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, investor.userId), eq(schema.auditEvents.action, 'kyc.reopened')));
    expect(reopened).toHaveLength(1);
    expect(reopened[0]!.detail).toMatchObject({ round: 2, list: source, lifecycle: { event: 'MONITORING.NEW_HIT', to: expect.arrayContaining(['case.review.underReview']) } });
    // The replaced version keeps its row, loses its entries; one current version per source.
    const versions = await t.database.db.select({ id: schema.screeningLists.id, replacedAt: schema.screeningLists.replacedAt }).from(schema.screeningLists).where(eq(schema.screeningLists.source, source));
    expect(versions.filter((r) => r.replacedAt === null)).toHaveLength(1);
    expect(await t.database.db.select().from(schema.screeningEntries).where(eq(schema.screeningEntries.listId, first.listId))).toEqual([]);
    // Loading the second version again, and screening again: no second hit row.
    await loadScreeningList(t.database.db, { text: v2, source, now: t.clock.now() });
    await t.runDueJobs();
    expect((await countRows(t, investor.userId)).hits).toHaveLength(1);
    // The operator's first own list retired the made-up demo list.
    expect(await t.database.db.select({ id: schema.screeningLists.id }).from(schema.screeningLists).where(and(eq(schema.screeningLists.source, DEMO_SCREENING_SOURCE), isNull(schema.screeningLists.replacedAt)))).toHaveLength(0);
  });
});
