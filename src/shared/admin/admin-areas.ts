/**
 * The back-office's areas (issue 29): where each lives under /admin, its name, and the roles that see it. Data only,
 * shared by the admin-session chart (which decides the route) and the shell (which loads each area's page). The
 * server checks every call on its own; this table only decides what the navigation offers.
 */
import type { StaffRole } from './staff-roles.ts';

export type AdminArea = {
  /** Under /admin, e.g. '/kyc'. */
  path: string;
  /** The navigation's label and the page's document title. */
  title: string;
  /** Who sees it in the navigation. */
  roles: readonly StaffRole[];
};

const EVERY_ROLE: readonly StaffRole[] = ['compliance', 'finance', 'issuer-admin', 'auditor'];

/** In navigation order. */
export const ADMIN_AREAS: readonly AdminArea[] = [
  { path: '/', title: 'Dashboard', roles: EVERY_ROLE },
  { path: '/kyc', title: 'KYC review', roles: ['compliance', 'auditor'] },
  { path: '/payments', title: 'Payments', roles: ['finance', 'auditor'] },
  { path: '/content', title: 'Content', roles: ['issuer-admin', 'auditor'] },
  { path: '/settings', title: 'Settings', roles: ['issuer-admin', 'auditor'] },
  { path: '/statecharts', title: 'Statecharts', roles: EVERY_ROLE },
  { path: '/audit', title: 'Audit trail', roles: ['auditor', 'issuer-admin', 'compliance'] },
  { path: '/staff', title: 'Staff', roles: ['issuer-admin'] },
];
