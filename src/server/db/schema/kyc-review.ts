/**
 * The compliance review of a KYC submission (issue 15): one row per decision a reviewer takes on a round. Under the
 * four-eyes rule a first approval is a row of its own while the status stays UNDER_REVIEW; the unique index keeps
 * one reviewer from approving the same round twice, whatever races.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { KYC_REVIEW_DECISIONS } from '../../../shared/admin/kyc-review.ts';
import { sqlTextList, tstz } from './column-types.ts';
import { users } from './auth.ts';
import { staffMembers } from './staff.ts';

export const kycReviews = pgTable(
  'kyc_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    decision: text('decision').notNull(),
    reason: text('reason'),
    steps: text('steps').array(),
    message: text('message'),
    reviewerId: uuid('reviewer_staff_id')
      .notNull()
      .references(() => staffMembers.id),
    decidedAt: tstz('decided_at').notNull(),
  },
  (t) => [
    index('kyc_reviews_user_idx').on(t.userId, t.decidedAt),
    uniqueIndex('kyc_reviews_one_approval_per_reviewer').on(t.userId, t.round, t.reviewerId, t.decision).where(sql`${t.decision} = 'APPROVED'`),
    check('kyc_reviews_decision', sql`${t.decision} in (${sqlTextList(KYC_REVIEW_DECISIONS)})`),
    check('kyc_reviews_round', sql`${t.round} >= 1`),
  ],
);
