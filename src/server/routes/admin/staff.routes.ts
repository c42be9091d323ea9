/**
 * Staff management (issue 15), issuer admins only (an auditor may read the list):
 *   GET /?limit&offset, POST / {email, displayName, roles}, PUT /:id/roles {roles},
 *   POST /:id/disable, POST /:id/enable, POST /:id/reset-passkey.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { signInMessages } from '../../../shared/admin/sign-in-messages.ts';
import { ROLES } from '../../../shared/admin/staff-roles.ts';
import { STAFF_PAGE_SIZE, StaffInviteSchema, StaffRolesUpdateSchema } from '../../../shared/admin/staff.ts';
import type { AppDeps, AppEnv } from '../../app-context.ts';
import { webauthnParty } from '../../config/webauthn-env.ts';
import { inviteStaffMember, listStaff, resetStaffPasskey, setStaffDisabled, setStaffRoles } from '../../domain/admin/staff-manage.ts';
import { AppError } from '../../errors/app-error.ts';
import { parseInput, readJson } from '../../http/read-json.ts';
import { staffRequestContext } from '../../http/request-context.ts';
import { staffAuth } from '../../http/staff-auth.ts';

const PageQuery = v.object({
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)), String(STAFF_PAGE_SIZE)),
  offset: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform(Number)), '0'),
});

export function staffRoutes(deps: AppDeps) {
  const { db, config, jobs } = deps;
  const admins = staffAuth(deps, ROLES.issuerAdmin);
  /** The enrolment link's base: the public origin (as for passkeys). */
  const base = (c: Context<AppEnv>) => {
    const party = webauthnParty(config.publicUrl, c.req.url);
    if (!party) throw new AppError('BAD_REQUEST', signInMessages.originUnknown);
    return party.origin;
  };
  const ctx = (c: Context<AppEnv>) => staffRequestContext(c, deps);

  return new Hono<AppEnv>()
    .get('/', admins, async (c) => {
      const { limit, offset } = parseInput(PageQuery, { limit: c.req.query('limit'), offset: c.req.query('offset') });
      return c.json(await listStaff(db, { limit, offset }));
    })
    .post('/', admins, async (c) => {
      const payload = await readJson(c, StaffInviteSchema, { messages: 'schema' });
      const created = await inviteStaffMember(db, payload, base(c), ctx(c));
      jobs.wake();
      return c.json(created, 201);
    })
    .put('/:id/roles', admins, async (c) => {
      const { roles } = await readJson(c, StaffRolesUpdateSchema, { messages: 'schema' });
      return c.json(await setStaffRoles(db, c.req.param('id'), roles, ctx(c)));
    })
    .post('/:id/disable', admins, async (c) => c.json(await setStaffDisabled(db, c.req.param('id'), true, ctx(c))))
    .post('/:id/enable', admins, async (c) => c.json(await setStaffDisabled(db, c.req.param('id'), false, ctx(c))))
    .post('/:id/reset-passkey', admins, async (c) => {
      const answer = await resetStaffPasskey(db, c.req.param('id'), base(c), ctx(c));
      jobs.wake();
      return c.json(answer);
    });
}
