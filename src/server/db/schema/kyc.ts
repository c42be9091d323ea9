/** The KYC/AML step: one verification row per investor and the files they uploaded for it. */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ANNUAL_VOLUMES, FUNDS_SOURCES, KYC_DOCUMENT_TYPES, KYC_FILE_TYPES, KYC_STATUSES } from '../../../shared/kyc.ts';
import { STORED_FILE_NAME_SQL } from '../../storage/stored-name.ts';
import { createdAt, sqlTextList, tstz } from './column-types.ts';
import { storedFiles } from './storage.ts';
import { users } from './auth.ts';

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
    /**
     * Review (issue 15): the round a reviewer decides on (a resubmission starts the next one; approvals of an earlier
     * round never count), and while the status is RESUBMISSION_REQUESTED the steps to redo (KYC_RESUBMIT_STEPS), the
     * reviewer's message and when it was asked.
     */
    reviewRound: integer('review_round').notNull().default(1),
    resubmissionSteps: text('resubmission_steps').array(),
    resubmissionMessage: text('resubmission_message'),
    resubmissionRequestedAt: tstz('resubmission_requested_at'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('kyc_verifications_status', sql`${t.status} in (${sqlTextList(KYC_STATUSES)})`),
    // The review queue: UNDER_REVIEW, oldest submission first (keyset on completed_at, user_id).
    index('kyc_verifications_review_queue_idx').on(t.status, t.completedAt, t.userId),
    check('kyc_verifications_review_round', sql`${t.reviewRound} >= 1`),
    check('kyc_verifications_current_step', sql`${t.currentStep} between 1 and 5`),
    check('kyc_verifications_aml_funds_source', sql`${t.amlFundsSource} in (${sqlTextList(FUNDS_SOURCES)})`),
    check('kyc_verifications_aml_annual_volume', sql`${t.amlAnnualVolume} in (${sqlTextList(ANNUAL_VOLUMES)})`),
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
 * (src/server/storage) under `file_name`, a name the server generated and recorded in stored_files; `original_name` is what the investor's file
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
    /** Its stored_files row must exist for as long as this one does (the sweep keeps only files stored_files names). */
    fileName: text('file_name')
      .notNull()
      .unique('kyc_documents_file_name_unique')
      .references(() => storedFiles.storedName),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
    replacedAt: tstz('replaced_at'),
  },
  (t) => [
    index('kyc_documents_user_idx').on(t.userId, t.seq),
    check('kyc_documents_type', sql`${t.documentType} in (${sqlTextList(KYC_DOCUMENT_TYPES)})`),
    check(
      'kyc_documents_step',
      sql`(${t.documentType} = 'identity' and ${t.step} = 1) or (${t.documentType} = 'selfie' and ${t.step} = 2)
        or (${t.documentType} in ('address_utility', 'address_bank') and ${t.step} = 3)`,
    ),
    check('kyc_documents_file_name', sql`${t.fileName} ~ ${sqlTextList([STORED_FILE_NAME_SQL])}`),
    check('kyc_documents_content_type', sql`${t.contentType} in (${sqlTextList(KYC_FILE_TYPES)})`),
    check('kyc_documents_size', sql`${t.sizeBytes} > 0 and ${t.sizeBytes} <= 10485760`),
    check('kyc_documents_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
