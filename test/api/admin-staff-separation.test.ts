/**
 * Issue 26, fault 10: separation of duties in the back-office. An issuer admin added compliance to their own roles
 * and then gave a case's second four-eyes approval themselves. Now:
 * - nobody changes their own roles (whatever the roles);
 * - one person may not hold both compliance and auditor (refused with the reason, on invite and on change);
 * - a four-eyes approval counts only from a reviewer who held compliance, without a break, since before the case
 *   reached review (its current round's submission): a role granted once the case was waiting cannot decide it.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kycReviewMessages } from '../../src/shared/admin/kyc-messages.ts';
import { staffMessages } from '../../src/shared/admin/sign-in-messages.ts';
import { STAFF_ROLES, type StaffRole } from '../../src/shared/admin/staff-roles.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { completeSteps, passDisclosure } from './support/kyc.ts';
import { createStaff, uniqueStaffEmail, type TestStaff } from './support/staff.ts';

let names = 0;
/** An investor above the four-eyes threshold (100000 by default) who submitted KYC now. */
async function bigCase(t: ApiTest): Promise<{ userId: string; token: string }> {
  const { token, user } = await t.register({ investmentAmount: 150_000, fullName: `Separation ${process.pid} ${++names} ${randomUUID().slice(0, 8)}` });
  await passDisclosure(t, user.userId);
  await completeSteps(t, token);
  const res = await t.post('/api/kyc/complete', {}, token);
  if (res.status !== 200) throw new Error(`complete: ${res.status} ${await res.text()}`);
  return { userId: user.userId, token };
}

forEachDatabase('separation of duties (issue 26, fault 10)', (t) => {
  const put = (path: string, body: unknown, token: string) =>
    t.request(path, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const setRoles = (member: { id: string }, roles: StaffRole[], by: TestStaff) => put(`/api/admin/staff/${member.id}/roles`, { roles }, by.token);
  const approve = (staff: TestStaff, userId: string, expectedRound = 1) => t.post(`/api/admin/kyc/cases/${userId}/decision`, { decision: 'APPROVED', expectedRound }, staff.token);
  const rolesOf = async (id: string) => (await t.database.db.select({ roles: schema.staffMembers.roles }).from(schema.staffMembers).where(eq(schema.staffMembers.id, id)))[0]!.roles;
  const kycStatusOf = async (userId: string) => (await t.database.db.select().from(schema.kycVerifications).where(eq(schema.kycVerifications.userId, userId)))[0]!.status;
  const roleAudits = async (member: string) =>
    (await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, 'admin.staff.roles_changed'))).filter((e) => (e.detail as { member?: string }).member === member);

  describe('nobody changes their own roles', () => {
    it('an issuer admin is refused every change of their own roles, adding or removing any role, and nothing is written', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      await createStaff(t, ['issuer-admin']); // another active admin: losing the role would otherwise be allowed
      const attempts: StaffRole[][] = [
        ...STAFF_ROLES.filter((r) => r !== 'issuer-admin' && r !== 'auditor').map((r) => ['issuer-admin', r] as StaffRole[]),
        ['auditor', 'issuer-admin'],
        ['finance'],
        ['compliance'],
        ['issuer-admin'],
      ];
      for (const roles of attempts) {
        const res = await setRoles(admin, roles, admin);
        expect(res.status, roles.join()).toBe(409);
        expect(await res.json()).toEqual({ error: staffMessages.notYourRoles });
      }
      expect(await rolesOf(admin.id)).toEqual(['issuer-admin']);
      expect(await roleAudits(admin.id)).toEqual([]);
    });

    it('staff of every other role cannot change roles at all, their own included', async () => {
      for (const role of STAFF_ROLES.filter((r) => r !== 'issuer-admin')) {
        const member = await createStaff(t, [role]);
        expect((await setRoles(member, [role, 'issuer-admin'], member)).status, role).toBe(403);
        expect(await rolesOf(member.id)).toEqual([role]);
      }
    });

    it('another issuer admin still changes them (and it is audited)', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      const colleague = await createStaff(t, ['issuer-admin']);
      const res = await setRoles(colleague, ['compliance', 'issuer-admin'], admin);
      expect(res.status).toBe(200);
      expect(await rolesOf(colleague.id)).toEqual(['compliance', 'issuer-admin']);
      expect(await roleAudits(colleague.id)).toHaveLength(1);
    });
  });

  describe('compliance and auditor are never one person', () => {
    it('refuses a change to both with the reason, and an invitation with both; nothing is written', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      const officer = await createStaff(t, ['compliance']);
      for (const roles of [['compliance', 'auditor'], ['auditor', 'compliance', 'finance']] as StaffRole[][]) {
        const res = await setRoles(officer, roles, admin);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ error: staffMessages.complianceWithAuditor });
      }
      expect(await rolesOf(officer.id)).toEqual(['compliance']);
      const email = uniqueStaffEmail('both');
      const invited = await t.post('/api/admin/staff', { email, displayName: 'Both Roles', roles: ['auditor', 'compliance'] }, admin.token);
      expect(invited.status).toBe(400);
      expect(await invited.json()).toEqual({ error: staffMessages.complianceWithAuditor });
      expect(await t.database.db.select().from(schema.staffMembers).where(eq(schema.staffMembers.email, email))).toEqual([]);
      // Either one with other roles is fine.
      expect((await setRoles(officer, ['compliance', 'finance'], admin)).status).toBe(200);
    });
  });

  describe('four-eyes counts reviewers who held compliance before the case reached review', () => {
    it('refuses an approval (first or second) by a reviewer granted compliance after the case reached review', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      const officer = await createStaff(t, ['compliance']);
      const late = await createStaff(t, ['finance']);
      const { userId } = await bigCase(t);
      t.clock.advance(60_000);
      expect((await setRoles(late, ['compliance', 'finance'], admin)).status).toBe(200);
      t.clock.advance(60_000);

      // As a first approval: refused, nothing recorded.
      const first = await approve(late, userId);
      expect(first.status).toBe(409);
      expect(await first.json()).toEqual({ error: kycReviewMessages.complianceAfterSubmission });
      expect(await t.database.db.select().from(schema.kycReviews).where(eq(schema.kycReviews.userId, userId))).toEqual([]);

      // As a second approval: refused; the case stays under review with the one approval.
      expect((await approve(officer, userId)).status).toBe(200);
      const second = await approve(late, userId);
      expect(second.status).toBe(409);
      expect(await second.json()).toEqual({ error: kycReviewMessages.complianceAfterSubmission });
      expect(await kycStatusOf(userId)).toBe('UNDER_REVIEW');

      // A colleague who held compliance before the submission gives it.
      const colleague = await createStaff(t, ['compliance']);
      expect((await approve(colleague, userId)).status).toBe(200);
      expect(await kycStatusOf(userId)).toBe('APPROVED');
    });

    it('the same reviewer may decide the next round: it reached review after the grant', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      const officer = await createStaff(t, ['compliance']);
      const late = await createStaff(t, ['finance']);
      const { userId, token } = await bigCase(t);
      t.clock.advance(60_000);
      expect((await setRoles(late, ['compliance'], admin)).status).toBe(200);
      t.clock.advance(60_000);
      expect((await t.post(`/api/admin/kyc/cases/${userId}/decision`, { decision: 'RESUBMISSION_REQUESTED', steps: ['aml'], message: 'Tell us more.', expectedRound: 1 }, officer.token)).status).toBe(200);
      const saved = await t.post('/api/kyc/save-step', { step: 4, stepData: { fundsSource: 'business', annualVolume: '100k-250k', occupation: 'Engineer', declarations: { pep: true, sanctions: true, criminal: true, funds: true } } }, token);
      expect(saved.status).toBe(200);
      t.clock.advance(1000);
      expect((await t.post('/api/kyc/complete', {}, token)).status).toBe(200);
      expect((await approve(late, userId, 2)).status).toBe(200);
      expect((await approve(officer, userId, 2)).status).toBe(200);
      expect(await kycStatusOf(userId)).toBe('APPROVED');
    });

    it('compliance taken away and given back starts again: held since the new grant', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      const officer = await createStaff(t, ['compliance']);
      const other = await createStaff(t, ['compliance', 'finance']);
      const { userId } = await bigCase(t);
      t.clock.advance(60_000);
      expect((await setRoles(other, ['finance'], admin)).status).toBe(200);
      t.clock.advance(60_000);
      expect((await setRoles(other, ['compliance', 'finance'], admin)).status).toBe(200);
      expect((await approve(officer, userId)).status).toBe(200);
      expect(await (await approve(other, userId)).json()).toEqual({ error: kycReviewMessages.complianceAfterSubmission });
      // The history is kept: two grants of compliance, the first ended.
      const grants = await t.database.db
        .select()
        .from(schema.staffRoleGrants)
        .where(and(eq(schema.staffRoleGrants.staffId, other.id), eq(schema.staffRoleGrants.role, 'compliance')))
        .orderBy(asc(schema.staffRoleGrants.grantedAt));
      expect(grants).toHaveLength(2);
      expect(grants[0]!.revokedAt).not.toBeNull();
      expect(grants[0]!.revokedBy).toBe(admin.id);
      expect(grants[1]).toMatchObject({ revokedAt: null, grantedBy: admin.id });
    });

    it('below the threshold, one approval by any compliance officer decides, as before', async () => {
      const admin = await createStaff(t, ['issuer-admin']);
      const late = await createStaff(t, ['finance']);
      const { token, user } = await t.register({ investmentAmount: 25_000 });
      await passDisclosure(t, user.userId);
      await completeSteps(t, token);
      expect((await t.post('/api/kyc/complete', {}, token)).status).toBe(200);
      t.clock.advance(60_000);
      expect((await setRoles(late, ['compliance'], admin)).status).toBe(200);
      expect((await approve(late, user.userId)).status).toBe(200);
      expect(await kycStatusOf(user.userId)).toBe('APPROVED');
    });
  });

  it('the old attack, end to end: an issuer admin cannot give itself compliance nor give the second approval', async () => {
    const admin = await createStaff(t, ['issuer-admin']);
    const otherAdmin = await createStaff(t, ['issuer-admin']);
    const officer = await createStaff(t, ['compliance']);
    const { userId } = await bigCase(t);
    expect((await approve(officer, userId)).status).toBe(200);
    t.clock.advance(60_000);

    // 1. The admin adds compliance to its own roles: refused.
    const self = await setRoles(admin, ['compliance', 'issuer-admin'], admin);
    expect(self.status).toBe(409);
    expect(await rolesOf(admin.id)).toEqual(['issuer-admin']);
    // 2. Without compliance, its approval is refused by the role check.
    expect((await approve(admin, userId)).status).toBe(403);
    // 3. A second admin grants it compliance now: a different person may, but the grant is too late for this case.
    expect((await setRoles(admin, ['compliance', 'issuer-admin'], otherAdmin)).status).toBe(200);
    t.clock.advance(60_000);
    const second = await approve(admin, userId);
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ error: kycReviewMessages.complianceAfterSubmission });
    expect(await kycStatusOf(userId)).toBe('UNDER_REVIEW');
    const reviews = await t.database.db.select().from(schema.kycReviews).where(eq(schema.kycReviews.userId, userId));
    expect(reviews.map((r) => r.reviewerId)).toEqual([officer.id]);
  });
});
