/**
 * The database schema, one source for PGlite and PostgreSQL. Migrations are generated from it:
 *   npx drizzle-kit generate --config src/server/db/drizzle.config.ts
 * Never edit a generated migration; change this file and generate a new one.
 *
 * Conventions: uuid ids, timestamps with time zone, money and token amounts as numeric (returned as JS numbers
 * by `mode: 'number'`), enumerations as text guarded by CHECK constraints (cheaper to extend than pg enums).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** PGlite returns bytea as Uint8Array, pg as Buffer: hand out Uint8Array either way. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (value instanceof Uint8Array ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : value),
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** EUR amounts: two decimals. */
const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: 'number' });
/** Token quantities: six decimals, the precision of `tokensFor` in src/shared/rules.ts. */
const tokens = (name: string) => numeric(name, { precision: 24, scale: 6, mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique('users_email_unique'),
    createdAt: createdAt(),
  },
  (t) => [check('users_email_lowercase', sql`${t.email} = lower(${t.email})`)],
);

export const userDetails = pgTable(
  'user_details',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique('user_details_user_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    investmentAmount: money('investment_amount').notNull(),
    tokenQuantity: tokens('token_quantity').notNull(),
    investorType: text('investor_type').notNull(),
    fullName: text('full_name'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    nationality: text('nationality'),
    entityName: text('entity_name'),
    jurisdiction: text('jurisdiction'),
    authorizedSignatory: text('authorized_signatory'),
    walletAddress: text('wallet_address').notNull(),
    primaryJurisdiction: text('primary_jurisdiction').notNull(),
    status: text('status').notNull().default('UNDER_REVIEW'),
    currentStep: text('current_step').notNull().default('disclosure'),
    submittedAt: tstz('submitted_at'),
    reviewedAt: tstz('reviewed_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('user_details_investor_type', sql`${t.investorType} in ('INDIVIDUAL', 'ENTITY')`),
    check('user_details_status', sql`${t.status} in ('UNDER_REVIEW', 'APPROVED', 'REJECTED')`),
    check('user_details_current_step', sql`${t.currentStep} in ('disclosure', 'kyc', 'agreements', 'payment', 'complete')`),
    check('user_details_primary_jurisdiction', sql`${t.primaryJurisdiction} in ('uk', 'eu', 'us', 'other')`),
    check('user_details_amounts_positive', sql`${t.investmentAmount} > 0 and ${t.tokenQuantity} > 0`),
  ],
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

/** Who did what, when, from where. user_id is null for anonymous attempts (e.g. a failed login). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('audit_events_user_at_idx').on(t.userId, t.at), index('audit_events_action_idx').on(t.action)],
);

/** Key/value settings (the investment limits: tokenPrice, minInvestment, maxInvestment). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Binary assets served by the API (the NDA), stored in the database so one backup holds everything. */
export const assets = pgTable('assets', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

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

export const kycVerifications = pgTable(
  'kyc_verifications',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('PENDING'),
    currentStep: integer('current_step').notNull().default(1),
    identityDocumentUploaded: boolean('identity_document_uploaded').notNull().default(false),
    identityDocumentName: text('identity_document_name'),
    biometricCompleted: boolean('biometric_completed').notNull().default(false),
    selfieDocumentName: text('selfie_document_name'),
    addressDocumentUploaded: boolean('address_document_uploaded').notNull().default(false),
    addressDocumentName: text('address_document_name'),
    amlScreeningCompleted: boolean('aml_screening_completed').notNull().default(false),
    finalReviewCompleted: boolean('final_review_completed').notNull().default(false),
    identityVerified: boolean('identity_verified').notNull().default(false),
    biometricVerified: boolean('biometric_verified').notNull().default(false),
    addressVerified: boolean('address_verified').notNull().default(false),
    amlScreeningPassed: boolean('aml_screening_passed').notNull().default(false),
    /** Step 4, the investor's AML answers (src/shared/kyc.ts AmlDataSchema); set together with aml_submitted_at. */
    amlFundsSource: text('aml_funds_source'),
    amlAnnualVolume: text('aml_annual_volume'),
    amlOccupation: text('aml_occupation'),
    amlAdditionalInfo: text('aml_additional_info'),
    amlPepDeclared: boolean('aml_pep_declared').notNull().default(false),
    amlSanctionsDeclared: boolean('aml_sanctions_declared').notNull().default(false),
    amlCriminalDeclared: boolean('aml_criminal_declared').notNull().default(false),
    amlFundsDeclared: boolean('aml_funds_declared').notNull().default(false),
    amlSubmittedAt: tstz('aml_submitted_at'),
    completedAt: tstz('completed_at'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('kyc_verifications_status', sql`${t.status} in ('PENDING', 'IN_PROGRESS', 'UNDER_REVIEW', 'APPROVED', 'REJECTED')`),
    check('kyc_verifications_current_step', sql`${t.currentStep} between 1 and 5`),
    check('kyc_verifications_aml_funds_source', sql`${t.amlFundsSource} in ('salary', 'business', 'investment', 'inheritance', 'gift', 'sale', 'other')`),
    check('kyc_verifications_aml_annual_volume', sql`${t.amlAnnualVolume} in ('0-25k', '25k-50k', '50k-100k', '100k-250k', '250k-500k', '500k+')`),
    // Saved answers are complete: all four declarations made (the shared schema refuses anything less).
    check(
      'kyc_verifications_aml_answers',
      sql`${t.amlSubmittedAt} is null or (${t.amlFundsSource} is not null and ${t.amlAnnualVolume} is not null and ${t.amlOccupation} is not null
        and ${t.amlPepDeclared} and ${t.amlSanctionsDeclared} and ${t.amlCriminalDeclared} and ${t.amlFundsDeclared})`,
    ),
  ],
);

/**
 * Files uploaded for KYC (identity document, selfie, utility bill, bank statement). The bytes are in the file store
 * (src/server/storage) under `file_name`, a name the server generated; `original_name` is what the investor's file
 * was called, kept as data only and never used in a path. A step saved again with another file marks the earlier
 * file of that type `replaced_at` (kept for the record, no longer listed). `seq` orders uploads made in one instant.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentType: text('document_type').notNull(),
    step: integer('step').notNull(),
    fileName: text('file_name').notNull().unique('kyc_documents_file_name_unique'),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
    replacedAt: tstz('replaced_at'),
  },
  (t) => [
    index('kyc_documents_user_idx').on(t.userId, t.seq),
    check('kyc_documents_type', sql`${t.documentType} in ('identity', 'selfie', 'address_utility', 'address_bank')`),
    check(
      'kyc_documents_step',
      sql`(${t.documentType} = 'identity' and ${t.step} = 1) or (${t.documentType} = 'selfie' and ${t.step} = 2)
        or (${t.documentType} in ('address_utility', 'address_bank') and ${t.step} = 3)`,
    ),
    check('kyc_documents_file_name', sql`${t.fileName} ~ '^[0-9a-f]{32}[.](jpg|png|pdf)$'`),
    check('kyc_documents_content_type', sql`${t.contentType} in ('image/jpeg', 'image/png', 'application/pdf')`),
    check('kyc_documents_size', sql`${t.sizeBytes} > 0 and ${t.sizeBytes} <= 10485760`),
    check('kyc_documents_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

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
  (t) => [check('legal_agreements_status', sql`${t.status} in ('PENDING', 'IN_PROGRESS', 'COMPLETED')`)],
);

/** The investment an investor committed to at registration (amount and tokens at the price of that day). */
export const investments = pgTable('investments', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique('investments_user_id_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  amount: money('amount').notNull(),
  tokenQuantity: tokens('token_quantity').notNull(),
  tokenPrice: numeric('token_price', { precision: 18, scale: 6, mode: 'number' }).notNull(),
  paymentCompleted: boolean('payment_completed').notNull().default(false),
  completedAt: tstz('completed_at'),
  createdAt: createdAt(),
});

/** Payment attempts; none exist until the investor starts paying (status NOT_STARTED is the absence of rows). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    investmentId: uuid('investment_id')
      .notNull()
      .references(() => investments.id, { onDelete: 'cascade' }),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status').notNull().default('PENDING'),
    amount: money('amount').notNull(),
    processingFee: money('processing_fee').notNull(),
    totalAmount: money('total_amount').notNull(),
    transactionId: text('transaction_id'),
    paymentRef: text('payment_ref'),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    check('payments_method', sql`${t.paymentMethod} in ('CARD', 'CRYPTO', 'WIRE', 'BANK_TRANSFER')`),
    check('payments_status', sql`${t.paymentStatus} in ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED')`),
  ],
);

/**
 * One-time email codes (login and registration). Only an HMAC of the code is stored, bound to the row's id.
 * A login for an unknown address gets a row too (user_id null, nothing mailed), so both answer alike.
 * `registration` holds the validated registration payload until the code is verified: no account before that.
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
  },
  (t) => [
    index('email_challenges_email_purpose_idx').on(t.email, t.purpose, t.issuedAt),
    check('email_challenges_purpose', sql`${t.purpose} in ('login', 'register')`),
  ],
);

/** Failure counters with growing delays, per address and per client address (keys like "verify-email:<addr>"). */
export const attemptCounters = pgTable('attempt_counters', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: tstz('window_started_at').notNull(),
  blockedUntil: tstz('blocked_until'),
});
