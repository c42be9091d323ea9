/**
 * The investor's sealed statements of their investment (issue 28): one per version of their case
 * (investment_cases.version), made when first asked for at that version and answered again while the case stays
 * there. The PDF is a stored file (purpose investment_statement); its SHA-256 is kept here too, indexed, for /verify.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { tstz } from './column-types.ts';
import { storedFiles } from './storage.ts';

export const investmentStatements = pgTable(
  'investment_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The case's version the statement states. */
    caseVersion: integer('case_version').notNull(),
    storedFileId: uuid('stored_file_id')
      .notNull()
      .references(() => storedFiles.id),
    /** SHA-256 of the sealed PDF (as stored_files has it): what /verify is asked. */
    sha256: text('sha256').notNull(),
    /** When it was made and sealed (the seal's signing time, printed on the statement). */
    issuedAt: tstz('issued_at').notNull(),
  },
  (t) => [
    // One statement per version of a case: two requests at once make one (the other's insert fails on this).
    uniqueIndex('investment_statements_user_version').on(t.userId, t.caseVersion),
    // POST /api/verify/document looks a statement up by its hash.
    index('investment_statements_sha256_idx').on(t.sha256),
    index('investment_statements_stored_file_idx').on(t.storedFileId),
    check('investment_statements_case_version', sql`${t.caseVersion} >= 1`),
    check('investment_statements_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
