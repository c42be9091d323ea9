/**
 * Who may call each back-office route: the role matrix test's own table, written out role by role rather than taken
 * from the server's code, so a route guarded with the wrong roles fails the test. Every /api/admin route the app
 * serves must be here (the test fails on a route missing from it, and on an entry no route serves).
 *
 * 'sign-in' routes are the steps before a staff session exists: open to anyone, each with its own tests.
 */
import type { StaffRole } from '../../../src/shared/admin/staff-roles.ts';

const everyone: StaffRole[] = ['compliance', 'finance', 'issuer-admin', 'auditor'];

export const ADMIN_ROUTE_ROLES: Record<string, readonly StaffRole[] | 'sign-in'> = {
  'GET /api/admin/me': everyone,
  'POST /api/admin/auth/logout': everyone,
  // Issuer content and settings: the issuer-admin changes them; an auditor reads them too.
  'GET /api/admin/content': ['issuer-admin', 'auditor'],
  'GET /api/admin/content/disclosure/:id/pdf': ['issuer-admin', 'auditor'],
  'GET /api/admin/content/agreements/:key/versions/:versionId/pdf': ['issuer-admin', 'auditor'],
  'POST /api/admin/content/disclosure': ['issuer-admin'],
  'POST /api/admin/content/disclosure/:id': ['issuer-admin'],
  'DELETE /api/admin/content/disclosure/:id': ['issuer-admin'],
  'POST /api/admin/content/agreements/:key': ['issuer-admin'],
  'GET /api/admin/settings': ['issuer-admin', 'auditor'],
  'PUT /api/admin/settings': ['issuer-admin'],
  // The dashboard: every staff role.
  'GET /api/admin/dashboard': everyone,
};
