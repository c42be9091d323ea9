/**
 * The back-office's layout (issue 15): a header with the member's name and Sign out, the navigation (the areas the
 * member's roles see; the server checks every call anyway) and the page area, which renders the page of the area the
 * admin-session chart's route opens, loaded on first use, with AdminPageProps.
 */
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import type { AdminRoute } from '../../../../machines/admin/admin-session/admin-route.rules.ts';
import type { AdminArea } from '../../../shared/admin/admin-areas.ts';
import { STAFF_ROLE_LABELS } from '../../../shared/admin/staff-roles.ts';
import type { AdminApi } from '../admin-api.ts';
import { ADMIN_PAGE_LOADERS, type AdminPageProps, type SignedInStaff } from '../admin-pages.ts';
import { whenIdle } from '../../runtime/when-idle.ts';
import { AdminLink } from './AdminLink.tsx';
import './shell.css';

const loaded = new Map<string, LazyExoticComponent<ComponentType<AdminPageProps>>>();
const lazyPage = (area: AdminArea) => {
  let component = loaded.get(area.path);
  const load = ADMIN_PAGE_LOADERS[area.path];
  if (!component && load) {
    component = lazy(async () => ({ default: await load() }));
    loaded.set(area.path, component);
  }
  return component ?? null;
};

type Props = { api: AdminApi; staff: SignedInStaff; areas: readonly AdminArea[]; route: AdminRoute; go: (location: string) => void; signingOut: boolean; onSignOut: () => void };

/** The pages of the member's areas, fetched while the browser is idle so that the first click on one does not wait. */
function usePrefetchedPages(areas: readonly AdminArea[]) {
  useEffect(() => whenIdle(() => areas.forEach((area) => void ADMIN_PAGE_LOADERS[area.path]?.().catch(() => undefined))), [areas]);
}

export function AdminShell({ api, staff, areas, route, go, signingOut, onSignOut }: Props) {
  const Page = route.area ? lazyPage(route.area) : null;
  usePrefetchedPages(areas);
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
          {areas.map((area) => (
            <li key={area.path}>
              <AdminLink to={area.path} go={go} aria-current={route.area?.path === area.path ? 'page' : undefined}>{area.title}</AdminLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="admin-main" className="admin-shell__main" tabIndex={-1}>
        {Page && route.area ? (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Page api={api} staff={staff} subPath={route.subPath} search={route.search} navigate={go} />
          </Suspense>
        ) : (
          <section>
            <h1>Not available</h1>
            <p>This area does not exist or is not open to your roles.</p>
            <p>{areas.length ? 'Choose an area in the navigation.' : 'No back-office area is open to your roles yet.'}</p>
          </section>
        )}
      </main>
    </div>
  );
}
