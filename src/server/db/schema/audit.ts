/** The audit trail: one row per state change and per refusal worth a trace. */
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tstz } from './column-types.ts';
import { users } from './auth.ts';
import { staffMembers } from './staff.ts';

/**
 * Who did what, when, from where. user_id is the investor the event is about (null for anonymous attempts, e.g. a
 * failed login); staff_id is the staff member who acted (null when the investor or the server did).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    staffId: uuid('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('audit_events_user_at_idx').on(t.userId, t.at), index('audit_events_action_idx').on(t.action), index('audit_events_staff_at_idx').on(t.staffId, t.at)],
);
