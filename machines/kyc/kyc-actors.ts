/**
 * The effects the KYC charts share (identity, address, camera), declared once as placeholders the app provides:
 * `uploadDocument`, one callback actor per file, which reports progress while the bytes go up and then exactly one
 * of done / failed (a callback, not a promise, so the page can show the progress; stopping it aborts the request),
 * and `saveKycStep` (POST /api/kyc/save-step), which answers the server's new status.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { KycDocumentType, KycUploadResponse, SaveKycStepInput } from '../../src/shared/kyc.ts';
import type { KycStatusResponse } from '../../src/shared/schemas.ts';

export type UploadDocumentInput = {
  /** The bytes (a File from the picker, or the selfie Blob). */
  file: Blob;
  /** The name sent with the bytes; the server keeps it only as data. */
  fileName: string;
  documentType: KycDocumentType;
  step: 1 | 2 | 3;
};

export type UploadProgress = { loaded: number; total: number };

/** What an uploadDocument actor sends back to the chart that invoked it. */
export type UploadEvent =
  | { type: 'kyc.upload.progress'; documentType: KycDocumentType; loaded: number; total: number }
  | { type: 'kyc.upload.done'; documentType: KycDocumentType; upload: KycUploadResponse }
  | { type: 'kyc.upload.failed'; documentType: KycDocumentType; error: unknown };

export const uploadDocumentPlaceholder = fromCallback<EventObject, UploadDocumentInput>(() => {
  throw new Error('uploadDocument is provided by the app');
});

export const saveKycStepPlaceholder = fromPromise<KycStatusResponse, SaveKycStepInput>(async () => {
  throw new Error('saveKycStep is provided by the app');
});

/** Whole percent of an upload, 0 before the first report. */
export const percentOf = (progress: UploadProgress | null): number =>
  progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;

/** What every step chart answers when it is done: the server's status after its save. */
export type StepSavedOutput = { status: KycStatusResponse };
