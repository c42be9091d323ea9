/**
 * The effects every KYC step chart works with (identity, selfie camera, address, AML), declared once as placeholders
 * the app provides. This folder holds what those charts share; it has no chart of its own, so the KYC page's folder
 * and the camera's can both build on it without leaning on each other.
 * - `uploadDocument`: one callback actor per file, reporting progress while the bytes go up and then exactly one of
 *   done / failed (a callback, not a promise, so the page can show the progress; stopping it aborts the request).
 * - `saveKycStep` (POST /api/kyc/save-step): answers the server's new status.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { KycDocumentType, KycUploadResponse, SaveKycStepInput, KycStatusResponse } from '../../src/shared/kyc.ts';

export type UploadDocumentInput = {
  /** The bytes (a File from the picker, or the selfie Blob). */
  file: Blob;
  /** The name sent with the bytes; the server keeps it only as data. */
  fileName: string;
  documentType: KycDocumentType;
  step: 1 | 2 | 3;
};

export type UploadProgress = { loaded: number; total: number };

/**
 * What an uploadDocument actor sends back to the chart that invoked it. The KYC area owns the upload, so its reports
 * carry `kyc.upload.` whichever step chart (or the camera) receives them.
 */
export type UploadEvent =
  | { type: 'kyc.upload.progress'; documentType: KycDocumentType; loaded: number; total: number }
  | { type: 'kyc.upload.done'; documentType: KycDocumentType; upload: KycUploadResponse }
  | { type: 'kyc.upload.error'; documentType: KycDocumentType; error: unknown };

export const uploadDocumentPlaceholder = fromCallback<EventObject, UploadDocumentInput>(() => {
  throw new Error('uploadDocument is provided by the app');
});

export const saveKycStepPlaceholder = fromPromise<KycStatusResponse, SaveKycStepInput>(async () => {
  throw new Error('saveKycStep is provided by the app');
});

/** What every step chart answers when it is done: the server's status after its save. */
export type StepSavedOutput = { status: KycStatusResponse };
