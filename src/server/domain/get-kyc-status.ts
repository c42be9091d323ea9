import { messages } from '../../shared/messages.ts';
import type { KycStatusResponse } from '../../shared/schemas.ts';
import { field, preparedStatement, type StatementRunner } from '../db/prepared-statement.ts';
import { AppError } from '../errors/app-error.ts';
import { isoOrNull, oneOf } from './row-mapping.ts';

const KYC_STATUSES = ['PENDING', 'IN_PROGRESS', 'UNDER_REVIEW', 'APPROVED', 'REJECTED'] as const;

/** Steps '1'..'5' are derived from the per-step flags of the verification row. */
const KYC_STATUS = preparedStatement(
  'get_kyc_status',
  `select status, current_step, completed_at,
          identity_document_uploaded, identity_document_name, biometric_completed, selfie_document_name,
          address_document_uploaded, address_document_name, aml_screening_completed, final_review_completed,
          identity_verified, biometric_verified, address_verified, aml_screening_passed
     from kyc_verifications
    where user_id = $1
    limit 1`,
  (r): KycStatusResponse => {
    const identityDocumentUploaded = field.boolean(r[3]);
    const biometricCompleted = field.boolean(r[5]);
    const addressDocumentUploaded = field.boolean(r[7]);
    const amlScreeningCompleted = field.boolean(r[9]);
    const finalReviewCompleted = field.boolean(r[10]);
    return {
      status: oneOf(field.textOrNull(r[0]), KYC_STATUSES, 'PENDING'),
      currentStep: field.number(r[1]),
      completedAt: isoOrNull(field.dateOrNull(r[2])),
      steps: {
        '1': { completed: identityDocumentUploaded, documentName: field.textOrNull(r[4]) },
        '2': { completed: biometricCompleted, documentName: field.textOrNull(r[6]) },
        '3': { completed: addressDocumentUploaded, documentName: field.textOrNull(r[8]) },
        '4': { completed: amlScreeningCompleted, documentName: null },
        '5': { completed: finalReviewCompleted, documentName: null },
      },
      identityDocumentUploaded,
      biometricCompleted,
      addressDocumentUploaded,
      amlScreeningCompleted,
      finalReviewCompleted,
      identityVerified: field.boolean(r[11]),
      biometricVerified: field.boolean(r[12]),
      addressVerified: field.boolean(r[13]),
      amlScreeningPassed: field.boolean(r[14]),
      // Uploaded files arrive with the KYC upload issue (their own table); none exist before it.
      files: [],
      aml: null,
    };
  },
);

/** KYC status of the investor. */
export async function getKycStatus(run: StatementRunner, userId: string): Promise<KycStatusResponse> {
  const [status] = await run(KYC_STATUS, [userId]);
  if (!status) throw new AppError('NOT_FOUND', messages.server.notFound);
  return status;
}
