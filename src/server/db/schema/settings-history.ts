/**
 * The history of the issuer's settings (issue 15): one row per changed key, with the value before and after, who
 * changed it (a staff member, or null when the server applied an environment override at start) and when. Never
 * updated or deleted.
 */
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tstz } from './column-types.ts';
import { staffMembers } from './staff.ts';

export const settingsHistory = pgTable(
  'settings_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    /** The value in force before (its default when the key had no row yet). */
    oldValue: jsonb('old_value').$type<unknown>(),
    newValue: jsonb('new_value').$type<unknown>().notNull(),
    staffId: uuid('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    /** 'staff' (the back-office) or 'environment' (an override applied at start). */
    source: text('source').notNull(),
    at: tstz('at').notNull(),
  },
  (t) => [index('settings_history_at_idx').on(t.at)],
);
