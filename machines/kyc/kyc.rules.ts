/** Pure helpers of the KYC page and its step charts (no xstate): file checks, steps, completion and the address payload. */
import { isApiError } from '../../src/shared/api-error.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../../src/shared/constants.ts';
import {
  KYC_DOCUMENT_STEP,
  KYC_DOCUMENT_TYPES,
  KYC_RESUBMIT_STEP_NUMBER,
  KYC_STEPS,
  kycStartStep,
  type KycDocumentType,
  type KycFile,
  type KycStepName,
  type KycStepNumber,
  type KycUploadResponse,
  type KycStatusResponse,
} from '../../src/shared/kyc.ts';
import { messages } from '../../src/shared/messages.ts';
import { isStepComplete } from '../../src/shared/process.ts';

/** The browser's check of a chosen file (spec section 5 "Uploads"): null when it may be sent. The server checks the bytes again. */
export function fileProblem(file: { type: string; size: number }): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return messages.kyc.invalidType;
  if (file.size > UPLOAD_MAX_BYTES) return messages.kyc.tooLarge;
  if (file.size === 0) return messages.kyc.emptyFile;
  return null;
}

/** 401 before any request: 'No authentication token found' (the API client's 401 handling covers expired tokens). */
export const isAuthError = (error: unknown): boolean => isApiError(error) && error.status === 401;

/** Spec section 4 "Process": KYC is complete when status is UNDER_REVIEW or APPROVED and completedAt is set. */
export const isKycComplete = (status: KycStatusResponse): boolean => isStepComplete('kyc', status);

/** A reviewer asked for some steps again (issue 15): only those are redone, then the verification is submitted again. */
export const isResubmitting = (status: KycStatusResponse): boolean => status.status === 'RESUBMISSION_REQUESTED';

export const startStepOf = (status: KycStatusResponse): KycStepNumber => {
  const done = (n: '1' | '2' | '3' | '4' | '5') => status.steps[n]?.completed === true;
  if (isResubmitting(status)) {
    // The first requested step not saved again yet; once all are, the review (to submit again).
    const open = (status.resubmission?.steps ?? []).map((s) => KYC_RESUBMIT_STEP_NUMBER[s]).filter((n) => !done(String(n) as '1' | '2' | '3' | '4'));
    return open.length > 0 ? (Math.min(...open) as KycStepNumber) : 5;
  }
  return kycStartStep({ '1': done('1'), '2': done('2'), '3': done('3'), '4': done('4'), '5': done('5') });
};

export const stepNameOf = (step: KycStepNumber): KycStepName => KYC_STEPS[step - 1]!;
export const stepNumberOf = (name: KycStepName): KycStepNumber => (KYC_STEPS.indexOf(name) + 1) as KycStepNumber;
export const isStepNumber = (n: number): n is KycStepNumber => Number.isInteger(n) && n >= 1 && n <= KYC_STEPS.length;

/** The latest file of each document type (a re-upload supersedes), grouped by the step it belongs to. */
export function filesByStep(files: readonly KycFile[]): Record<KycStepNumber, KycFile[]> {
  const latest = new Map<KycDocumentType, KycFile>();
  for (const file of files) {
    const known = latest.get(file.documentType);
    if (!known || known.uploadedAt <= file.uploadedAt) latest.set(file.documentType, file);
  }
  const grouped: Record<KycStepNumber, KycFile[]> = { 1: [], 2: [], 3: [], 4: [], 5: [] };
  // In the order of KYC_DOCUMENT_TYPES: the utility bill before the bank statement, as the address step shows them.
  for (const type of KYC_DOCUMENT_TYPES) {
    const file = latest.get(type);
    if (file) grouped[KYC_DOCUMENT_STEP[type]].push(file);
  }
  return grouped;
}

/** Spec "Address step data". */
export const addressStepData = (utility: KycUploadResponse, bank: KycUploadResponse) => ({
  utilityBillUploaded: true as const,
  utilityBillFileName: utility.fileName,
  bankStatementUploaded: true as const,
  bankStatementFileName: bank.fileName,
  addressVerificationComplete: true,
  addressDocumentName: `${utility.originalName}, ${bank.originalName}`,
});
