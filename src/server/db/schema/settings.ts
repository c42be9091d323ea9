/** Issuer-wide configuration: the investment limits. */
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './column-types.ts';

/** Key/value settings (the investment limits: tokenPrice, minInvestment, maxInvestment). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
