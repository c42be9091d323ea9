/**
 * The compliance team's own work on a KYC case (issue 29), kept apart from the investor's verification row so staff
 * writes never contend with the investor's: who holds the case (one row per case while someone holds it) and the
 * internal notes (never shown to the investor; one row per note, in the order written).
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { KYC_NOTE_MAX_CHARS } from '../../../shared/admin/kyc-review.ts';
import { tstz } from './column-types.ts';
import { users } from './auth.ts';
import { staffMembers } from './staff.ts';

export const kycCaseAssignments = pgTable(
  'kyc_case_assignments',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    assignedAt: tstz('assigned_at').notNull(),
    /** Who gave it: the holder themselves (took it) or another reviewer (reassigned it). */
    assignedBy: uuid('assigned_by')
      .notNull()
      .references(() => staffMembers.id),
  },
  (t) => [index('kyc_case_assignments_staff_idx').on(t.staffId)],
);

export const kycCaseNotes = pgTable(
  'kyc_case_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    body: text('body').notNull(),
    /** The writer's request id: the same note sent twice (a retry, a double click) is one note. */
    requestId: uuid('request_id').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('kyc_case_notes_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('kyc_case_notes_request').on(t.staffId, t.requestId),
    check('kyc_case_notes_body', sql`char_length(${t.body}) between 1 and ${sql.raw(String(KYC_NOTE_MAX_CHARS))}`),
  ],
);
