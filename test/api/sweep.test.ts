/**
 * Housekeeping: expired challenges and sessions (a day after expiry), spent attempt counters and finished jobs are removed; so are
 * stored files no stored_files row records, once an hour old, whatever purpose the recorded ones have.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdir, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema/index.ts';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from '../../src/server/domain/sweep-orphan-files.ts';
import { KEEP_EXPIRED_MS, KEEP_FAILED_JOBS_MS, sweepExpiredRows } from '../../src/server/domain/sweep-expired-rows.ts';
import { forEachDatabase } from './harness.ts';
import { kycInvestor, uploadAs } from './support/kyc.ts';
import { createStaff } from './support/staff.ts';

const HOUR = 60 * 60 * 1000;

forEachDatabase('sweeping expired rows', (t) => {
  it('removes what can no longer do anything and keeps the rest', async () => {
    const { user, token } = await t.register();
    const { db } = t.database;
    const now = t.clock.now();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const challenge = (expiresAt: Date) => ({
      id: randomUUID(),
      purpose: 'login',
      email: `sweep.${randomUUID()}@example.com`,
      codeHash: new Uint8Array(32),
      issuedAt: at(-KEEP_EXPIRED_MS - 2 * HOUR),
      expiresAt,
    });
    const oldChallenge = challenge(at(-KEEP_EXPIRED_MS - HOUR));
    const recentChallenge = challenge(at(-HOUR));
    await db.insert(schema.emailChallenges).values([oldChallenge, recentChallenge]);
    const session = (expiresAt: Date) => ({ jti: randomUUID(), userId: user.userId, issuedAt: at(-KEEP_EXPIRED_MS - 3 * HOUR), expiresAt });
    const oldSession = session(at(-KEEP_EXPIRED_MS - HOUR));
    const recentSession = session(at(-HOUR));
    await db.insert(schema.sessions).values([oldSession, recentSession]);
    const key = () => `sweep:${randomUUID()}`;
    // The longest counter window is a day (failures per address): a counter is spent once a day old and unblocked.
    const spent = { key: key(), failures: 3, windowStartedAt: at(-25 * HOUR), blockedUntil: null };
    const stillBlocked = { key: key(), failures: 9, windowStartedAt: at(-25 * HOUR), blockedUntil: at(HOUR) };
    const current = { key: key(), failures: 1, windowStartedAt: at(-2 * HOUR), blockedUntil: null };
    await db.insert(schema.attemptCounters).values([spent, stillBlocked, current]);
    // Jobs: done a day ago goes, given up is kept 30 days for inspection, pending stays.
    const job = (fields: Partial<typeof schema.jobs.$inferInsert>) => ({ id: randomUUID(), kind: 'mail' as const, runAt: at(-40 * KEEP_EXPIRED_MS), maxAttempts: 6, ...fields });
    const oldDone = job({ doneAt: at(-KEEP_EXPIRED_MS - HOUR) });
    const recentDone = job({ doneAt: at(-HOUR) });
    const oldFailed = job({ failedAt: at(-KEEP_FAILED_JOBS_MS - HOUR), lastError: 'Error: x' });
    const recentFailed = job({ failedAt: at(-KEEP_EXPIRED_MS - HOUR), lastError: 'Error: x' });
    const pending = job({ runAt: at(HOUR), payload: { to: 'a@example.com' } });
    await db.insert(schema.jobs).values([oldDone, recentDone, oldFailed, recentFailed, pending]);

    const report = await sweepExpiredRows(db, now);
    expect(report.challenges).toBeGreaterThanOrEqual(1);
    expect(report.sessions).toBeGreaterThanOrEqual(1);
    expect(report.counters).toBeGreaterThanOrEqual(1);
    expect(report.jobs).toBeGreaterThanOrEqual(2);

    const challenges = await db.select({ id: schema.emailChallenges.id }).from(schema.emailChallenges).where(inArray(schema.emailChallenges.id, [oldChallenge.id, recentChallenge.id]));
    expect(challenges.map((c) => c.id)).toEqual([recentChallenge.id]);
    const sessions = await db.select({ jti: schema.sessions.jti }).from(schema.sessions).where(inArray(schema.sessions.jti, [oldSession.jti, recentSession.jti]));
    expect(sessions.map((s) => s.jti)).toEqual([recentSession.jti]);
    const counters = await db.select({ key: schema.attemptCounters.key }).from(schema.attemptCounters).where(inArray(schema.attemptCounters.key, [spent.key, stillBlocked.key, current.key]));
    expect(counters.map((c) => c.key).sort()).toEqual([stillBlocked.key, current.key].sort());
    const jobs = await db.select({ id: schema.jobs.id }).from(schema.jobs).where(inArray(schema.jobs.id, [oldDone, recentDone, oldFailed, recentFailed, pending].map((j) => j.id)));
    expect(jobs.map((j) => j.id).sort()).toEqual([recentDone.id, recentFailed.id, pending.id].sort());

    // Nothing more to remove, and the investor's live session is untouched: the token still works.
    expect(await sweepExpiredRows(db, now)).toMatchObject({ challenges: 0, sessions: 0, counters: 0, jobs: 0 });
    expect((await t.get('/api/user-details/status', token)).status).toBe(200);
  });

  it("removes the back-office's expired sign-in challenges, sessions and enrolment links a day after expiry, and keeps the rest", async () => {
    const { db } = t.database;
    const now = t.clock.now();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const staff = await createStaff(t, ['finance']);
    const challenge = (expiresAt: Date) => ({ id: randomUUID(), email: staff.email, staffId: staff.id, codeHash: new Uint8Array(32), issuedAt: at(-KEEP_EXPIRED_MS - 2 * HOUR), expiresAt });
    const [oldChallenge, recentChallenge] = [challenge(at(-KEEP_EXPIRED_MS - HOUR)), challenge(at(-HOUR))];
    await db.insert(schema.staffChallenges).values([oldChallenge, recentChallenge]);
    const session = (expiresAt: Date) => ({ jti: randomUUID(), staffId: staff.id, issuedAt: at(-KEEP_EXPIRED_MS - 3 * HOUR), expiresAt });
    const [oldSession, recentSession] = [session(at(-KEEP_EXPIRED_MS - HOUR)), session(at(-HOUR))];
    await db.insert(schema.staffSessions).values([oldSession, recentSession]);
    const link = (expiresAt: Date) => ({ staffId: staff.id, purpose: 'invite', tokenHash: randomBytes(32), expiresAt });
    const [oldLink] = await db.insert(schema.staffEnrolments).values(link(at(-KEEP_EXPIRED_MS - HOUR))).returning({ id: schema.staffEnrolments.id });
    const [recentLink] = await db.insert(schema.staffEnrolments).values(link(at(HOUR))).returning({ id: schema.staffEnrolments.id });

    const report = await sweepExpiredRows(db, now);
    expect(report).toMatchObject({ staffChallenges: expect.any(Number), staffSessions: expect.any(Number), staffEnrolments: expect.any(Number) });
    const challenges = await db.select({ id: schema.staffChallenges.id }).from(schema.staffChallenges).where(inArray(schema.staffChallenges.id, [oldChallenge.id, recentChallenge.id]));
    expect(challenges.map((c) => c.id)).toEqual([recentChallenge.id]);
    const sessions = await db.select({ jti: schema.staffSessions.jti }).from(schema.staffSessions).where(inArray(schema.staffSessions.jti, [oldSession.jti, recentSession.jti, staff.jti]));
    expect(sessions.map((s) => s.jti).sort()).toEqual([recentSession.jti, staff.jti].sort());
    const links = await db.select({ id: schema.staffEnrolments.id }).from(schema.staffEnrolments).where(inArray(schema.staffEnrolments.id, [oldLink!.id, recentLink!.id]));
    expect(links.map((l) => l.id)).toEqual([recentLink!.id]);
    // The member's own live session still works.
    expect((await t.get('/api/admin/me', staff.token)).status).toBe(200);
  });

  it('removes stored files no stored_files row records once they are an hour old, and nothing else', async () => {
    const { token } = await kycInvestor(t);
    const kept = await uploadAs(t, token, 'identity');
    const bytes = async function* () {
      yield new TextEncoder().encode('%PDF-1.7 orphan');
    };
    const orphan = `${randomBytes(16).toString('hex')}.pdf`;
    const young = `${randomBytes(16).toString('hex')}.pdf`;
    await t.storage.put(orphan, bytes(), { contentType: 'application/pdf' });
    await t.storage.put(young, bytes(), { contentType: 'application/pdf' });
    const now = t.clock.now();
    const old = new Date(now.getTime() - ORPHAN_GRACE_MS - 60_000);
    for (const name of [orphan, kept.fileName]) await utimes(join(t.storage.dir, name), old, old);

    expect(await sweepOrphanFiles(t.database.db, t.storage, now)).toBe(1);
    const left = await readdir(t.storage.dir);
    expect(left).not.toContain(orphan);
    expect(left).toEqual(expect.arrayContaining([young, kept.fileName]));
    expect((await t.get(`/api/kyc/download/${kept.fileName}`, token)).status).toBe(200);
  });

  it('keeps a file recorded under any purpose though no KYC row names it; removes an old unrecorded one; keeps a young one', async () => {
    const { user } = await t.register();
    const now = t.clock.now();
    const old = new Date(now.getTime() - ORPHAN_GRACE_MS - 60_000);
    const bytes = new TextEncoder().encode('%PDF-1.7 signed agreement');
    const store = async (name: string, storedAt: Date) => {
      await t.storage.put(name, (async function* () { yield bytes; })(), { contentType: 'application/pdf' });
      await utimes(join(t.storage.dir, name), storedAt, storedAt);
    };
    const newName = () => `${randomBytes(16).toString('hex')}.pdf`;
    const signed = newName();
    const staff = newName();
    const orphan = newName();
    const young = newName();
    await t.database.db.insert(schema.storedFiles).values([
      { ownerId: user.userId, purpose: 'agreement_signed', storedName: signed, originalName: 'Subscription Agreement.pdf', contentType: 'application/pdf', sizeBytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') },
      { ownerId: null, purpose: 'staff_upload', storedName: staff, originalName: 'Term sheet.pdf', contentType: 'application/pdf', sizeBytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') },
    ]);
    for (const name of [signed, staff, orphan]) await store(name, old);
    await store(young, now);
    expect(await t.database.db.select().from(schema.kycDocuments).where(inArray(schema.kycDocuments.fileName, [signed, staff]))).toEqual([]);

    expect(await sweepOrphanFiles(t.database.db, t.storage, now)).toBe(1);
    const left = await readdir(t.storage.dir);
    expect(left).not.toContain(orphan);
    expect(left).toEqual(expect.arrayContaining([signed, staff, young]));
    // The young one is removed once it, too, is past the grace period (other tests' young files may go with it).
    await sweepOrphanFiles(t.database.db, t.storage, new Date(now.getTime() + ORPHAN_GRACE_MS + 60_000));
    const afterGrace = await readdir(t.storage.dir);
    expect(afterGrace).toEqual(expect.arrayContaining([signed, staff]));
    expect(afterGrace).not.toContain(young);
  });
});
