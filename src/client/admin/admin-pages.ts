/**
 * The back-office's pages: the page component of each area of ADMIN_AREAS (src/shared/admin/admin-areas.ts), each a
 * lazy chunk of its own. The admin-session chart decides which area the route opens; the shell renders its page
 * with AdminPageProps.
 *
 * A page's logic is its chart (machines/admin/<area>/); the page component creates the actor with the page's effects
 * (built on `api`) and renders its snapshots.
 */
import type { ComponentType } from 'react';
import type { AdminPageProps, SignedInStaff } from './admin-page-props.ts';

export type { AdminPageProps, SignedInStaff };

type PageLoader = () => Promise<ComponentType<AdminPageProps>>;

/** By area path; the admin-areas test checks that every area has a page and every page an area. */
export const ADMIN_PAGE_LOADERS: Readonly<Record<string, PageLoader>> = {
  '/': async () => (await import('./dashboard/DashboardPage.tsx')).default,
  '/kyc': () => import('./kyc/KycReviewPage.tsx').then((m) => m.KycReviewPage),
  '/payments': () => import('./money/PaymentsPage.tsx').then((m) => m.default),
  '/content': async () => (await import('./content/ContentPage.tsx')).default,
  '/settings': async () => (await import('./settings/SettingsPage.tsx')).default,
  '/statecharts': async () => (await import('./statecharts/StatechartsPage.tsx')).default,
  '/audit': async () => (await import('./audit/AuditPage.tsx')).default,
  '/staff': async () => (await import('./staff/StaffPage.tsx')).default,
};
