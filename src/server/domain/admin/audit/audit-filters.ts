/**
 * The audit list's filters (AuditEventsQuery) from a query string, checked, as SQL; anything malformed is a 400 in
 * words. investor / staff: an id (uuid), or a name or part of an email (issue 26): the people whose email or name
 * contains it, case-insensitively, '%', '_' and '\\' taken literally; a whole email that is an account's means that
 * account alone. Bounded so a filter cannot be made to slow the server: at most PERSON_FILTER_MAX characters, no
 * control characters, and the people are looked up first (at most PERSON_MATCH_LIMIT, or a 400 asking for more of
 * the name), then the events by their ids through the (user_id, at) and (staff_id, at) indexes.
 * action: exact, or a prefix ending in '.'; from / to: ISO 8601 instants (from inclusive, to exclusive); cursor:
 * the previous page's last seq.
 */
import { and, eq, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { AUDIT_MAX_PAGE_SIZE, AUDIT_PAGE_SIZE, PERSON_FILTER_MAX, PERSON_MATCH_LIMIT } from '../../../../shared/admin/audit.ts';
import { auditEvents, staffMembers, userDetails, users } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import { AppError } from '../../../errors/app-error.ts';
import { isUuid } from '../../is-uuid.ts';

export type AuditQueryString = Partial<Record<'investor' | 'staff' | 'action' | 'from' | 'to' | 'limit' | 'cursor', string | undefined>>;

export type AuditFilters = { where: SQL | undefined; limit: number; beforeSeq: number | null };

const bad = (message: string) => new AppError('BAD_REQUEST', message);

const ACTION = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?$/;
/** A full ISO 8601 instant with its offset: 2026-11-25T04:00:00Z, 2026-11-25T05:00:00.123+01:00. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** LIKE's wildcards and its escape character (backslash, PostgreSQL's default) taken literally. */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const PEOPLE = { investor: 'investors', staff: 'staff members' } as const;

/** The ids of the people a name or part of an email names: an exact email's account alone, else every match. */
async function matchingPeople(db: Db, name: 'investor' | 'staff', text: string): Promise<string[]> {
  const email = text.toLowerCase();
  const contains = `%${likeLiteral(text)}%`;
  if (name === 'investor') {
    if (email.includes('@')) {
      const [exact] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (exact) return [exact.id];
    }
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .leftJoin(userDetails, eq(userDetails.userId, users.id))
      .where(or(ilike(users.email, contains), ilike(userDetails.fullName, contains), ilike(userDetails.entityName, contains)))
      .limit(PERSON_MATCH_LIMIT + 1);
    return rows.map((r) => r.id);
  }
  if (email.includes('@')) {
    const [exact] = await db.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.email, email));
    if (exact) return [exact.id];
  }
  const rows = await db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(or(ilike(staffMembers.email, contains), ilike(staffMembers.displayName, contains)))
    .limit(PERSON_MATCH_LIMIT + 1);
  return rows.map((r) => r.id);
}

/** A person filter: the id itself, or the events of the people whose name or email contains the text. */
async function person(db: Db, name: 'investor' | 'staff', value: string): Promise<SQL> {
  const column = name === 'investor' ? auditEvents.userId : auditEvents.staffId;
  const text = value.normalize('NFC').trim();
  if (isUuid(text)) return eq(column, text.toLowerCase());
  if ([...text].length > PERSON_FILTER_MAX || /[\p{Cc}\p{Cs}]/u.test(text)) {
    throw bad(`The ${name} filter must be an id, or a name or part of an email of at most ${PERSON_FILTER_MAX} characters, without control characters.`);
  }
  const ids = await matchingPeople(db, name, text);
  if (ids.length > PERSON_MATCH_LIMIT) throw bad(`The ${name} filter matches more than ${PERSON_MATCH_LIMIT} ${PEOPLE[name]}: type more of the name or email.`);
  return ids.length === 0 ? sql`false` : inArray(column, ids);
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
export async function auditWhere(db: Db, query: AuditQueryString): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  if (query.action) {
    const action = query.action.trim();
    if (action.length > 100 || !ACTION.test(action)) throw bad('The action filter must be an action name (kyc.step.saved) or a prefix ending in a dot (admin.kyc.).');
    conditions.push(action.endsWith('.') ? like(auditEvents.action, `${likeLiteral(action)}%`) : eq(auditEvents.action, action));
  }
  const from = query.from ? instant('from', query.from) : null;
  const to = query.to ? instant('to', query.to) : null;
  if (from && to && from >= to) throw bad('The "from" instant must be before the "to" instant.');
  if (from) conditions.push(gte(auditEvents.at, from));
  if (to) conditions.push(lt(auditEvents.at, to));
  // The people last: every other filter is checked before any of them is looked up.
  if (query.investor) conditions.push(await person(db, 'investor', query.investor));
  if (query.staff) conditions.push(await person(db, 'staff', query.staff));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function parseAuditQuery(db: Db, query: AuditQueryString): Promise<AuditFilters> {
  const limit = parseLimit(query.limit);
  const beforeSeq = parseCursor(query.cursor);
  return { where: await auditWhere(db, query), limit, beforeSeq };
}
