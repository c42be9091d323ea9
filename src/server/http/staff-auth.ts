/**
 * Guards every back-office call (/api/admin/*, issue 15). A staff token (its own audience: an investor's token is
 * refused here, and a staff token by bearerAuth) must belong to a live staff session of a member who is not
 * disabled; the member's roles are read from the database at this call, never from the token, so a role taken away
 * or an account disabled takes effect on the next call. A member without one of the route's roles gets 403; an
 * auditor (read-only everywhere) passes every GET and HEAD, and nothing else.
 * Success puts { staffId, jti, roles } in c.var.staff.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { adminMessages } from '../../shared/admin/admin-messages.ts';
import { isStaffRole, type StaffRole } from '../../shared/admin/staff-roles.ts';
import type { AppDeps, AppEnv, StaffContext } from '../app-context.ts';
import { staffMembers, staffSessions } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';

const refused = () => new AppError('UNAUTHORIZED', adminMessages.invalidToken);

type StaffAuthDeps = Pick<AppDeps, 'db' | 'clock' | 'staffTokens'>;

/** The staff member behind the request's token, or a 401; no role check. */
async function signedInStaff(c: Parameters<MiddlewareHandler<AppEnv>>[0], deps: StaffAuthDeps): Promise<StaffContext> {
  const header = c.req.header('authorization')?.trim();
  if (!header || /^bearer$/i.test(header)) throw new AppError('UNAUTHORIZED', adminMessages.noToken);
  const match = /^bearer +([A-Za-z0-9\-_.]+)$/i.exec(header);
  if (!match?.[1]) throw refused();
  const now = deps.clock.now();
  const claims = await deps.staffTokens.verify(match[1], now);
  if (!claims) throw refused();
  const [row] = await deps.db
    .select({ roles: staffMembers.roles, disabledAt: staffMembers.disabledAt })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.jti, claims.jti), eq(staffSessions.staffId, claims.userId), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now)))
    .limit(1);
  if (!row) throw refused();
  if (row.disabledAt) throw new AppError('UNAUTHORIZED', adminMessages.disabled);
  return Object.freeze({ staffId: claims.userId, jti: claims.jti, roles: Object.freeze(row.roles.filter(isStaffRole)) });
}

/** Lets through a signed-in staff member holding one of `roles` (src/shared/admin/staff-roles.ts ROLES), or an auditor reading. */
export function staffAuth(deps: StaffAuthDeps, roles: readonly StaffRole[]): MiddlewareHandler<AppEnv> {
  if (roles.length === 0) throw new Error('staffAuth() needs at least one role');
  return async function staffAuth(c, next) {
    const staff = await signedInStaff(c, deps);
    const reading = c.req.method === 'GET' || c.req.method === 'HEAD';
    const allowed = staff.roles.some((role) => roles.includes(role)) || (reading && staff.roles.includes('auditor'));
    if (!allowed) throw new AppError('FORBIDDEN', adminMessages.forbidden);
    c.set('staff', staff);
    await next();
  };
}
