/** The disclosure step: the offering documents and each investor's reading of them. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, tstz } from './column-types.ts';
import { users } from './auth.ts';

/** Whether an investor has finished the disclosure step as a whole (per-section reading is in disclosure_reads). */
export const disclosureProgress = pgTable('disclosure_progress', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  completed: boolean('completed').notNull().default(false),
  completedAt: tstz('completed_at'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * The offering documents every investor must read, in `position` order. `slug` is the issuer's stable name for a
 * section (the load command replaces by slug); `id` is the key the API and the progress map use. A section whose
 * document changes gets a new `pdf_sha256`; retired sections stay for the record of who read what.
 */
export const disclosureSections = pgTable(
  'disclosure_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique('disclosure_sections_slug_unique'),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    /** Minutes; fractions allowed (tests use seconds-long sections). */
    minReadingMinutes: numeric('min_reading_minutes', { precision: 8, scale: 3, mode: 'number' }).notNull().default(1),
    pdfBytes: bytea('pdf_bytes'),
    pdfSha256: text('pdf_sha256'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    retiredAt: tstz('retired_at'),
  },
  (t) => [
    index('disclosure_sections_position_idx').on(t.position),
    check('disclosure_sections_min_reading', sql`${t.minReadingMinutes} >= 0`),
    check('disclosure_sections_pdf_pair', sql`(${t.pdfBytes} is null) = (${t.pdfSha256} is null)`),
  ],
);

/**
 * One investor's reading of one section, kept by the server's clock: `opened_at` is when the server first heard
 * the section was open, and `time_spent` (seconds) is never credited beyond the time since then.
 */
export const disclosureReads = pgTable(
  'disclosure_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => disclosureSections.id, { onDelete: 'cascade' }),
    openedAt: tstz('opened_at').notNull(),
    timeSpent: integer('time_spent').notNull().default(0),
    scrolledAt: tstz('scrolled_at'),
    completedAt: tstz('completed_at'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sectionId] }), check('disclosure_reads_time_spent', sql`${t.timeSpent} >= 0`)],
);
