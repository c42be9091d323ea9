/**
 * The reviewer aids (issue 30). Screening lists are the operator's files, loaded by `npm run screening:load`: one
 * `screening_lists` row per file loaded (kept, so a hit names the version it came from) and its entries while it is
 * the current version of its source; a newer version of the same source replaces the entries. `kyc_checks` holds each
 * check's run for a review round with what it read (hashes, list versions) and which engine; `screening_hits` one row
 * per listed entry (of a source) that matched an investor, with the reviewer's word on it. A rescreen finds the same entry again
 * without a second row. `kyc_edd_items` is the enhanced-due-diligence checklist of a high-risk case.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EDD_ITEMS, KYC_CHECK_KINDS, SCREENING_ENTRY_KINDS, SCREENING_HIT_DECISIONS, SCREENING_LIST_FORMATS } from '../../../shared/admin/kyc-checks.ts';
import { sqlTextList, tstz } from './column-types.ts';
import { users } from './auth.ts';
import { staffMembers } from './staff.ts';

export const screeningLists = pgTable(
  'screening_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the versions of one list share ('EU consolidated sanctions', a name the operator gives). */
    source: text('source').notNull(),
    format: text('format').notNull(),
    sha256: text('sha256').notNull(),
    publishedAt: tstz('published_at'),
    entryCount: integer('entry_count').notNull(),
    loadedAt: tstz('loaded_at').notNull(),
    /** Replaced by a newer version of the same source: its entries are gone, its hits stay. */
    replacedAt: tstz('replaced_at'),
  },
  (t) => [
    uniqueIndex('screening_lists_one_current').on(t.source).where(sql`${t.replacedAt} is null`),
    check('screening_lists_format', sql`${t.format} in (${sqlTextList(SCREENING_LIST_FORMATS)})`),
  ],
);

export const screeningEntries = pgTable(
  'screening_entries',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => screeningLists.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    names: text('names').array().notNull(),
    birthDates: text('birth_dates').array().notNull(),
    kind: text('kind').notNull(),
    programme: text('programme'),
    countries: text('countries').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.ref] }), check('screening_entries_kind', sql`${t.kind} in (${sqlTextList(SCREENING_ENTRY_KINDS)})`)],
);

export const kycChecks = pgTable(
  'kyc_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Order of writing: the latest run is the one written last, whatever the clocks of the instances say. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    kind: text('kind').notNull(),
    result: jsonb('result').notNull(),
    /** What the run read: document hashes, list ids and hashes, the settings it applied. */
    inputs: jsonb('inputs').$type<Record<string, string>>().notNull(),
    engine: text('engine').notNull(),
    durationMs: integer('duration_ms').notNull(),
    finishedAt: tstz('finished_at').notNull(),
  },
  (t) => [index('kyc_checks_user_idx').on(t.userId, t.kind, t.seq), check('kyc_checks_kind', sql`${t.kind} in (${sqlTextList(KYC_CHECK_KINDS)})`)],
);

export const screeningHits = pgTable(
  'screening_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => screeningLists.id),
    /** The list's source: a newer version of the list that lists the same entry finds this row again. */
    source: text('source').notNull(),
    entryRef: text('entry_ref').notNull(),
    entryName: text('entry_name').notNull(),
    entryKind: text('entry_kind').notNull(),
    programme: text('programme'),
    queryName: text('query_name').notNull(),
    score: real('score').notNull(),
    reasons: text('reasons').array().notNull(),
    birthDate: text('birth_date').notNull(),
    foundAt: tstz('found_at').notNull(),
    foundInRound: integer('found_in_round').notNull(),
    decision: text('decision'),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => staffMembers.id),
    decidedAt: tstz('decided_at'),
  },
  (t) => [
    uniqueIndex('screening_hits_one_per_entry').on(t.userId, t.source, t.entryRef),
    check('screening_hits_decision', sql`${t.decision} is null or ${t.decision} in (${sqlTextList(SCREENING_HIT_DECISIONS)})`),
    check('screening_hits_entry_kind', sql`${t.entryKind} in (${sqlTextList(SCREENING_ENTRY_KINDS)})`),
  ],
);

/** The enhanced-due-diligence checklist of a high-risk case: one row per item ticked in a review round. */
export const kycEddItems = pgTable(
  'kyc_edd_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    item: text('item').notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    doneAt: tstz('done_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.round, t.item] }), check('kyc_edd_items_item', sql`${t.item} in (${sqlTextList(EDD_ITEMS)})`)],
);
