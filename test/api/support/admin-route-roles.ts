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
  'POST /api/admin/auth/code': 'sign-in',
  'POST /api/admin/auth/code/verify': 'sign-in',
  'POST /api/admin/auth/passkey': 'sign-in',
  'POST /api/admin/auth/enrol/options': 'sign-in',
  'POST /api/admin/auth/enrol': 'sign-in',
  'GET /api/admin/staff': ['issuer-admin', 'auditor'],
  'POST /api/admin/staff': ['issuer-admin'],
  'PUT /api/admin/staff/:id/roles': ['issuer-admin'],
  'POST /api/admin/staff/:id/disable': ['issuer-admin'],
  'POST /api/admin/staff/:id/enable': ['issuer-admin'],
  'POST /api/admin/staff/:id/reset-passkey': ['issuer-admin'],
  'GET /api/admin/payments': ['finance', 'auditor'],
  'GET /api/admin/payments/:paymentId': ['finance', 'auditor'],
  'POST /api/admin/payments/:paymentId/receipts': ['finance'],
  'POST /api/admin/payments/:paymentId/refund': ['finance'],
  'POST /api/admin/investors/:userId/issuance': ['finance'],
  'GET /api/admin/issuances': ['finance', 'auditor'],
  'GET /api/admin/exports/payments.csv': ['finance', 'auditor'],
  'GET /api/admin/exports/issuances.csv': ['finance', 'auditor'],
  'GET /api/admin/kyc/cases': ['compliance', 'auditor'],
  'GET /api/admin/kyc/cases/:userId': ['compliance', 'auditor'],
  'GET /api/admin/kyc/cases/:userId/documents/:documentId': ['compliance', 'auditor'],
  'POST /api/admin/kyc/cases/:userId/decision': ['compliance'],
  'POST /api/admin/kyc/cases/:userId/assignment': ['compliance'],
  'POST /api/admin/kyc/cases/:userId/notes': ['compliance'],
  'GET /api/admin/kyc/cases/:userId/checks': ['compliance', 'auditor'],
  'POST /api/admin/kyc/cases/:userId/screening-hits/:hitId': ['compliance'],
  'PUT /api/admin/kyc/cases/:userId/edd/:item': ['compliance'],
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
  // The audit trail (issue 16): read by the auditor, issuer-admins and compliance; the chain check by the auditor and issuer-admins.
  'GET /api/admin/audit/events': ['issuer-admin', 'compliance', 'auditor'],
  'GET /api/admin/audit/events.csv': ['issuer-admin', 'compliance', 'auditor'],
  'GET /api/admin/audit/chain': ['issuer-admin', 'auditor'],
  // Issue 26: the check the server kept (its start's) and the action names, for every reader of the trail.
  'GET /api/admin/audit/chain/status': ['issuer-admin', 'compliance', 'auditor'],
  'GET /api/admin/audit/actions': ['issuer-admin', 'compliance', 'auditor'],
  'GET /api/admin/audit/journey/:userId': ['issuer-admin', 'compliance', 'auditor'],
  // The investment's lifecycle: every staff member reads how many investors each state holds, and who.
  'GET /api/admin/lifecycle': everyone,
  'GET /api/admin/lifecycle/investors': everyone,
};
