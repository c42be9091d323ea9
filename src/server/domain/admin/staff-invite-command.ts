/**
 * What `npm run staff:invite` does in the database (issue 15): creates the member (or updates the roles and name of
 * an existing one) and writes a fresh enrolment link, superseding older ones, with its audit event, in one
 * transaction. The first issuer admin comes from here, on an empty staff table. The mail is rendered, not sent: the
 * command sends it after the commit (the server's job runner may not be running).
 */
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { staffMessages } from '../../../shared/admin/sign-in-messages.ts';
import { holdsExclusiveRoles, type StaffRole } from '../../../shared/admin/staff-roles.ts';
import { staffMembers } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { NO_CLIENT } from '../request-context.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import { recordRoleChange } from './role-grants.ts';
import { issueEnrolment, lockStaffMember, type IssuedEnrolment } from './staff-enrolment.ts';

export class StaffInviteRefusal extends Error {}

export type CommandInvite = { email: string; displayName: string | null; roles: StaffRole[] };

export async function inviteByCommand(db: Db, request: CommandInvite, now: Date, linkBase: string): Promise<IssuedEnrolment & { staffId: string; created: boolean }> {
  const invite = { ...request, roles: [...new Set(request.roles)].sort() };
  if (holdsExclusiveRoles(invite.roles)) throw new StaffInviteRefusal(staffMessages.complianceWithAuditor);
  return db.transaction(async (tx) => {
    await lockStaffMember(tx, 'all');
    const [existing] = await tx.select().from(staffMembers).where(eq(staffMembers.email, invite.email)).for('update');
    if (existing?.disabledAt) throw new StaffInviteRefusal(`${invite.email} is disabled; an issuer admin can enable it in the back-office first.`);
    if (existing && existing.roles.includes('issuer-admin') && !invite.roles.includes('issuer-admin')) {
      const [others] = await tx
        .select({ n: count() })
        .from(staffMembers)
        .where(and(ne(staffMembers.id, existing.id), isNull(staffMembers.disabledAt), sql`'issuer-admin' = any(${staffMembers.roles})`));
      if ((others?.n ?? 0) === 0) throw new StaffInviteRefusal(`${invite.email} is the last active issuer admin and must keep that role.`);
    }
    const displayName = invite.displayName ?? existing?.displayName ?? invite.email.slice(0, invite.email.indexOf('@'));
    const [member] = existing
      ? await tx.update(staffMembers).set({ roles: invite.roles, displayName }).where(eq(staffMembers.id, existing.id)).returning()
      : await tx.insert(staffMembers).values({ email: invite.email, displayName, roles: invite.roles, createdAt: now }).returning();
    await recordRoleChange(tx, member!.id, existing?.roles ?? [], invite.roles, null, now);
    const issued = await issueEnrolment(tx, { ...member!, roles: invite.roles }, { purpose: 'invite', issuedBy: null, now, linkBase });
    await recordAuditEvent(tx, {
      userId: null,
      staffId: null,
      action: 'admin.staff.invited',
      detail: { by: 'staff:invite command', member: member!.id, email: invite.email, roles: invite.roles, created: !existing, enrolmentId: issued.enrolmentId, ...(existing ? { rolesBefore: existing.roles } : {}) },
      meta: NO_CLIENT,
      at: now,
    });
    return { ...issued, staffId: member!.id, created: !existing };
  });
}
