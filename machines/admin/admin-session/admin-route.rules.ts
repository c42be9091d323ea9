/**
 * Where the back-office is (issue 29): the chart keeps a location under /admin ('/kyc/<id>', '/audit?investor=…') and
 * these rules read it. A location comes from the address bar or a link, so it is cleaned first: anything that is
 * not an absolute path under /admin becomes '/', and an overlong one is cut at MAX_LOCATION.
 */
import { ADMIN_AREAS, type AdminArea } from '../../../src/shared/admin/admin-areas.ts';
import type { StaffRole } from '../../../src/shared/admin/staff-roles.ts';

export const MAX_LOCATION = 2048;
export const ADMIN_BASE = '/admin';

/** A location under /admin: starts with one '/', no scheme or host, at most MAX_LOCATION characters. */
export function cleanLocation(raw: string): string {
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/';
  return raw.length > MAX_LOCATION ? raw.slice(0, MAX_LOCATION) : raw;
}

/** The browser's path and query under /admin as a location ('/admin/kyc?x' → '/kyc?x'; '/admin' → '/'). */
export function locationFromAddress(pathname: string, search: string): string {
  if (pathname !== ADMIN_BASE && !pathname.startsWith(`${ADMIN_BASE}/`)) return '/';
  return cleanLocation(`${pathname.slice(ADMIN_BASE.length) || '/'}${search}`);
}

/** The address a location is shown at ('/' → '/admin'). */
export const addressOf = (location: string): string => (location === '/' ? ADMIN_BASE : `${ADMIN_BASE}${location}`);

export const visibleAreas = (roles: readonly StaffRole[], areas: readonly AdminArea[] = ADMIN_AREAS): AdminArea[] =>
  areas.filter((area) => area.roles.some((role) => roles.includes(role)));

export type AdminRoute = {
  location: string;
  /** The area the location opens, when it is open to the member's roles; null for none (or '/' with no dashboard). */
  area: AdminArea | null;
  /** The location after the area's own path, without the query ('' on the area itself; '/<id>' for a case). */
  subPath: string;
  /** The query, without '?' ('' when none). */
  search: string;
};

/** What a location opens for a member with these roles. The dashboard ('/') matches only itself. */
export function resolveRoute(location: string, roles: readonly StaffRole[], areas: readonly AdminArea[] = ADMIN_AREAS): AdminRoute {
  const queryAt = location.indexOf('?');
  const path = queryAt === -1 ? location : location.slice(0, queryAt);
  const search = queryAt === -1 ? '' : location.slice(queryAt + 1);
  for (const area of visibleAreas(roles, areas)) {
    if (area.path === '/' ? path === '/' : path === area.path || path.startsWith(`${area.path}/`)) {
      return { location, area, subPath: area.path === '/' ? '' : path.slice(area.path.length), search };
    }
  }
  return { location, area: null, subPath: '', search };
}
