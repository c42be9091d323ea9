/**
 * The agreements step: the agreement documents as the issuer loaded them (versions), each investor's progress, the
 * signatures, and the sealed documents made from them.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AGREEMENT_KEYS, AGREEMENT_STATUSES, type AgreementCheckbox } from '../../../shared/legal.ts';
import { bytea, createdAt, sqlTextList, tstz } from './column-types.ts';
import { users } from './auth.ts';
import { storedFiles } from './storage.ts';

/**
 * Every version of every agreement the portal has presented: the PDF's bytes and SHA-256, its checkbox list and its
 * signature fields. Loading a changed agreement retires the current version (retired_at) and adds a new one; a
 * version is never changed or deleted once written, because signatures point at the exact version signed. At most one
 * current (not retired) version per key.
 */
export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    checkboxes: jsonb('checkboxes').$type<AgreementCheckbox[]>().notNull(),
    signatureField: text('signature_field').notNull(),
    dateField: text('date_field').notNull(),
    createdAt: createdAt(),
    retiredAt: tstz('retired_at'),
  },
  (t) => [
    uniqueIndex('agreement_versions_current').on(t.key).where(sql`${t.retiredAt} is null`),
    check('agreement_versions_key', sql`${t.key} in (${sqlTextList(AGREEMENT_KEYS)})`),
    check('agreement_versions_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * One row per investor: the step's status, the wallet address (as entered, once valid), and `agreements`, the draft
 * of the agreements not signed yet (accepted, ticked boxes) by agreement name. Signed agreements live in
 * agreement_signatures, never in the draft.
 */
export const legalAgreements = pgTable(
  'legal_agreements',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('PENDING'),
    walletAddress: text('wallet_address'),
    agreements: jsonb('agreements').$type<Record<string, unknown>>().notNull().default({}),
    completedAt: tstz('completed_at'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('legal_agreements_status', sql`${t.status} in (${sqlTextList(AGREEMENT_STATUSES)})`)],
);

/**
 * A signature: which version of which agreement, the boxes confirmed (id -> true), the drawn PNG, the server's time,
 * and where it came from. Never updated: the unique (user_id, key) makes a second signing of one agreement fail,
 * however many arrive at once.
 */
export const agreementSignatures = pgTable(
  'agreement_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => agreementVersions.id),
    checkboxes: jsonb('checkboxes').$type<Record<string, boolean>>().notNull(),
    signaturePng: bytea('signature_png').notNull(),
    signedAt: tstz('signed_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('agreement_signatures_user_key').on(t.userId, t.key),
    check('agreement_signatures_key', sql`${t.key} in (${sqlTextList(AGREEMENT_KEYS)})`),
  ],
);

/**
 * A sealed signed agreement, made by a `seal-agreement` job after the step completed: the investor's download (its
 * id is the id in GET /api/downloads/list). The PDF's bytes are in the file store, named by its stored_files row
 * (purpose agreement_signed). One per signature: a job run twice (a crash after the commit) cannot add a second.
 */
export const signedDocuments = pgTable(
  'signed_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signatureId: uuid('signature_id')
      .notNull()
      .references(() => agreementSignatures.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    title: text('title').notNull(),
    storedFileId: uuid('stored_file_id')
      .notNull()
      .references(() => storedFiles.id),
    sizeBytes: integer('size_bytes').notNull(),
    /** SHA-256 of the agreement as presented (printed on the signature page); the sealed file's own is in stored_files. */
    presentedSha256: text('presented_sha256').notNull(),
    /** The seal certificate's SHA-256 fingerprint. */
    sealFingerprint: text('seal_fingerprint').notNull(),
    sealedAt: tstz('sealed_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('signed_documents_signature').on(t.signatureId),
    index('signed_documents_user_idx').on(t.userId),
    // From a stored file found by its hash to its sealed document (POST /api/verify/document).
    index('signed_documents_stored_file_idx').on(t.storedFileId),
    check('signed_documents_key', sql`${t.key} in (${sqlTextList(AGREEMENT_KEYS)})`),
    check('signed_documents_size', sql`${t.sizeBytes} > 0`),
  ],
);
