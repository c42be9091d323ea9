/**
 * The back-office's layout (issue 15): a header with the member's name and Sign out, the navigation (the pages of
 * ADMIN_PAGES the member's roles see; the server checks every call anyway) and the page area, which renders the page
 * the path names, loaded on first use, with AdminPageProps.
 */
import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { Link, useLocation } from 'wouter';
import { STAFF_ROLE_LABELS } from '../../../shared/admin/staff-roles.ts';
import type { AdminApi } from '../admin-api.ts';
import { ADMIN_PAGES, type AdminPage, type AdminPageProps, type SignedInStaff } from '../admin-pages.ts';
import './shell.css';

const loaded = new Map<string, LazyExoticComponent<ComponentType<AdminPageProps>>>();
const lazyPage = (page: AdminPage) => {
  let component = loaded.get(page.path);
  if (!component) {
    component = lazy(async () => ({ default: await page.load() }));
    loaded.set(page.path, component);
  }
  return component;
};

export const visiblePages = (staff: SignedInStaff, pages: readonly AdminPage[] = ADMIN_PAGES) => pages.filter((p) => p.roles.some((r) => staff.roles.includes(r)));

/** The page whose path starts the location, and the rest of the location. */
export function pageAt(location: string, pages: readonly AdminPage[]): { page: AdminPage; subPath: string } | null {
  for (const page of pages) {
    if (location === page.path || location.startsWith(`${page.path}/`)) return { page, subPath: location.slice(page.path.length) };
  }
  return null;
}

type Props = { api: AdminApi; staff: SignedInStaff; signingOut: boolean; onSignOut: () => void };

export function AdminShell({ api, staff, signingOut, onSignOut }: Props) {
  const [location, navigate] = useLocation();
  const pages = useMemo(() => visiblePages(staff), [staff]);
  const found = pageAt(location, pages);
  const Page = found ? lazyPage(found.page) : null;
  return (
    <div className="admin-shell">
      <header className="admin-shell__header">
        <a className="admin-shell__skip" href="#admin-main">Skip to content</a>
        <span className="admin-shell__brand">G2G Back-office</span>
        <span className="admin-shell__who">
          <span className="admin-shell__name">{staff.displayName}</span>
          <span className="admin-shell__roles">{staff.roles.map((r) => STAFF_ROLE_LABELS[r].split(' (')[0]).join(', ')}</span>
        </span>
        <button type="button" className="admin-shell__signout" onClick={onSignOut} disabled={signingOut}>{signingOut ? 'Signing out…' : 'Sign out'}</button>
      </header>
      <nav className="admin-shell__nav" aria-label="Back-office">
        <ul>
          {pages.map((page) => (
            <li key={page.path}>
              <Link href={page.path} aria-current={found?.page.path === page.path ? 'page' : undefined}>{page.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="admin-main" className="admin-shell__main" tabIndex={-1}>
        {Page && found ? (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Page api={api} staff={staff} subPath={found.subPath} navigate={navigate} />
          </Suspense>
        ) : (
          <section>
            {location === '/' ? <h1>Welcome, {staff.displayName}</h1> : <h1>Not available</h1>}
            {location !== '/' && <p>This area does not exist or is not open to your roles.</p>}
            <p>{pages.length ? 'Choose an area in the navigation.' : 'No back-office area is open to your roles yet.'}</p>
          </section>
        )}
      </main>
    </div>
  );
}
