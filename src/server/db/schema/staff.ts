/**
 * The foundation's staff (issue 15): accounts apart from investors, their sessions (their own token audience), their
 * passkeys (WebAuthn credentials), the one-time enrolment links that let them register a passkey, and the sign-in
 * challenges (an emailed code, then a passkey assertion). Roles are read from here on every staff call.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../../shared/admin/staff-roles.ts';
import { bytea, createdAt, sqlTextList, tstz } from './column-types.ts';

export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique('staff_members_email_unique'),
    displayName: text('display_name').notNull(),
    /** One or more of STAFF_ROLES. */
    roles: text('roles').array().notNull(),
    /** Who invited them; null for the first admin (created by the staff:invite command). */
    invitedBy: uuid('invited_by').references((): AnyPgColumn => staffMembers.id, { onDelete: 'set null' }),
    /** A disabled member's sessions are refused and no sign-in starts. */
    disabledAt: tstz('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('staff_members_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('staff_members_roles', sql`cardinality(${t.roles}) >= 1 and ${t.roles} <@ array[${sqlTextList(STAFF_ROLES)}]::text[]`),
  ],
);

/**
 * The history of every member's roles (issue 26): one row per role held, from its grant to its end. The roles in
 * force stay in staff_members.roles (read on every call); every change of them writes here in the same transaction
 * (domain/admin/role-grants.ts), so "held compliance since before this case reached review" can be answered. A role
 * taken away and given back is a new row. `granted_by`/`revoked_by` null: the staff:invite command (or, for grants
 * made before this table, migration 0014, which dated them from the audit trail).
 */
export const staffRoleGrants = pgTable(
  'staff_role_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    grantedAt: tstz('granted_at').notNull(),
    grantedBy: uuid('granted_by').references((): AnyPgColumn => staffMembers.id, { onDelete: 'set null' }),
    revokedAt: tstz('revoked_at'),
    revokedBy: uuid('revoked_by').references((): AnyPgColumn => staffMembers.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('staff_role_grants_open_unique').on(t.staffId, t.role).where(sql`${t.revokedAt} is null`),
    index('staff_role_grants_staff_idx').on(t.staffId, t.role, t.grantedAt),
    check('staff_role_grants_role', sql`${t.role} in (${sqlTextList(STAFF_ROLES)})`),
    check('staff_role_grants_order', sql`${t.revokedAt} is null or ${t.revokedAt} >= ${t.grantedAt}`),
  ],
);

/** One row per issued staff token: signing out revokes it, a disabled member's are refused. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    jti: uuid('jti').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    issuedAt: tstz('issued_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** WebAuthn credentials. `credential_id` is the authenticator's id, base64url; the counter guards against clones. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    credentialId: text('credential_id').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    deviceType: text('device_type'),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
    /** Reset by another admin: kept for the record, never accepted again. */
    revokedAt: tstz('revoked_at'),
  },
  (t) => [index('staff_passkeys_staff_idx').on(t.staffId)],
);

/**
 * One-time links that let a staff member register a passkey: the invitation, or a reset another admin made. Only a
 * hash of the link's secret is stored. Used once; a newer link for the same member supersedes the older ones.
 */
export const staffEnrolments = pgTable(
  'staff_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: bytea('token_hash').notNull().unique('staff_enrolments_token_hash_unique'),
    /** The admin who made it; null when the staff:invite command did. */
    issuedBy: uuid('issued_by').references(() => staffMembers.id, { onDelete: 'set null' }),
    /** The WebAuthn registration challenge handed out for this link (base64url), until it is used. */
    webauthnChallenge: text('webauthn_challenge'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    supersededAt: tstz('superseded_at'),
  },
  (t) => [index('staff_enrolments_staff_idx').on(t.staffId), check('staff_enrolments_purpose', sql`${t.purpose} in ('invite', 'passkey-reset')`)],
);

/**
 * A staff sign-in in progress: an emailed code (HMAC stored, attempts counted), then a passkey assertion against
 * `webauthn_challenge`, handed out only once the code was right. An unknown address gets a row too (staff_id null,
 * nothing mailed), so both answer alike.
 */
export const staffChallenges = pgTable(
  'staff_challenges',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    staffId: uuid('staff_id').references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: bytea('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    codeVerifiedAt: tstz('code_verified_at'),
    webauthnChallenge: text('webauthn_challenge'),
    issuedAt: tstz('issued_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    clientIp: text('client_ip'),
  },
  (t) => [index('staff_challenges_email_idx').on(t.email, t.issuedAt)],
);
