/** Named reads of the identity step (KYC step 1) for its view. */
import type { SnapshotFrom } from 'xstate';
import { percentOf } from '../kyc-step/kyc-step.rules.ts';
import type { kycIdentityMachine } from './kyc-identity.machine.ts';

type S = SnapshotFrom<typeof kycIdentityMachine>;

export type IdentityPhase = 'empty' | 'uploading' | 'uploaded' | 'saving' | 'done';

export const selectIdentityPhase = (s: S): IdentityPhase => (['uploading', 'uploaded', 'saving', 'done'] as const).find((p) => s.matches(p)) ?? 'empty';
/** The chosen or stored document's name. */
export const selectIdentityFileName = (s: S): string | null => s.context.fileName;
/** The file the picker shows as chosen: the one uploading, else the stored draft; null before any. */
export const selectIdentityChosen = (s: S): { name: string; size: number } | null => {
  if (s.matches('uploading') && s.context.file) return { name: s.context.file.name, size: s.context.file.size };
  return s.context.upload ? { name: s.context.upload.originalName, size: s.context.upload.fileSize } : null;
};
export const selectIdentityUploadPercent = (s: S): number => percentOf(s.context.progress);
/** Uploading or saving: the picker and Continue wait. */
export const selectIsIdentityBusy = (s: S): boolean => s.hasTag('uploading') || s.hasTag('saving');
export const selectIsIdentityUploading = (s: S): boolean => s.hasTag('uploading');
/** A document is stored (a draft until Continue saves it): Continue moves on (otherwise it explains what is missing). */
export const selectHasIdentityDocument = (s: S): boolean => s.matches('uploaded') || s.matches('saving') || s.matches('done');
export const selectIdentityUpload = (s: S) => s.context.upload;
/** The save's failure (the file's own problems are selectIdentityFileError). */
export const selectIdentityError = (s: S): string | null => s.context.error;
export const selectIdentityFileError = (s: S): string | null => s.context.fileError;
export const selectIdentityFocus = (s: S) => s.context.focus;
