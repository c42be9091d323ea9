/**
 * Each investor's case on the lifecycle chart (machines/investment, issue 27): the chart's snapshot (state value and
 * context), the leaf states it is in (indexed: the counts per state and the list of who is in one read this table),
 * and a version that grows by one with every change. Written in the same transaction as the rows it stands for
 * (src/server/domain/investment/record-case.ts).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { StateValue } from 'xstate';
import type { InvestmentContext } from '../../../../machines/investment/investment.types.ts';
import { users } from './auth.ts';
import { tstz } from './column-types.ts';

export const investmentCases = pgTable(
  'investment_cases',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    value: jsonb('value').$type<StateValue>().notNull(),
    context: jsonb('context').$type<InvestmentContext>().notNull(),
    /** The leaf states, as dotted paths below the chart's root: 'case.review.approved', 'case.investing.settled.paid'. */
    states: text('states').array().notNull(),
    /** Every state the case is in, by the explorer's ids from the root down ('investment', 'investment.case', ...). */
    stateIds: text('state_ids').array().notNull(),
    /** Rows today's rules could not have produced, or a change the chart did not expect: for a person to look at. */
    anomalies: text('anomalies').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [index('investment_cases_state_ids_idx').using('gin', t.stateIds), check('investment_cases_version', sql`${t.version} >= 1`)],
);

/** Data migrations that ran in code after the SQL migrations (a derivation the SQL cannot do), once each. */
export const dataMigrations = pgTable('data_migrations', {
  name: text('name').primaryKey(),
  ranAt: tstz('ran_at').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
});
