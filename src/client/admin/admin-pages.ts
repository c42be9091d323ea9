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
import type { AdminApi } from './admin-api.ts';

export type SignedInStaff = { id: string; email: string; displayName: string; roles: StaffRole[] };

export type AdminPageProps = {
  api: AdminApi;
  staff: SignedInStaff;
  /** The part of the path after the page's own path ('' on the page itself; '/<id>' for a case or payment view). */
  subPath: string;
  /** Moves the back-office to another path under /admin (the shell's router). */
  navigate: (path: string) => void;
};

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
  { path: '/content', title: 'Content', roles: ['issuer-admin', 'auditor'], load: async () => (await import('./content/ContentPage.tsx')).default },
  { path: '/settings', title: 'Settings', roles: ['issuer-admin', 'auditor'], load: async () => (await import('./settings/SettingsPage.tsx')).default },
];
