/** What an investor registered with: their details (amount, identity or entity, wallet) and their current step. */
import { sql } from 'drizzle-orm';
import { check, date, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PROCESS_STEPS } from '../../../shared/process-steps.ts';
import { PRIMARY_JURISDICTIONS } from '../../../shared/registration.ts';
import { STORED_INVESTOR_TYPES, USER_STATUSES } from '../../../shared/user-details.ts';
import { createdAt, money, sqlTextList, tokens, tstz } from './column-types.ts';
import { users } from './auth.ts';

export const userDetails = pgTable(
  'user_details',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique('user_details_user_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    investmentAmount: money('investment_amount').notNull(),
    tokenQuantity: tokens('token_quantity').notNull(),
    investorType: text('investor_type').notNull(),
    fullName: text('full_name'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    nationality: text('nationality'),
    entityName: text('entity_name'),
    jurisdiction: text('jurisdiction'),
    authorizedSignatory: text('authorized_signatory'),
    walletAddress: text('wallet_address').notNull(),
    primaryJurisdiction: text('primary_jurisdiction').notNull(),
    status: text('status').notNull().default('UNDER_REVIEW'),
    currentStep: text('current_step').notNull().default('disclosure'),
    submittedAt: tstz('submitted_at'),
    reviewedAt: tstz('reviewed_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('user_details_investor_type', sql`${t.investorType} in (${sqlTextList(STORED_INVESTOR_TYPES)})`),
    check('user_details_status', sql`${t.status} in (${sqlTextList(USER_STATUSES)})`),
    check('user_details_current_step', sql`${t.currentStep} in (${sqlTextList(PROCESS_STEPS)})`),
    check('user_details_primary_jurisdiction', sql`${t.primaryJurisdiction} in (${sqlTextList(PRIMARY_JURISDICTIONS)})`),
    check('user_details_amounts_positive', sql`${t.investmentAmount} > 0 and ${t.tokenQuantity} > 0`),
  ],
);
