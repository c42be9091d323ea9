/**
 * Staff management by issuer admins (issue 15). Every change is one transaction with its audit event
 * (admin.staff.<verb>, detail.role 'issuer-admin') and holds one advisory lock for all staff changes, so two admins
 * acting at once are serialised: the rule "the last active issuer admin cannot lose the role or be disabled" holds
 * under parallel calls, and a double click acts once (the second call finds the change made and changes nothing).
 * A reset never happens by email alone: only another issuer admin can make one, never for their own account.
 * Nobody changes their own roles (issue 26: an admin gave itself compliance, then approved a case alone); the roles
 * schema refuses compliance with auditor; every change of roles is recorded in staff_role_grants (role-grants.ts).
 */
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { adminMessages } from '../../../shared/admin/admin-messages.ts';
import { staffMessages } from '../../../shared/admin/sign-in-messages.ts';
import { isStaffRole, type StaffRole } from '../../../shared/admin/staff-roles.ts';
import type { StaffInvitePayload, StaffList } from '../../../shared/admin/staff.ts';
import { staffEnrolments, staffMembers, staffPasskeys, staffSessions } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { enqueueMail } from '../../jobs/mail-job.ts';
import { isUuid } from '../is-uuid.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { StaffRequestContext } from '../request-context.ts';
import { recordRoleChange } from './role-grants.ts';
import { issueEnrolment, lockStaffMember } from './staff-enrolment.ts';

const ROLE = 'issuer-admin';
const notFound = () => new AppError('NOT_FOUND', adminMessages.notFound);
const lockAll = (tx: Db) => lockStaffMember(tx, 'all');

/** GET /api/admin/staff: one statement (counts and last sign-in by correlated subqueries on indexed staff_id). */
export async function listStaff(db: Db, { limit, offset }: { limit: number; offset: number }): Promise<StaffList> {
  const passkeys = sql<number>`(select count(*)::int from ${staffPasskeys} where ${staffPasskeys.staffId} = ${staffMembers.id} and ${staffPasskeys.revokedAt} is null)`;
  const lastSignIn = sql<string | null>`(select max(${staffSessions.issuedAt}) from ${staffSessions} where ${staffSessions.staffId} = ${staffMembers.id})`;
  const rows = await db
    .select({
      id: staffMembers.id,
      email: staffMembers.email,
      displayName: staffMembers.displayName,
      roles: staffMembers.roles,
      passkeys,
      lastSignInAt: lastSignIn,
      disabledAt: staffMembers.disabledAt,
      createdAt: staffMembers.createdAt,
    })
    .from(staffMembers)
    .orderBy(asc(staffMembers.email))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(staffMembers);
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      displayName: r.displayName,
      roles: r.roles.filter(isStaffRole),
      passkeys: Number(r.passkeys),
      lastSignInAt: iso(r.lastSignInAt),
      disabledAt: iso(r.disabledAt),
      createdAt: iso(r.createdAt) as string,
    })),
    total: total?.n ?? 0,
    limit,
    offset,
  };
}

async function memberForUpdate(tx: Db, id: string) {
  if (!isUuid(id)) throw notFound();
  const [member] = await tx.select().from(staffMembers).where(eq(staffMembers.id, id)).for('update');
  if (!member) throw notFound();
  return member;
}

/** Active issuer admins other than `except`. */
async function otherActiveAdmins(tx: Db, except: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(staffMembers)
    .where(and(ne(staffMembers.id, except), isNull(staffMembers.disabledAt), sql`${ROLE} = any(${staffMembers.roles})`));
  return row?.n ?? 0;
}

const revokeSessions = (tx: Db, staffId: string, now: Date) =>
  tx.update(staffSessions).set({ revokedAt: now }).where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt))).returning({ jti: staffSessions.jti });

/** POST /api/admin/staff: a new member and their enrolment mail. */
export async function inviteStaffMember(db: Db, payload: StaffInvitePayload, linkBase: string, ctx: StaffRequestContext) {
  return db.transaction(async (tx) => {
    await lockAll(tx);
    const [existing] = await tx.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.email, payload.email));
    if (existing) throw new AppError('CONFLICT', staffMessages.emailTaken);
    const [member] = await tx
      .insert(staffMembers)
      .values({ email: payload.email, displayName: payload.displayName, roles: payload.roles, invitedBy: ctx.staffId, createdAt: ctx.now })
      .returning();
    await recordRoleChange(tx, member!.id, [], payload.roles, ctx.staffId, ctx.now);
    const issued = await issueEnrolment(tx, { ...member!, roles: payload.roles }, { purpose: 'invite', issuedBy: ctx.staffId, now: ctx.now, linkBase });
    await enqueueMail(tx, issued.mail, ctx.now, `staff-enrolment:${issued.enrolmentId}`);
    await recordAuditEvent(tx, {
      userId: null,
      staffId: ctx.staffId,
      action: 'admin.staff.invited',
      detail: { role: ROLE, member: member!.id, email: payload.email, roles: payload.roles, enrolmentId: issued.enrolmentId },
      meta: ctx.meta,
      at: ctx.now,
    });
    return { id: member!.id };
  });
}

/** PUT /api/admin/staff/:id/roles: another member's only, whatever the roles (a request for one's own changes nothing). */
export async function setStaffRoles(db: Db, id: string, roles: StaffRole[], ctx: StaffRequestContext) {
  if (id === ctx.staffId) throw new AppError('CONFLICT', staffMessages.notYourRoles);
  return db.transaction(async (tx) => {
    await lockAll(tx);
    const member = await memberForUpdate(tx, id);
    const before = member.roles.filter(isStaffRole).sort();
    if (before.join() === roles.join()) return { id, roles: before, changed: false };
    const losesAdmin = before.includes(ROLE) && !roles.includes(ROLE) && member.disabledAt === null;
    if (losesAdmin && (await otherActiveAdmins(tx, id)) === 0) throw new AppError('CONFLICT', staffMessages.lastAdmin);
    await tx.update(staffMembers).set({ roles }).where(eq(staffMembers.id, id));
    await recordRoleChange(tx, id, member.roles, roles, ctx.staffId, ctx.now);
    await recordAuditEvent(tx, { userId: null, staffId: ctx.staffId, action: 'admin.staff.roles_changed', detail: { role: ROLE, member: id, before, after: roles }, meta: ctx.meta, at: ctx.now });
    return { id, roles, changed: true };
  });
}

/** POST /api/admin/staff/:id/disable and /enable. Disabling ends the member's sessions. */
export async function setStaffDisabled(db: Db, id: string, disabled: boolean, ctx: StaffRequestContext) {
  return db.transaction(async (tx) => {
    await lockAll(tx);
    const member = await memberForUpdate(tx, id);
    if ((member.disabledAt !== null) === disabled) return { id, disabled, changed: false };
    if (disabled) {
      if (id === ctx.staffId) throw new AppError('CONFLICT', staffMessages.notYourself);
      if (member.roles.includes(ROLE) && (await otherActiveAdmins(tx, id)) === 0) throw new AppError('CONFLICT', staffMessages.lastAdmin);
    }
    await tx.update(staffMembers).set({ disabledAt: disabled ? ctx.now : null }).where(eq(staffMembers.id, id));
    const revoked = disabled ? await revokeSessions(tx, id, ctx.now) : [];
    await recordAuditEvent(tx, {
      userId: null,
      staffId: ctx.staffId,
      action: disabled ? 'admin.staff.disabled' : 'admin.staff.enabled',
      detail: { role: ROLE, member: id, ...(disabled ? { sessionsRevoked: revoked.length } : {}) },
      meta: ctx.meta,
      at: ctx.now,
    });
    return { id, disabled, changed: true };
  });
}

/** How long a reset counts as the same one: a second click within it changes nothing and mails nothing. */
const RESET_REPEAT_MS = 60_000;

/** POST /api/admin/staff/:id/reset-passkey: revokes the member's passkeys and sessions, mails a new enrolment link. */
export async function resetStaffPasskey(db: Db, id: string, linkBase: string, ctx: StaffRequestContext) {
  return db.transaction(async (tx) => {
    await lockAll(tx);
    const member = await memberForUpdate(tx, id);
    if (id === ctx.staffId) throw new AppError('CONFLICT', staffMessages.notYourself);
    if (member.disabledAt) throw new AppError('CONFLICT', staffMessages.disabled);
    const [recent] = await tx
      .select({ createdAt: staffEnrolments.createdAt })
      .from(staffEnrolments)
      .where(and(eq(staffEnrolments.staffId, id), eq(staffEnrolments.purpose, 'passkey-reset'), isNull(staffEnrolments.usedAt), isNull(staffEnrolments.supersededAt)))
      .orderBy(sql`${staffEnrolments.createdAt} desc`)
      .limit(1);
    const [live] = await tx.select({ n: count() }).from(staffPasskeys).where(and(eq(staffPasskeys.staffId, id), isNull(staffPasskeys.revokedAt)));
    if (recent && (live?.n ?? 0) === 0 && ctx.now.getTime() - recent.createdAt.getTime() < RESET_REPEAT_MS) return { id, changed: false };
    const passkeys = await tx
      .update(staffPasskeys)
      .set({ revokedAt: ctx.now })
      .where(and(eq(staffPasskeys.staffId, id), isNull(staffPasskeys.revokedAt)))
      .returning({ id: staffPasskeys.credentialId });
    const sessions = await revokeSessions(tx, id, ctx.now);
    const issued = await issueEnrolment(tx, { ...member, roles: member.roles.filter(isStaffRole) }, { purpose: 'passkey-reset', issuedBy: ctx.staffId, now: ctx.now, linkBase });
    await enqueueMail(tx, issued.mail, ctx.now, `staff-enrolment:${issued.enrolmentId}`);
    await recordAuditEvent(tx, {
      userId: null,
      staffId: ctx.staffId,
      action: 'admin.staff.passkey_reset',
      detail: { role: ROLE, member: id, passkeysRevoked: passkeys.length, sessionsRevoked: sessions.length, enrolmentId: issued.enrolmentId },
      meta: ctx.meta,
      at: ctx.now,
    });
    return { id, changed: true };
  });
}
