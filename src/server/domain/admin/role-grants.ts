/**
 * The history of staff roles (issue 26; table staff_role_grants): every change of a member's roles records, in the
 * caller's transaction, the grants it opens and the ones it ends, so the server can tell since when a member has held
 * a role without a break. The four-eyes rule of the KYC review reads it (kyc-decision.ts).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/admin/staff-roles.ts';
import { staffRoleGrants } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

/**
 * Records a change of `staffId`'s roles from `before` to `after` at `now`, made by `by` (null: the staff:invite
 * command): the roles added get an open grant, the roles taken away have theirs ended.
 */
export async function recordRoleChange(tx: Db, staffId: string, before: readonly string[], after: readonly StaffRole[], by: string | null, now: Date): Promise<void> {
  const added = after.filter((role) => !before.includes(role));
  const removed = before.filter((role) => !(after as readonly string[]).includes(role));
  if (removed.length > 0) {
    await tx
      .update(staffRoleGrants)
      .set({ revokedAt: now, revokedBy: by })
      .where(and(eq(staffRoleGrants.staffId, staffId), inArray(staffRoleGrants.role, removed), isNull(staffRoleGrants.revokedAt)));
  }
  if (added.length > 0) {
    await tx
      .insert(staffRoleGrants)
      .values(added.map((role) => ({ staffId, role, grantedAt: now, grantedBy: by })))
      // A grant already open (a row written outside the server) is kept with its own, earlier, date.
      .onConflictDoNothing();
  }
}

/** Since when `staffId` has held `role` without a break; null when they do not hold it (or no grant is recorded). */
export async function heldSince(tx: Db, staffId: string, role: StaffRole): Promise<Date | null> {
  const [grant] = await tx
    .select({ grantedAt: staffRoleGrants.grantedAt })
    .from(staffRoleGrants)
    .where(and(eq(staffRoleGrants.staffId, staffId), eq(staffRoleGrants.role, role), isNull(staffRoleGrants.revokedAt)))
    .limit(1);
  return grant?.grantedAt ?? null;
}
