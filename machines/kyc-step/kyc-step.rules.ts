/** Pure helpers the KYC step charts and their views share (no xstate): error wording, upload percent, the file step payload. */
import { isApiError, serverMessageOf } from '../../src/shared/api-error.ts';
import type { KycUploadResponse } from '../../src/shared/kyc.ts';
import type { UploadProgress } from './kyc-step.actors.ts';

/**
 * A refusal the server explained (a 4xx with its words, e.g. the 413 and 415 texts) is shown as it was said;
 * anything else (network, 5xx, a bare 'HTTP 400') gets the catalogue's sentence for what failed.
 */
export function failureText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) return serverMessageOf(error) ?? fallback;
  return fallback;
}

/** Whole percent of an upload, 0 before the first report. */
export const percentOf = (progress: UploadProgress | null): number =>
  progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;

/** Spec "Step save payload for step identity and selfie". */
export const fileStepData = (u: KycUploadResponse) => ({ fileName: u.fileName, fileType: u.fileType, fileSize: u.fileSize, filePath: u.filePath });
