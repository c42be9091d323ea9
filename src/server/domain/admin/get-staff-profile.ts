import { eq } from 'drizzle-orm';
import { adminMessages } from '../../../shared/admin/admin-messages.ts';
import { isStaffRole, type StaffRole } from '../../../shared/admin/staff-roles.ts';
import { staffMembers } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';

export type StaffProfile = { id: string; email: string; displayName: string; roles: StaffRole[] };

/** The signed-in staff member as the back-office shows them (GET /api/admin/me). */
export async function getStaffProfile(db: Db, staffId: string): Promise<StaffProfile> {
  const [row] = await db
    .select({ id: staffMembers.id, email: staffMembers.email, displayName: staffMembers.displayName, roles: staffMembers.roles })
    .from(staffMembers)
    .where(eq(staffMembers.id, staffId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', adminMessages.notFound);
  return { ...row, roles: row.roles.filter(isStaffRole) };
}
