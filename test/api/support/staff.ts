/**
 * Staff members for back-office tests, made directly in the database with a live staff session and its token (the
 * same secret and audience the app uses), so a test of a review or a refund does not walk the passkey sign-in first.
 * The sign-in itself has its own tests.
 *
 *   const admin = await createStaff(t, ['issuer-admin']);
 *   await t.get('/api/admin/me', admin.token);
 */
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../../../src/shared/admin/staff-roles.ts';
import { DEFAULT_STAFF_TOKEN_TTL_SECONDS } from '../../../src/server/app.ts';
import { STAFF_AUDIENCE, createTokenService } from '../../../src/server/auth/token-service.ts';
import { staffMembers, staffRoleGrants, staffSessions } from '../../../src/server/db/schema/index.ts';
import type { Database } from '../../../src/server/db/types.ts';
import { TEST_JWT_SECRET } from '../harness.ts';

export type TestStaff = { id: string; email: string; roles: StaffRole[]; token: string; jti: string };

const staffTokens = createTokenService(TEST_JWT_SECRET, DEFAULT_STAFF_TOKEN_TTL_SECONDS, STAFF_AUDIENCE);

let counter = 0;
export const uniqueStaffEmail = (label = 'staff') => `${label}.${process.pid}.${++counter}.${randomBytes(3).toString('hex')}@foundation.example`;

/** How long a member made by createStaff has held their roles, unless the test says since when. */
export const HELD_ROLES_FOR_MS = 24 * 3600_000;

/**
 * A staff member with `roles` (recorded in the role history, held since `rolesSince`: by default a day before the
 * test's clock, a member who had their roles before anything the test does) and a signed-in session as of `now`.
 */
export async function createStaff(
  t: { database: Database; clock: { now(): Date } },
  roles: StaffRole[],
  options: { email?: string; displayName?: string; rolesSince?: Date } = {},
): Promise<TestStaff> {
  const email = options.email ?? uniqueStaffEmail(roles.join('-') || 'staff');
  const since = options.rolesSince ?? new Date(t.clock.now().getTime() - HELD_ROLES_FOR_MS);
  const [member] = await t.database.db
    .insert(staffMembers)
    .values({ email, displayName: options.displayName ?? `Test ${roles.join(' ')}`, roles, createdAt: since })
    .returning({ id: staffMembers.id });
  if (!member) throw new Error('staff member not created');
  if (roles.length > 0) await t.database.db.insert(staffRoleGrants).values(roles.map((role) => ({ staffId: member.id, role, grantedAt: since })));
  const session = await signInStaff(t, member.id);
  return { id: member.id, email, roles, ...session };
}

/** Another live session (and token) for an existing staff member. */
export async function signInStaff(t: { database: Database; clock: { now(): Date } }, staffId: string): Promise<{ token: string; jti: string }> {
  const issued = await staffTokens.issue(staffId, t.clock.now());
  await t.database.db.insert(staffSessions).values({ jti: issued.jti, staffId, issuedAt: issued.issuedAt, expiresAt: issued.expiresAt });
  return { token: issued.token, jti: issued.jti };
}
