/** The agreements step. */
import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { AGREEMENT_STATUSES } from '../../../shared/legal.ts';
import { sqlTextList, tstz } from './column-types.ts';
import { users } from './auth.ts';

export const legalAgreements = pgTable(
  'legal_agreements',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('PENDING'),
    walletAddress: text('wallet_address'),
    agreements: jsonb('agreements').$type<Record<string, unknown>>().notNull().default({}),
    completedAt: tstz('completed_at'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('legal_agreements_status', sql`${t.status} in (${sqlTextList(AGREEMENT_STATUSES)})`)],
);
