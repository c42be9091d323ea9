import { eq } from 'drizzle-orm';
import { isStaffRole } from '../../../shared/admin/staff-roles.ts';
import type { SignedInStaff, StaffAuthAnswer } from '../../../shared/admin/sign-in.ts';
import type { TokenService } from '../../auth/token-service.ts';
import { staffMembers, staffSessions } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

/** Issues a staff token and its staff_sessions row, in the caller's transaction (with its audit event). */
export async function startStaffSession(tx: Db, staffTokens: TokenService, staffId: string, now: Date): Promise<StaffAuthAnswer & { jti: string }> {
  const issued = await staffTokens.issue(staffId, now);
  await tx.insert(staffSessions).values({ jti: issued.jti, staffId, issuedAt: issued.issuedAt, expiresAt: issued.expiresAt });
  const [member] = await tx
    .select({ id: staffMembers.id, email: staffMembers.email, displayName: staffMembers.displayName, roles: staffMembers.roles })
    .from(staffMembers)
    .where(eq(staffMembers.id, staffId));
  const staff: SignedInStaff = { ...member!, roles: member!.roles.filter(isStaffRole) };
  return { token: issued.token, staff, jti: issued.jti };
}
