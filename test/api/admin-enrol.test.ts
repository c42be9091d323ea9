/**
 * Passkey enrolment (issue 15): POST /api/admin/auth/enrol/options and /enrol with the link's secret. Expired,
 * used, superseded and unknown links are refused alike; a wrong origin or rpID is refused; a replayed registration
 * registers nothing; a double click enrols once.
 */
import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signInMessages } from '../../src/shared/admin/sign-in-messages.ts';
import { inviteByCommand } from '../../src/server/domain/admin/staff-invite-command.ts';
import { auditEvents, staffEnrolments, staffPasskeys, staffSessions } from '../../src/server/db/schema/index.ts';
import { verifyAuditChain } from '../../src/server/domain/audit/verify-audit-chain.ts';
import { rowCounts } from './support/row-counts.ts';
import { forEachDatabase } from './harness.ts';
import { SoftAuthenticator } from './support/admin-sign-in-authenticator.ts';
import { ORIGIN, RP_ID, callerFor } from './support/admin-sign-in-flow.ts';
import { uniqueStaffEmail } from './support/staff.ts';
import * as v from 'valibot';
import { EnrolOptionsAnswerSchema, StaffAuthAnswerSchema } from '../../src/shared/admin/sign-in.ts';

forEachDatabase('admin enrolment', (t) => {
  const caller = callerFor(t);
  const invite = (email = uniqueStaffEmail('enrol')) => inviteByCommand(t.database.db, { email, displayName: 'Ada', roles: ['compliance'] }, t.clock.now(), ORIGIN);
  const passkeysOf = async (staffId: string) => (await t.database.db.select({ n: count() }).from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId)))[0]!.n;
  const sessionsOf = async (staffId: string) => (await t.database.db.select({ n: count() }).from(staffSessions).where(eq(staffSessions.staffId, staffId)))[0]!.n;
  const options = async (secret: string) => caller.post('/api/admin/auth/enrol/options', { secret });
  const enrol = async (secret: string, response: unknown) => caller.post('/api/admin/auth/enrol', { secret, response });

  it('stores only the hash of the secret, and gives registration options for the configured party', async () => {
    const invited = await invite();
    const [row] = await t.database.db.select().from(staffEnrolments).where(eq(staffEnrolments.id, invited.enrolmentId));
    expect(Buffer.from(row!.tokenHash).toString('utf8')).not.toContain(invited.secret);
    expect(invited.link).toBe(`${ORIGIN}/admin/enrol#${invited.secret}`);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(72 * 3600 * 1000);
    const res = await options(invited.secret);
    expect(res.status).toBe(200);
    const body = v.parse(EnrolOptionsAnswerSchema, await res.json());
    expect(body.options.rp).toEqual({ name: 'G2G Back-office', id: RP_ID });
    expect(body.options.authenticatorSelection).toMatchObject({ userVerification: 'required', residentKey: 'preferred' });
    expect(body.staff).toEqual({ email: invited.link ? body.staff.email : '', displayName: 'Ada' });
  });

  it('enrols: a passkey, the link used, a staff session; the same link then refused', async () => {
    const invited = await invite();
    const key = new SoftAuthenticator(ORIGIN, RP_ID);
    const { options: creation } = await (await options(invited.secret)).json();
    const res = await enrol(invited.secret, key.register(creation));
    expect(res.status).toBe(200);
    const { token, staff } = v.parse(StaffAuthAnswerSchema, await res.json());
    expect(staff.roles).toEqual(['compliance']);
    expect((await caller.get('/api/admin/me', token)).status).toBe(200);
    expect(await passkeysOf(invited.staffId)).toBe(1);
    const reuse = await options(invited.secret);
    expect(reuse.status).toBe(410);
    expect(await reuse.json()).toEqual({ error: signInMessages.linkInvalid });
    const replay = await enrol(invited.secret, key.register(creation));
    expect(replay.status).toBe(410);
    expect(await passkeysOf(invited.staffId)).toBe(1);
  });

  it('refuses an expired link', async () => {
    const invited = await invite();
    t.clock.advance(72 * 3600 * 1000 + 1000);
    expect((await options(invited.secret)).status).toBe(410);
    expect(await passkeysOf(invited.staffId)).toBe(0);
  });

  it('refuses a superseded link (a newer one was issued), the newer works', async () => {
    const email = uniqueStaffEmail('superseded');
    const first = await invite(email);
    const second = await invite(email);
    expect((await options(first.secret)).status).toBe(410);
    expect((await options(second.secret)).status).toBe(200);
  });

  it('refuses an unknown secret, and malformed secrets with 400', async () => {
    const before = await rowCounts(t.database.db);
    expect((await options('A'.repeat(43))).status).toBe(410);
    expect((await enrol('A'.repeat(43), {})).status).toBe(400);
    // An unknown secret names nobody: nothing is written, not even an audit row (anyone could fill the table).
    expect(await rowCounts(t.database.db)).toEqual(before);
    for (const secret of ['short', 'A'.repeat(44), '../../etc/passwd'.padEnd(43, 'x'), 42, null]) expect((await caller.post('/api/admin/auth/enrol/options', { secret })).status).toBe(400);
  });

  it('refuses a registration made on another origin or for another rpID; the challenge is used up by the try', async () => {
    const invited = await invite();
    const key = new SoftAuthenticator(ORIGIN, RP_ID);
    const { options: creation } = await (await options(invited.secret)).json();
    const phished = await enrol(invited.secret, key.register(creation, { origin: 'https://evil.example' }));
    expect(phished.status).toBe(400);
    // Same challenge again, honest this time: refused, the challenge is gone; fresh options work.
    expect((await enrol(invited.secret, key.register(creation))).status).toBe(400);
    const fresh = (await (await options(invited.secret)).json()).options;
    expect((await enrol(invited.secret, key.register(fresh, { rpID: 'evil.example' }))).status).toBe(400);
    const noUv = (await (await options(invited.secret)).json()).options;
    expect((await enrol(invited.secret, key.register(noUv, { userVerified: false }))).status).toBe(400);
    expect(await passkeysOf(invited.staffId)).toBe(0);
    expect(await sessionsOf(invited.staffId)).toBe(0);
    const last = (await (await options(invited.secret)).json()).options;
    expect((await enrol(invited.secret, key.register(last))).status).toBe(200);
  });

  it('refuses registering without options first, and a passkey already registered elsewhere', async () => {
    const a = await invite();
    const b = await invite();
    const key = new SoftAuthenticator(ORIGIN, RP_ID);
    expect((await enrol(a.secret, key.register({ challenge: 'AAAA' }))).status).toBe(400);
    const ca = (await (await options(a.secret)).json()).options;
    expect((await enrol(a.secret, key.register(ca))).status).toBe(200);
    const cb = (await (await options(b.secret)).json()).options;
    const taken = await enrol(b.secret, key.register(cb));
    expect(taken.status).toBe(409);
    expect(await passkeysOf(b.staffId)).toBe(0);
  });

  it('a malformed answer (clientDataJSON "AAAA": NUL bytes) is a 400 that commits the cleared challenge and its audit event; the right registration after it is refused', async () => {
    const invited = await invite();
    const key = new SoftAuthenticator(ORIGIN, RP_ID);
    const creation = (await (await options(invited.secret)).json()).options;
    const honest = key.register(creation);
    const res = await enrol(invited.secret, { ...honest, response: { ...honest.response, clientDataJSON: 'AAAA' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: signInMessages.passkeyRefused });
    const [row] = await t.database.db.select().from(staffEnrolments).where(eq(staffEnrolments.id, invited.enrolmentId));
    expect(row!.webauthnChallenge).toBeNull();
    const refusals = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.staffId, invited.staffId), eq(auditEvents.action, 'admin.enrol.refused')));
    expect(refusals.map((e) => e.detail.reason)).toEqual(['not_verified']);
    expect(String(refusals[0]!.detail.detail)).not.toMatch(/[\u0000\p{Cs}]/u);
    const after = await enrol(invited.secret, honest);
    expect(after.status).toBe(400);
    expect(await passkeysOf(invited.staffId)).toBe(0);
    expect(await sessionsOf(invited.staffId)).toBe(0);
    expect(await verifyAuditChain(t.database.db, () => t.clock.now())).toMatchObject({ ok: true, firstBroken: null });
  });

  it('a double click enrols once', async () => {
    const invited = await invite();
    const key = new SoftAuthenticator(ORIGIN, RP_ID);
    const creation = (await (await options(invited.secret)).json()).options;
    const response = key.register(creation);
    const answers = await Promise.all([enrol(invited.secret, response), enrol(invited.secret, response)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
    expect(await passkeysOf(invited.staffId)).toBe(1);
    expect(await sessionsOf(invited.staffId)).toBe(1);
  });

  it('refuses huge and odd registration bodies', async () => {
    const invited = await invite();
    for (const response of [{}, { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'é', attestationObject: 'x' } }, { id: 'x'.repeat(5000) }]) {
      expect((await enrol(invited.secret, response)).status).toBe(400);
    }
    expect((await caller.post('/api/admin/auth/enrol', `{"secret":"${'a'.repeat(43)}","response":"${'x'.repeat(300_000)}"}`)).status).toBe(413);
  });
});
