/** What the file store holds: one row per file the server keeps, whatever it is for. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { STORED_FILE_PURPOSES } from '../../storage/stored-file-purposes.ts';
import { STORED_FILE_NAME_SQL, STORED_FILE_TYPES } from '../../storage/stored-name.ts';
import { users } from './auth.ts';
import { createdAt, sqlTextList } from './column-types.ts';

/**
 * Every file in the file store (src/server/storage), written in the transaction of the row that uses it (a KYC
 * document, a sealed agreement, a sealed investment statement). The bytes are in the store under `stored_name`, a name the
 * server generated; `original_name` is what the file was called, kept as data only and never used in a path. A file
 * the store holds and this table does not name is an orphan, removed by the hourly sweep once an hour old.
 * `owner_id` is the investor the file belongs to (null for files of the system); their files go with their account.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    storedName: text('stored_name').notNull().unique('stored_files_stored_name_unique'),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('stored_files_owner_idx').on(t.ownerId),
    // POST /api/verify/document looks a sealed agreement up by its bytes' hash; only those count, so only those are indexed.
    index('stored_files_sealed_sha256_idx').on(t.sha256).where(sql`${t.purpose} = 'agreement_signed'`),
    check('stored_files_purpose', sql`${t.purpose} in (${sqlTextList(STORED_FILE_PURPOSES)})`),
    check('stored_files_stored_name', sql`${t.storedName} ~ ${sqlTextList([STORED_FILE_NAME_SQL])}`),
    check('stored_files_content_type', sql`${t.contentType} in (${sqlTextList(STORED_FILE_TYPES)})`),
    check('stored_files_size', sql`${t.sizeBytes} > 0`),
    check('stored_files_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
