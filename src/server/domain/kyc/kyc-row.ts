/** The investor's KYC verification row and what its columns say about the steps. */
import type { kycVerifications } from '../../db/schema/index.ts';

export type KycRow = typeof kycVerifications.$inferSelect;

/** Steps 1 to 4 as saved, in order. */
export const savedSteps = (kyc: KycRow): [boolean, boolean, boolean, boolean] => [
  kyc.identityDocumentUploaded,
  kyc.biometricCompleted,
  kyc.addressDocumentUploaded,
  kyc.amlScreeningCompleted,
];

/** The stored names the saved steps point at (step 3 holds both address documents, comma-separated). */
export function referencedFileNames(kyc: KycRow): Set<string> {
  const names = [kyc.identityDocumentName, kyc.selfieDocumentName, ...(kyc.addressDocumentName ?? '').split(',')];
  return new Set(names.map((n) => n?.trim() ?? '').filter(Boolean));
}
