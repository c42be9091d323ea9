/**
 * The back-office API (/api/admin/*, issue 15), one module per area. Every route but the sign-in steps sits behind
 * staffAuth with the roles that may call it (src/shared/admin/staff-roles.ts); test/api/admin-role-matrix.test.ts
 * calls every route here with every role, an investor's token and none, against its own table of who may.
 * Answers are never cached: they carry investors' personal data.
 */
import { Hono } from 'hono';
import { ROLES } from '../../../shared/admin/staff-roles.ts';
import type { AppDeps, AppEnv } from '../../app-context.ts';
import { endStaffSession } from '../../domain/admin/end-staff-session.ts';
import { getStaffProfile } from '../../domain/admin/get-staff-profile.ts';
import { staffRequestContext } from '../../http/request-context.ts';
import { staffAuth } from '../../http/staff-auth.ts';
import { adminAuthRoutes } from './auth.routes.ts';
import { staffRoutes } from './staff.routes.ts';
import { moneyRoutes } from './money.routes.ts';
import { kycReviewRoutes } from './kyc.routes.ts';
import { contentRoutes } from './content.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { settingsAdminRoutes } from './settings.routes.ts';
import { auditRoutes } from './audit.routes.ts';
import { lifecycleRoutes } from './lifecycle.routes.ts';

export function adminRoutes(deps: AppDeps) {
  const anyStaff = staffAuth(deps, ROLES.anyStaff);
  return new Hono<AppEnv>()
    .use('*', async (c, next) => {
      await next();
      c.header('cache-control', 'no-store');
    })
    .get('/me', anyStaff, async (c) => c.json(await getStaffProfile(deps.db, c.get('staff').staffId)))
    .post('/auth/logout', anyStaff, async (c) => {
      await endStaffSession(deps.db, staffRequestContext(c, deps), c.get('staff').jti);
      return c.json({ signedOut: true });
    })
    .route('/auth', adminAuthRoutes(deps))
    .route('/staff', staffRoutes(deps))
    .route('/kyc', kycReviewRoutes(deps))
    // Payments, issuances and exports: the finance module names its own paths.
    .route('/', moneyRoutes(deps))
    .route('/content', contentRoutes(deps))
    .route('/settings', settingsAdminRoutes(deps))
    .route('/dashboard', dashboardRoutes(deps))
    .route('/audit', auditRoutes(deps))
    .route('/lifecycle', lifecycleRoutes(deps));
}
