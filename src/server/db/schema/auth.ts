/**
 * Accounts and proving who someone is: users, their sessions (one per token), the one-time email codes and the
 * attempt counters that slow down guessing.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { CHALLENGE_PURPOSES } from '../../auth/email-code.ts';
import { bytea, createdAt, sqlTextList, tstz } from './column-types.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique('users_email_unique'),
    createdAt: createdAt(),
  },
  (t) => [check('users_email_lowercase', sql`${t.email} = lower(${t.email})`)],
);

/** One row per issued token: logout revokes it, and a token without its row is refused. */
export const sessions = pgTable(
  'sessions',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuedAt: tstz('issued_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * One-time email codes (login and registration), one row per request: several may be live for one address, each
 * with its own attempt budget, and a new one cancels none. Only an HMAC of the code is stored, bound to the mail
 * that carried it (`mail_id`, or the row's own id when no mail carries it). Requests within a minute of a mail share
 * that mail's code (copied hash, same expiry) instead of mailing again. A login for an unknown address gets a row
 * too (user_id null, mail_id null, nothing mailed), so both answer alike. `registration` holds the validated
 * registration payload until the code is verified: no account before that. `session_jti` is the session a verified
 * code started, so a retried verify answers that session again.
 */
export const emailChallenges = pgTable(
  'email_challenges',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    registration: jsonb('registration').$type<Record<string, unknown>>(),
    codeHash: bytea('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    issuedAt: tstz('issued_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    supersededAt: tstz('superseded_at'),
    /** The challenge whose request mailed this row's code (its own id when it did); null: no mail carries it. */
    mailId: uuid('mail_id'),
    sessionJti: uuid('session_jti'),
    /** The client address that asked for it: each client keeps at most a few live challenges per address. */
    clientIp: text('client_ip'),
  },
  (t) => [
    index('email_challenges_email_purpose_idx').on(t.email, t.purpose, t.issuedAt),
    index('email_challenges_mail_id_idx').on(t.mailId),
    check('email_challenges_purpose', sql`${t.purpose} in (${sqlTextList(CHALLENGE_PURPOSES)})`),
  ],
);

/** Failure counters with growing delays, per address and per client address (keys like "verify-email:<addr>"). */
export const attemptCounters = pgTable('attempt_counters', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: tstz('window_started_at').notNull(),
  blockedUntil: tstz('blocked_until'),
});
