/**
 * Case work on KYC cases (issue 29) on every database: who holds a case (take, reassign, let go, always "as I saw it",
 * one winner among parallel takers), the queue filtered by holder, and internal notes (who, when, one per request id,
 * never in anything the investor reads). Hostile first: other roles, unknown and malformed ids, a disabled or
 * non-compliance assignee, stale expectations, huge, empty, odd-Unicode and deeply nested bodies, replays.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { kycReviewMessages } from '../../src/shared/admin/kyc-messages.ts';
import * as v from 'valibot';
import { KYC_NOTE_MAX_CHARS, KycAssignmentResponseSchema, KycNoteResponseSchema } from '../../src/shared/admin/kyc-review.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { completeSteps, passDisclosure } from './support/kyc.ts';
import { getCase, queue } from './support/kyc-review-helpers.ts';
import { createStaff, type TestStaff } from './support/staff.ts';

async function submittedInvestor(t: ApiTest, fullName = `Case ${randomUUID().slice(0, 8)}`) {
  const { token, user, payload } = await t.register({ fullName });
  await passDisclosure(t, user.userId);
  await completeSteps(t, token);
  expect((await t.post('/api/kyc/complete', {}, token)).status).toBe(200);
  return { token, userId: user.userId, email: payload.email.toLowerCase(), name: fullName };
}

const assign = (t: ApiTest, staff: TestStaff, userId: string, assignTo: string | null, expectedAssignee: string | null) =>
  t.post(`/api/admin/kyc/cases/${userId}/assignment`, { assignTo, expectedAssignee }, staff.token);
const note = (t: ApiTest, staff: TestStaff, userId: string, body: unknown, requestId: unknown = randomUUID()) =>
  t.post(`/api/admin/kyc/cases/${userId}/notes`, { body, requestId }, staff.token);
const audit = (t: ApiTest, userId: string, action: string) =>
  t.database.db
    .select({ staffId: schema.auditEvents.staffId, detail: schema.auditEvents.detail })
    .from(schema.auditEvents)
    .where(and(eq(schema.auditEvents.userId, userId), eq(schema.auditEvents.action, action)))
    .orderBy(asc(schema.auditEvents.seq));
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

forEachDatabase('admin kyc case work', (t) => {
  it('refuses the wrong people and the wrong input, and leaves nothing behind', async () => {
    const officer = await createStaff(t, ['compliance']);
    const finance = await createStaff(t, ['finance']);
    const auditor = await createStaff(t, ['auditor']);
    const ada = await submittedInvestor(t);
    // Other roles: not compliance's work (an auditor reads the case, never changes it).
    for (const other of [finance, auditor]) {
      expect((await assign(t, other, ada.userId, other.id, null)).status).toBe(403);
      expect((await note(t, other, ada.userId, 'x')).status).toBe(403);
    }
    // An investor's token is no staff token; none at all is refused.
    expect((await t.post(`/api/admin/kyc/cases/${ada.userId}/notes`, { body: 'x', requestId: randomUUID() }, ada.token)).status).toBe(401);
    expect((await t.post(`/api/admin/kyc/cases/${ada.userId}/notes`, { body: 'x', requestId: randomUUID() })).status).toBe(401);
    // Unknown and malformed cases.
    for (const id of [randomUUID(), 'not-a-uuid', '..%2F..%2Fetc']) {
      expect((await assign(t, officer, id, officer.id, null)).status).toBe(404);
      expect((await note(t, officer, id, 'x')).status).toBe(404);
    }
    // Who may hold a case: an active compliance member, nobody else.
    expect(await errorOf(await assign(t, officer, ada.userId, finance.id, null))).toBe(kycReviewMessages.notAReviewer);
    expect(await errorOf(await assign(t, officer, ada.userId, randomUUID(), null))).toBe(kycReviewMessages.notAReviewer);
    const gone = await createStaff(t, ['compliance']);
    await t.database.db.update(schema.staffMembers).set({ disabledAt: t.clock.now() }).where(eq(schema.staffMembers.id, gone.id));
    expect(await errorOf(await assign(t, officer, ada.userId, gone.id, null))).toBe(kycReviewMessages.notAReviewer);
    // Malformed bodies: not an id, extra keys, nesting, not JSON, a huge body.
    for (const body of [{ assignTo: 'me', expectedAssignee: null }, { assignTo: officer.id }, { assignTo: officer.id, expectedAssignee: null, extra: 1 }, { assignTo: { $ne: null }, expectedAssignee: null }]) {
      expect((await t.post(`/api/admin/kyc/cases/${ada.userId}/assignment`, body, officer.token)).status, JSON.stringify(body)).toBe(400);
    }
    const nested = JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`) as unknown;
    for (const [body, requestId] of [['', randomUUID()], ['   \u0000\u202e  ', randomUUID()], ['x'.repeat(KYC_NOTE_MAX_CHARS + 1), randomUUID()], ['x', 'not-a-uuid'], [nested, randomUUID()], [['x'], randomUUID()]] as const) {
      expect((await note(t, officer, ada.userId, body, requestId)).status).toBe(400);
    }
    for (const invisible of ['', ' \u200b\u200b ', '\ufeff\u2060']) expect(await errorOf(await note(t, officer, ada.userId, invisible))).toBe(kycReviewMessages.noteEmpty);
    const raw = await t.request(`/api/admin/kyc/cases/${ada.userId}/notes`, { method: 'POST', headers: { authorization: `Bearer ${officer.token}`, 'content-type': 'application/json' }, body: '{"body": "x", ' });
    expect(raw.status).toBe(400);
    // Nothing written by any of it.
    expect(await t.database.db.select().from(schema.kycCaseNotes).where(eq(schema.kycCaseNotes.userId, ada.userId))).toEqual([]);
    expect(await t.database.db.select().from(schema.kycCaseAssignments).where(eq(schema.kycCaseAssignments.userId, ada.userId))).toEqual([]);
    expect(await audit(t, ada.userId, 'admin.kyc.assigned')).toEqual([]);
  });

  it('take, reassign, let go: each as the reviewer saw it; the case and the queue say who holds it', async () => {
    const carla = await createStaff(t, ['compliance'], { displayName: 'Carla Compliance' });
    const dan = await createStaff(t, ['compliance'], { displayName: 'Dan Diligence' });
    const ada = await submittedInvestor(t);
    const bob = await submittedInvestor(t);

    const taken = await assign(t, carla, ada.userId, carla.id, null);
    expect(taken.status).toBe(200);
    expect(v.parse(KycAssignmentResponseSchema, await taken.json())).toEqual({ assignee: { staffId: carla.id, name: 'Carla Compliance', since: t.clock.now().toISOString(), assignedByName: 'Carla Compliance' } });
    // Dan saw it free: too late, and told who holds it.
    const late = await assign(t, dan, ada.userId, dan.id, null);
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toBe(kycReviewMessages.heldByOther('Carla Compliance'));
    // Asking for what already is changes nothing and records nothing.
    expect((await assign(t, carla, ada.userId, carla.id, carla.id)).status).toBe(200);
    expect(await audit(t, ada.userId, 'admin.kyc.assigned')).toHaveLength(1);

    // Carla gives it to Dan; the case and the queue say so.
    t.clock.advance(60_000);
    expect((await assign(t, carla, ada.userId, dan.id, carla.id)).status).toBe(200);
    expect((await getCase(t, dan, ada.userId)).assignee).toEqual({ staffId: dan.id, name: 'Dan Diligence', since: t.clock.now().toISOString(), assignedByName: 'Carla Compliance' });
    const mine = await queue(t, dan, 'assignee=me');
    expect(mine.rows.map((r) => r.userId)).toContain(ada.userId);
    expect(mine.rows.every((r) => r.assignee?.staffId === dan.id)).toBe(true);
    expect((await queue(t, dan, `assignee=${carla.id}`)).rows.map((r) => r.userId)).not.toContain(ada.userId);
    const free = await queue(t, dan, 'assignee=none');
    expect(free.rows.map((r) => r.userId)).toContain(bob.userId);
    expect(free.rows.map((r) => r.userId)).not.toContain(ada.userId);
    expect(free.rows.every((r) => r.assignee === null)).toBe(true);
    expect((await t.get('/api/admin/kyc/cases?assignee=everyone', dan.token)).status).toBe(400);

    // Carla, who no longer holds it, cannot let it go on Dan's behalf as if she did.
    const stale = await assign(t, carla, ada.userId, null, carla.id);
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toBe(kycReviewMessages.heldByOther('Dan Diligence'));
    expect((await assign(t, dan, ada.userId, null, dan.id)).status).toBe(200);
    expect((await getCase(t, carla, ada.userId)).assignee).toBeNull();
    expect(await errorOf(await assign(t, carla, ada.userId, carla.id, dan.id))).toBe(kycReviewMessages.heldByNobody);
    expect((await audit(t, ada.userId, 'admin.kyc.assigned')).map((e) => [e.staffId, (e.detail as { how: string }).how])).toEqual([
      [carla.id, 'taken'],
      [carla.id, 'reassigned'],
      [dan.id, 'released'],
    ]);
  });

  it('many reviewers take one free case at once: exactly one holds it, every other is told who', async () => {
    const reviewers = await Promise.all(Array.from({ length: 6 }, (_, i) => createStaff(t, ['compliance'], { displayName: `Reviewer ${i}` })));
    const ada = await submittedInvestor(t);
    const answers = await Promise.all(reviewers.map((r) => assign(t, r, ada.userId, r.id, null)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = reviewers[answers.findIndex((a) => a.status === 200)]!;
    for (const a of answers.filter((x) => x.status === 409)) expect(await errorOf(a)).toBe(kycReviewMessages.heldByOther((await getCase(t, winner, ada.userId)).assignee!.name));
    expect(await t.database.db.select().from(schema.kycCaseAssignments).where(eq(schema.kycCaseAssignments.userId, ada.userId))).toHaveLength(1);
    expect(await audit(t, ada.userId, 'admin.kyc.assigned')).toHaveLength(1);
  });

  it('internal notes: who and when, one per request id (replays and parallel repeats), never shown to the investor', async () => {
    const carla = await createStaff(t, ['compliance'], { displayName: 'Carla Compliance' });
    const dan = await createStaff(t, ['compliance'], { displayName: 'Dan Diligence' });
    const ada = await submittedInvestor(t);
    const other = await submittedInvestor(t);
    const first = await note(t, carla, ada.userId, '  Passport looks fine; the address proof is 4 months old.  ');
    expect(first.status).toBe(201);
    const { note: written } = v.parse(KycNoteResponseSchema, await first.json());
    expect(written).toMatchObject({ staffId: carla.id, staffName: 'Carla Compliance', body: 'Passport looks fine; the address proof is 4 months old.', at: t.clock.now().toISOString() });

    // The same request sent five times at once and again later: one note.
    t.clock.advance(1000);
    const requestId = randomUUID();
    const repeats = await Promise.all(Array.from({ length: 5 }, () => note(t, dan, ada.userId, 'Asked the investor for a newer bill. 🧾 Ünïcödé ok', requestId)));
    expect(repeats.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(repeats.map(async (r) => ((await r.json()) as { note: { id: string } }).note.id)));
    expect(ids.size).toBe(1);
    expect((await note(t, dan, ada.userId, 'Something else entirely', requestId)).status).toBe(200);
    // The same request id on another case is refused, not answered with this case's note.
    const elsewhere = await note(t, dan, other.userId, 'x', requestId);
    expect(elsewhere.status).toBe(409);
    expect(await errorOf(elsewhere)).toBe(kycReviewMessages.requestIdUsed);

    const kase = await getCase(t, carla, ada.userId);
    expect(kase.notes.map((n) => [n.staffName, n.body])).toEqual([
      ['Carla Compliance', 'Passport looks fine; the address proof is 4 months old.'],
      ['Dan Diligence', 'Asked the investor for a newer bill. 🧾 Ünïcödé ok'],
    ]);
    expect((await getCase(t, carla, other.userId)).notes).toEqual([]);
    // The audit trail has the notes' ids and lengths, not their words.
    const events = await audit(t, ada.userId, 'admin.kyc.note');
    expect(events).toHaveLength(2);
    expect(JSON.stringify(events)).not.toContain('Passport');

    // Nothing the investor reads carries a note or who holds the case.
    await assign(t, carla, ada.userId, carla.id, null);
    for (const path of ['/api/investment/status', '/api/kyc/status', '/api/user-details/status']) {
      const res = await t.get(path, ada.token);
      expect(res.status, path).toBe(200);
      const text = await res.text();
      for (const secret of ['Passport looks fine', 'newer bill', 'Carla', 'Dan Diligence', carla.id, dan.id]) expect(text, `${path} ${secret}`).not.toContain(secret);
    }
  });
});
