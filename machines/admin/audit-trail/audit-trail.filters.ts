/**
 * The audit list's filters between the screen, its address and the API: a filtered view is a link
 * (/admin/audit?investor=…&from=…), and an address typed by hand is only a request (odd values are dropped).
 * Days are UTC: 'from' is the start of its day, 'to' the end of its day (the API's `to` is exclusive).
 */
import type { AuditChainReport, AuditEventsQuery } from '../../../src/shared/admin/audit.ts';
import type { AuditFilters } from './audit-trail.types.ts';

export const NO_AUDIT_FILTERS: AuditFilters = { investor: '', staff: '', action: '', from: '', to: '' };

const TEXT_FIELDS = ['investor', 'staff', 'action'] as const;
const DAY_FIELDS = ['from', 'to'] as const;
/** The longest email address (and longer than any id or action name); the server checks again. */
export const FILTER_MAX_LENGTH = 254;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD ('2026-02-30' is not). */
export const isDay = (value: string): boolean => DAY.test(value) && new Date(`${value}T00:00:00.000Z`).toISOString().startsWith(value);

/** The filters an address's query asks for; anything else in it is ignored. */
export function filtersFromSearch(search: string): AuditFilters {
  const params = new URLSearchParams(search);
  const filters = { ...NO_AUDIT_FILTERS };
  for (const field of TEXT_FIELDS) filters[field] = (params.get(field) ?? '').trim().slice(0, FILTER_MAX_LENGTH);
  for (const field of DAY_FIELDS) {
    const value = params.get(field) ?? '';
    filters[field] = isDay(value) ? value : '';
  }
  return filters;
}

/** The query of the address that shows these filters ('' for none), in a stable order. */
export function searchFromFilters(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const field of [...TEXT_FIELDS, ...DAY_FIELDS]) {
    const value = filters[field].trim();
    if (value) params.set(field, value);
  }
  return params.toString();
}

export const sameFilters = (a: AuditFilters, b: AuditFilters): boolean => searchFromFilters(a) === searchFromFilters(b);

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** The API's query for these filters (and a page's cursor). */
export function eventsQuery(filters: AuditFilters, cursor: string | null = null): AuditEventsQuery {
  const query: AuditEventsQuery = {};
  for (const field of TEXT_FIELDS) if (filters[field].trim()) query[field] = filters[field].trim();
  if (isDay(filters.from)) query.from = `${filters.from}T00:00:00.000Z`;
  if (isDay(filters.to)) query.to = nextDay(filters.to);
  if (cursor) query.cursor = cursor;
  return query;
}

/** The filters as the list takes them from a form: text trimmed and cut to length, a day that is not one dropped. */
export const cleanFilters = (filters: AuditFilters): AuditFilters => filtersFromSearch(searchFromFilters(filters));

/** The filters that show a broken chain's event: its action (as stored now), its investor or staff member, its day. */
export function brokenEventFilters(report: AuditChainReport | null): AuditFilters | null {
  const e = report?.firstBroken?.event;
  if (!e) return null;
  const day = e.at.slice(0, 10);
  return { ...NO_AUDIT_FILTERS, action: e.action, investor: e.userId ?? '', staff: e.userId ? '' : (e.staffId ?? ''), from: day, to: day };
}
