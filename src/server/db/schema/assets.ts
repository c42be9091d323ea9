/** Documents the server serves from the database (the NDA). */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './column-types.ts';

/** Binary assets served by the API (the NDA), stored in the database so one backup holds everything. */
export const assets = pgTable('assets', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});
