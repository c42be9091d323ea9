/** The audit trail: one row per state change and per refusal worth a trace, chained by hashes (issue 16). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tstz } from './column-types.ts';
import { users } from './auth.ts';
import { staffMembers } from './staff.ts';

/**
 * Who did what, when, from where. user_id is the investor the event is about (null for anonymous attempts, e.g. a
 * failed login); staff_id is the staff member who acted (null when the investor or the server did).
 *
 * seq, prev_hash and hash make the trail tamper-evident (src/server/domain/audit/): seq is the event's position in
 * commit order (1..n), hash the SHA-256 of its contents and prev_hash, prev_hash the hash of seq-1. They are null
 * only on rows written before the chain existed, until the server chains them at start; the check constraint is
 * NOT VALID in the migration, so it binds every row written or updated since, not those legacy rows.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    staffId: uuid('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: tstz('at').notNull().defaultNow(),
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_events_user_at_idx').on(t.userId, t.at),
    index('audit_events_action_idx').on(t.action),
    index('audit_events_staff_at_idx').on(t.staffId, t.at),
    uniqueIndex('audit_events_seq_idx').on(t.seq),
    check('audit_events_chained', sql`${t.seq} is not null and ${t.prevHash} is not null and ${t.hash} is not null`),
  ],
);

/**
 * The chain's head: the last event's seq and hash, one row. Appending locks it (SELECT ... FOR UPDATE) to the end of
 * the transaction, so chain order is commit order; the check also reads it to tell a truncated trail.
 */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: smallint('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [check('audit_chain_head_one_row', sql`${t.id} = 1`)],
);
