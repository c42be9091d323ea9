/**
 * Staff management (issue 15): the list, invitations, roles, disabling, passkey resets. The last active issuer
 * admin keeps the role and stays enabled, even under parallel calls; an admin cannot reset or disable themselves;
 * every change is audited; a double click acts once.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { staffMessages } from '../../src/shared/admin/sign-in-messages.ts';
import { StaffDisabledResponseSchema, StaffInviteResponseSchema, StaffListSchema, StaffResetResponseSchema, StaffRolesResponseSchema } from '../../src/shared/admin/staff.ts';
import { auditEvents, staffEnrolments, staffMembers, staffPasskeys, staffSessions } from '../../src/server/db/schema/index.ts';
import { forEachDatabase } from './harness.ts';
import { SoftAuthenticator } from './support/admin-sign-in-authenticator.ts';
import { ORIGIN, RP_ID, callerFor, codeVerified, enrolSecretFrom, enrolledStaff } from './support/admin-sign-in-flow.ts';
import { createStaff, uniqueStaffEmail } from './support/staff.ts';

forEachDatabase('admin staff management', (t) => {
  const caller = callerFor(t);
  const liveSessions = async (staffId: string) =>
    (await t.database.db.select({ n: count() }).from(staffSessions).where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt))))[0]!.n;
  const auditsOf = async (action: string, member: string) =>
    (await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action))).filter((e) => (e.detail as { member?: string }).member === member);
  /** Disables every issuer admin but `keep`, so `keep` is the only active one. */
  const onlyAdmin = async (keep: string) => {
    const all = await t.database.db.select({ id: staffMembers.id, roles: staffMembers.roles }).from(staffMembers);
    for (const m of all) if (m.id !== keep && m.roles.includes('issuer-admin')) await t.database.db.update(staffMembers).set({ disabledAt: t.clock.now() }).where(eq(staffMembers.id, m.id));
  };

  describe('GET /api/admin/staff', () => {
    it('lists members with roles, passkey count, last sign-in and state, paginated', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      const enrolled = await enrolledStaff(t, caller, ['finance', 'compliance']);
      const res = await caller.get('/api/admin/staff?limit=100', admin.token);
      expect(res.status).toBe(200);
      // The answer the staff page reads passes its schema (the page refuses any other).
      const list = v.parse(StaffListSchema, await res.json());
      expect(list.limit).toBe(100);
      const row = list.items.find((i) => i.id === enrolled.id)!;
      expect(row).toMatchObject({ email: enrolled.email, roles: ['compliance', 'finance'], passkeys: 1, disabledAt: null });
      expect(row.lastSignInAt).not.toBeNull();
      const page = await (await caller.get('/api/admin/staff?limit=1&offset=1', admin.token)).json();
      expect(page.items).toHaveLength(1);
      expect(page.total).toBe(list.total);
      for (const q of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1']) expect((await caller.get(`/api/admin/staff?${q}`, admin.token)).status, q).toBe(400);
    });
  });

  describe('POST /api/admin/staff (invite)', () => {
    it('creates the member, mails a working enrolment link, audits; a second invite of the address is refused', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      const email = uniqueStaffEmail('invited');
      const res = await caller.post('/api/admin/staff', { email: email.toUpperCase(), displayName: '  Zoë Ångström ', roles: ['finance', 'finance'] }, { token: admin.token });
      expect(res.status).toBe(201);
      const { id } = v.parse(StaffInviteResponseSchema, await res.json());
      const [member] = await t.database.db.select().from(staffMembers).where(eq(staffMembers.id, id));
      expect(member).toMatchObject({ email, displayName: 'Zoë Ångström', roles: ['finance'], invitedBy: admin.id });
      const secret = enrolSecretFrom(t, email);
      expect((await caller.post('/api/admin/auth/enrol/options', { secret })).status).toBe(200);
      const events = await auditsOf('admin.staff.invited', id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ staffId: admin.id, detail: expect.objectContaining({ role: 'issuer-admin' }) });
      const again = await caller.post('/api/admin/staff', { email, displayName: 'X', roles: ['finance'] }, { token: admin.token });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: staffMessages.emailTaken });
    });

    it('a double click invites once', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      const email = uniqueStaffEmail('double');
      const body = { email, displayName: 'Double', roles: ['auditor'] };
      const answers = await Promise.all([caller.post('/api/admin/staff', body, { token: admin.token }), caller.post('/api/admin/staff', body, { token: admin.token })]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(t.mailer.countTo(email)).toBe(1);
    });

    it('refuses bad roles, names and addresses without writing', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      const before = (await t.database.db.select({ n: count() }).from(staffMembers))[0]!.n;
      for (const body of [
        { email: uniqueStaffEmail(), displayName: 'A', roles: [] },
        { email: uniqueStaffEmail(), displayName: 'A', roles: ['superuser'] },
        { email: uniqueStaffEmail(), displayName: '', roles: ['finance'] },
        { email: uniqueStaffEmail(), displayName: 'a\u202eb', roles: ['finance'] },
        { email: uniqueStaffEmail(), displayName: 'x'.repeat(121), roles: ['finance'] },
        { email: 'nope', displayName: 'A', roles: ['finance'] },
      ]) {
        expect((await caller.post('/api/admin/staff', body, { token: admin.token })).status, JSON.stringify(body)).toBe(400);
      }
      expect((await t.database.db.select({ n: count() }).from(staffMembers))[0]!.n).toBe(before);
    });
  });

  describe('roles, disabling and the last issuer admin', () => {
    it('changes roles (audited with before and after); a role taken away takes effect on the next call', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      const member = await createStaff(t, ['issuer-admin']);
      const res = await caller.put(`/api/admin/staff/${member.id}/roles`, { roles: ['auditor'] }, admin.token);
      expect(res.status).toBe(200);
      expect(v.parse(StaffRolesResponseSchema, await res.json())).toEqual({ id: member.id, roles: ['auditor'], changed: true });
      expect((await caller.post('/api/admin/staff', { email: uniqueStaffEmail(), displayName: 'A', roles: ['finance'] }, { token: member.token })).status).toBe(403);
      const [event] = await auditsOf('admin.staff.roles_changed', member.id);
      expect(event!.detail).toMatchObject({ role: 'issuer-admin', before: ['issuer-admin'], after: ['auditor'] });
    });

    it('the last active issuer admin cannot lose the role nor be disabled, even when two admins demote each other at once', async () => {
      const a = await createStaff(t, ['issuer-admin']);
      const b = await createStaff(t, ['issuer-admin']);
      await onlyAdmin(a.id);
      await t.database.db.update(staffMembers).set({ disabledAt: null }).where(eq(staffMembers.id, b.id));
      const answers = await Promise.all([
        caller.put(`/api/admin/staff/${b.id}/roles`, { roles: ['finance'] }, a.token),
        caller.put(`/api/admin/staff/${a.id}/roles`, { roles: ['finance'] }, b.token),
      ]);
      // One demotion goes through; the other is refused (or, when the demoted admin asked second, 403).
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      const admins = (await t.database.db.select().from(staffMembers)).filter((m) => m.roles.includes('issuer-admin') && m.disabledAt === null);
      expect(admins).toHaveLength(1);
      const last = admins[0]!;
      const token = last.id === a.id ? a.token : b.token;
      const helper = await createStaff(t, ['issuer-admin']);
      await onlyAdmin(last.id);
      // Nobody changes their own roles (issue 26), the last admin included: refused, the role kept. (Another admin
      // demoting them is active themselves, so the last-admin refusal above is what a parallel demotion meets.)
      const demote = await caller.put(`/api/admin/staff/${last.id}/roles`, { roles: ['auditor'] }, token);
      expect(demote.status).toBe(409);
      expect(await demote.json()).toEqual({ error: staffMessages.notYourRoles });
      expect((await t.database.db.select().from(staffMembers).where(eq(staffMembers.id, last.id)))[0]!.roles).toEqual(['issuer-admin']);
      expect((await caller.post(`/api/admin/staff/${last.id}/disable`, {}, { token })).status).toBe(409);
      expect(helper.id).toBeTruthy();
    });

    it('disabling revokes the sessions and blocks sign-in; enabling lets them in again; a double click acts once', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      const member = await enrolledStaff(t, caller, ['compliance']);
      expect(await liveSessions(member.id)).toBe(1);
      const answers = await Promise.all([caller.post(`/api/admin/staff/${member.id}/disable`, {}, { token: admin.token }), caller.post(`/api/admin/staff/${member.id}/disable`, {}, { token: admin.token })]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const bodies = await Promise.all(answers.map(async (a) => v.parse(StaffDisabledResponseSchema, await a.json())));
      expect(bodies.map((b) => b.changed).sort()).toEqual([false, true]);
      expect(await auditsOf('admin.staff.disabled', member.id)).toHaveLength(1);
      expect(await liveSessions(member.id)).toBe(0);
      expect((await caller.get('/api/admin/me', member.token)).status).toBe(401);
      const enabled = await caller.post(`/api/admin/staff/${member.id}/enable`, {}, { token: admin.token });
      expect(enabled.status).toBe(200);
      expect(v.parse(StaffDisabledResponseSchema, await enabled.json())).toEqual({ id: member.id, disabled: false, changed: true });
      const { challengeId, options } = await codeVerified(t, caller, member.email);
      expect((await caller.post('/api/admin/auth/passkey', { challengeId, response: member.passkey.authenticate(options) })).status).toBe(200);
    });

    it('an admin cannot disable themselves; unknown and non-uuid ids are 404', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      await createStaff(t, ['issuer-admin']);
      expect((await caller.post(`/api/admin/staff/${admin.id}/disable`, {}, { token: admin.token })).status).toBe(409);
      expect((await caller.post(`/api/admin/staff/${crypto.randomUUID()}/disable`, {}, { token: admin.token })).status).toBe(404);
      expect((await caller.post('/api/admin/staff/not-a-uuid/disable', {}, { token: admin.token })).status).toBe(404);
      expect((await caller.put('/api/admin/staff/1%27%20or%201=1/roles', { roles: ['finance'] }, admin.token)).status).toBe(404);
    });
  });

  describe('POST /api/admin/staff/:id/reset-passkey', () => {
    it('revokes the passkeys and sessions, mails a new link that enrols a new passkey; the old passkey no longer signs in', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      const member = await enrolledStaff(t, caller, ['finance']);
      const mails = t.mailer.countTo(member.email);
      const answers = await Promise.all([
        caller.post(`/api/admin/staff/${member.id}/reset-passkey`, {}, { token: admin.token }),
        caller.post(`/api/admin/staff/${member.id}/reset-passkey`, {}, { token: admin.token }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const resets = await Promise.all(answers.map(async (a) => v.parse(StaffResetResponseSchema, await a.json())));
      expect(resets.map((r) => r.changed).sort()).toEqual([false, true]);
      expect(t.mailer.countTo(member.email)).toBe(mails + 1);
      expect(await auditsOf('admin.staff.passkey_reset', member.id)).toHaveLength(1);
      expect(await liveSessions(member.id)).toBe(0);
      const [old] = await t.database.db.select().from(staffPasskeys).where(eq(staffPasskeys.credentialId, member.passkey.id));
      expect(old!.revokedAt).not.toBeNull();
      const code = await caller.post('/api/admin/auth/code', { email: member.email });
      const verify = await caller.post('/api/admin/auth/code/verify', { challengeId: (await code.json()).challengeId, code: t.mailer.latestCode(member.email) });
      expect(verify.status).toBe(409);
      const secret = enrolSecretFrom(t, member.email);
      const [link] = await t.database.db.select().from(staffEnrolments).where(and(eq(staffEnrolments.staffId, member.id), isNull(staffEnrolments.usedAt)));
      expect(link!.purpose).toBe('passkey-reset');
      const fresh = new SoftAuthenticator(ORIGIN, RP_ID);
      const creation = (await (await caller.post('/api/admin/auth/enrol/options', { secret })).json()).options;
      expect((await caller.post('/api/admin/auth/enrol', { secret, response: fresh.register(creation) })).status).toBe(200);
    });

    it('an admin cannot reset their own passkey; a disabled member cannot be reset; no email can start one', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      const res = await caller.post(`/api/admin/staff/${admin.id}/reset-passkey`, {}, { token: admin.token });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: staffMessages.notYourself });
      const member = await createStaff(t, ['finance']);
      await t.database.db.update(staffMembers).set({ disabledAt: t.clock.now() }).where(eq(staffMembers.id, member.id));
      expect((await caller.post(`/api/admin/staff/${member.id}/reset-passkey`, {}, { token: admin.token })).status).toBe(409);
      // Without a staff session nothing about a member can be changed (the role matrix checks every role).
      expect((await caller.post(`/api/admin/staff/${member.id}/reset-passkey`, { email: member.email })).status).toBe(401);
    });
  });
});
