/**
 * The audit list's filters (AuditEventsQuery) from a query string, checked, as SQL; anything malformed is a 400 in
 * words. investor / staff: a uuid or an email (an unknown one matches nothing); action: exact, or a prefix ending
 * in '.'; from / to: ISO 8601 instants (from inclusive, to exclusive); cursor: the previous page's last seq.
 */
import { and, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import { AUDIT_MAX_PAGE_SIZE, AUDIT_PAGE_SIZE } from '../../../../shared/admin/audit.ts';
import { auditEvents, staffMembers, users } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors/app-error.ts';
import { isUuid } from '../../is-uuid.ts';

export type AuditQueryString = Partial<Record<'investor' | 'staff' | 'action' | 'from' | 'to' | 'limit' | 'cursor', string | undefined>>;

export type AuditFilters = { where: SQL | undefined; limit: number; beforeSeq: number | null };

const bad = (message: string) => new AppError('BAD_REQUEST', message);

const ACTION = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?$/;
/** A full ISO 8601 instant with its offset: 2026-11-25T04:00:00Z, 2026-11-25T05:00:00.123+01:00. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A person filter: the id itself, or the id of the account holding that email (none: matches no row). */
function person(name: 'investor' | 'staff', value: string): SQL {
  const text = value.trim();
  if (isUuid(text)) return eq(name === 'investor' ? auditEvents.userId : auditEvents.staffId, text.toLowerCase());
  if (text.length > 254 || !/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u.test(text)) throw bad(`The ${name} filter must be an id or an email address.`);
  const email = text.toLowerCase();
  return name === 'investor'
    ? sql`${auditEvents.userId} = (select ${users.id} from ${users} where ${users.email} = ${email})`
    : sql`${auditEvents.staffId} = (select ${staffMembers.id} from ${staffMembers} where ${staffMembers.email} = ${email})`;
}

function instant(name: 'from' | 'to', value: string): Date {
  const date = new Date(value);
  if (!ISO_INSTANT.test(value) || Number.isNaN(date.getTime())) throw bad(`The "${name}" filter must be an ISO 8601 instant with its time zone, like 2026-11-25T04:00:00Z.`);
  return date;
}

export function parseLimit(value: string | undefined): number {
  if (value === undefined || value === '') return AUDIT_PAGE_SIZE;
  const n = Number(value);
  if (!/^\d{1,4}$/.test(value) || !Number.isInteger(n) || n < 1 || n > AUDIT_MAX_PAGE_SIZE) throw bad(`The limit must be a whole number from 1 to ${AUDIT_MAX_PAGE_SIZE}.`);
  return n;
}

/** The cursor is the last seq of the previous page, as digits. */
export function parseCursor(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const n = Number(value);
  if (!/^[1-9]\d{0,15}$/.test(value) || !Number.isSafeInteger(n)) throw bad('The cursor is not one this list gave out.');
  return n;
}

/** Filters only (no page): the list and the CSV export share them. */
export function auditWhere(query: AuditQueryString): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.investor) conditions.push(person('investor', query.investor));
  if (query.staff) conditions.push(person('staff', query.staff));
  if (query.action) {
    const action = query.action.trim();
    if (action.length > 100 || !ACTION.test(action)) throw bad('The action filter must be an action name (kyc.step.saved) or a prefix ending in a dot (admin.kyc.).');
    conditions.push(action.endsWith('.') ? like(auditEvents.action, `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : eq(auditEvents.action, action));
  }
  const from = query.from ? instant('from', query.from) : null;
  const to = query.to ? instant('to', query.to) : null;
  if (from && to && from >= to) throw bad('The "from" instant must be before the "to" instant.');
  if (from) conditions.push(gte(auditEvents.at, from));
  if (to) conditions.push(lt(auditEvents.at, to));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function parseAuditQuery(query: AuditQueryString): AuditFilters {
  return { where: auditWhere(query), limit: parseLimit(query.limit), beforeSeq: parseCursor(query.cursor) };
}
