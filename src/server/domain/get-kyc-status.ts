import { eq } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import type { KycStatusResponse } from '../../shared/schemas.ts';
import type { Db } from '../db/types.ts';
import { kycVerifications } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { isoOrNull, oneOf } from './row-mapping.ts';

const KYC_STATUSES = ['PENDING', 'IN_PROGRESS', 'UNDER_REVIEW', 'APPROVED', 'REJECTED'] as const;

/** KYC status; steps '1'..'5' are derived from the per-step flags of the verification row. */
export async function getKycStatus(db: Db, userId: string): Promise<KycStatusResponse> {
  const [k] = await db.select().from(kycVerifications).where(eq(kycVerifications.userId, userId)).limit(1);
  if (!k) throw new AppError('NOT_FOUND', messages.server.notFound);
  return {
    status: oneOf(k.status, KYC_STATUSES, 'PENDING'),
    currentStep: k.currentStep,
    completedAt: isoOrNull(k.completedAt),
    steps: {
      '1': { completed: k.identityDocumentUploaded, documentName: k.identityDocumentName },
      '2': { completed: k.biometricCompleted, documentName: k.selfieDocumentName },
      '3': { completed: k.addressDocumentUploaded, documentName: k.addressDocumentName },
      '4': { completed: k.amlScreeningCompleted, documentName: null },
      '5': { completed: k.finalReviewCompleted, documentName: null },
    },
    identityDocumentUploaded: k.identityDocumentUploaded,
    biometricCompleted: k.biometricCompleted,
    addressDocumentUploaded: k.addressDocumentUploaded,
    amlScreeningCompleted: k.amlScreeningCompleted,
    finalReviewCompleted: k.finalReviewCompleted,
    identityVerified: k.identityVerified,
    biometricVerified: k.biometricVerified,
    addressVerified: k.addressVerified,
    amlScreeningPassed: k.amlScreeningPassed,
    // Uploaded files arrive with the KYC upload issue (their own table); none exist before it.
    files: [],
  };
}
