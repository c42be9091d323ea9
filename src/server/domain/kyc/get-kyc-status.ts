/**
 * GET /api/kyc/status, one of the four status reads of every process page: ONE prepared statement reads the
 * verification row, the AML answers and the investor's current files (oldest first, as a json array).
 */
import {
  ANNUAL_VOLUMES,
  FUNDS_SOURCES,
  KYC_DOCUMENT_TYPES,
  KYC_FILE_TYPES,
  KYC_RESUBMIT_STEPS,
  KYC_STATUSES,
  kycDownloadPath,
  type KycAmlSummary,
  type KycFile,
  type KycResubmitStep,
  type KycStatusResponse,
} from '../../../shared/kyc.ts';
import { messages } from '../../../shared/messages.ts';
import { preparedStatement, type StatementRunner } from '../../db/prepared-statement.ts';
import { AppError } from '../../errors/app-error.ts';
import { isoOrNull, oneOf } from '../row-mapping.ts';

/** [fileName, originalName, documentType, contentType, sizeBytes, createdAt] as json_build_array makes it. */
type FileTuple = [string, string, string, string, number, string];

const toFile = ([fileName, originalName, documentType, contentType, size, createdAt]: FileTuple): KycFile => ({
  fileName,
  originalName,
  documentType: oneOf(documentType, KYC_DOCUMENT_TYPES, 'identity'),
  fileType: oneOf(contentType, KYC_FILE_TYPES, 'application/pdf'),
  fileSize: size,
  filePath: kycDownloadPath(fileName),
  uploadedAt: new Date(createdAt).toISOString(),
});

/** Steps '1'..'5' are derived from the per-step flags of the verification row. */
const KYC_STATUS = preparedStatement(
  'get_kyc_status',
  `select k.status, k.current_step, k.completed_at,
          k.identity_document_uploaded, k.identity_document_name, k.biometric_completed, k.selfie_document_name,
          k.address_document_uploaded, k.address_document_name, k.aml_screening_completed, k.final_review_completed,
          coalesce(array_to_json(k.resubmission_steps), '[]'::json) as resubmission_steps, k.resubmission_message, k.resubmission_requested_at,
          k.identity_verified, k.biometric_verified, k.address_verified, k.aml_screening_passed,
          k.aml_submitted_at is not null as aml_submitted, k.aml_funds_source, k.aml_annual_volume, k.aml_occupation, k.aml_additional_info,
          k.aml_pep_declared and k.aml_sanctions_declared and k.aml_criminal_declared and k.aml_funds_declared as aml_declarations_confirmed,
          (select coalesce(json_agg(json_build_array(d.file_name, d.original_name, d.document_type, d.content_type, d.size_bytes, d.created_at) order by d.seq), '[]')
             from kyc_documents d
            where d.user_id = k.user_id and d.replaced_at is null) as files
     from kyc_verifications k
    where k.user_id = $1
    limit 1`,
  (row): KycStatusResponse => {
    const identityDocumentUploaded = row.boolean('identity_document_uploaded');
    const biometricCompleted = row.boolean('biometric_completed');
    const addressDocumentUploaded = row.boolean('address_document_uploaded');
    const amlScreeningCompleted = row.boolean('aml_screening_completed');
    const finalReviewCompleted = row.boolean('final_review_completed');
    const aml: KycAmlSummary | null = row.boolean('aml_submitted')
      ? {
          fundsSource: oneOf(row.textOrNull('aml_funds_source'), FUNDS_SOURCES, 'other'),
          annualVolume: oneOf(row.textOrNull('aml_annual_volume'), ANNUAL_VOLUMES, '0-25k'),
          occupation: row.textOrNull('aml_occupation') ?? '',
          additionalInfo: row.textOrNull('aml_additional_info') ?? '',
          declarationsConfirmed: row.boolean('aml_declarations_confirmed'),
        }
      : null;
    const status = oneOf(row.textOrNull('status'), KYC_STATUSES, 'PENDING');
    const requestedAt = row.dateOrNull('resubmission_requested_at');
    const resubmission =
      status === 'RESUBMISSION_REQUESTED' && requestedAt
        ? {
            steps: (row.json('resubmission_steps') as string[]).filter((s): s is KycResubmitStep => (KYC_RESUBMIT_STEPS as readonly string[]).includes(s)),
            message: row.textOrNull('resubmission_message') ?? '',
            requestedAt: requestedAt.toISOString(),
          }
        : null;
    return {
      status,
      currentStep: row.number('current_step'),
      completedAt: isoOrNull(row.dateOrNull('completed_at')),
      steps: {
        '1': { completed: identityDocumentUploaded, documentName: row.textOrNull('identity_document_name') },
        '2': { completed: biometricCompleted, documentName: row.textOrNull('selfie_document_name') },
        '3': { completed: addressDocumentUploaded, documentName: row.textOrNull('address_document_name') },
        '4': { completed: amlScreeningCompleted, documentName: null },
        '5': { completed: finalReviewCompleted, documentName: null },
      },
      identityDocumentUploaded,
      biometricCompleted,
      addressDocumentUploaded,
      amlScreeningCompleted,
      finalReviewCompleted,
      identityVerified: row.boolean('identity_verified'),
      biometricVerified: row.boolean('biometric_verified'),
      addressVerified: row.boolean('address_verified'),
      amlScreeningPassed: row.boolean('aml_screening_passed'),
      files: (row.json('files') as FileTuple[]).map(toFile),
      aml,
      resubmission,
    };
  },
);

/** KYC status of the investor, with their current files and AML answers. */
export async function getKycStatus(run: StatementRunner, userId: string): Promise<KycStatusResponse> {
  const [status] = await run(KYC_STATUS, [userId]);
  if (!status) throw new AppError('NOT_FOUND', messages.server.notFound);
  return status;
}
