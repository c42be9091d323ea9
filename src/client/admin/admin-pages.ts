/**
 * The back-office's pages: each area (KYC review, money, content and settings, staff, dashboard) registers its page
 * here with the roles that see it in the navigation. Every page is a lazy chunk of its own; the admin shell
 * (AdminApp) renders the one the route names, inside its layout, with AdminPageProps.
 *
 * A page's logic is its chart (machines/admin/<area>/); the page component creates the actor with the page's effects
 * (built on `api`) and renders its snapshots.
 */
import type { ComponentType } from 'react';
import type { StaffRole } from '../../shared/admin/staff-roles.ts';
import type { AdminPageProps, SignedInStaff } from './admin-page-props.ts';

export type { AdminPageProps, SignedInStaff };

export type AdminPage = {
  /** Under /admin, e.g. '/kyc'. */
  path: string;
  /** The navigation's label and the page's document title. */
  title: string;
  /** Who sees it in the navigation (the server checks every call on its own). */
  roles: readonly StaffRole[];
  load: () => Promise<ComponentType<AdminPageProps>>;
};

/** In navigation order. Each area's page adds its entry. */
export const ADMIN_PAGES: readonly AdminPage[] = [
  { path: '/', title: 'Dashboard', roles: ['compliance', 'finance', 'issuer-admin', 'auditor'], load: async () => (await import('./dashboard/DashboardPage.tsx')).default },
  { path: '/kyc', title: 'KYC review', roles: ['compliance', 'auditor'], load: () => import('./kyc/KycReviewPage.tsx').then((m) => m.KycReviewPage) },
  { path: '/payments', title: 'Payments', roles: ['finance', 'auditor'], load: () => import('./money/PaymentsPage.tsx').then((m) => m.default) },
  { path: '/content', title: 'Content', roles: ['issuer-admin', 'auditor'], load: async () => (await import('./content/ContentPage.tsx')).default },
  { path: '/settings', title: 'Settings', roles: ['issuer-admin', 'auditor'], load: async () => (await import('./settings/SettingsPage.tsx')).default },
  { path: '/statecharts', title: 'Statecharts', roles: ['auditor', 'compliance', 'finance', 'issuer-admin'], load: async () => (await import('./statecharts/StatechartsPage.tsx')).default },
  { path: '/audit', title: 'Audit trail', roles: ['auditor', 'issuer-admin', 'compliance'], load: async () => (await import('./audit/AuditPage.tsx')).default },
  { path: '/staff', title: 'Staff', roles: ['issuer-admin'], load: async () => (await import('./staff/StaffPage.tsx')).default },
];
