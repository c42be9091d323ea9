/** Named reads of the identity step (KYC step 1) for its view. */
import type { SnapshotFrom } from 'xstate';
import { percentOf } from '../kyc-step/kyc-step.rules.ts';
import type { kycIdentityMachine } from './kyc-identity.machine.ts';

type S = SnapshotFrom<typeof kycIdentityMachine>;

export type IdentityPhase = 'empty' | 'uploading' | 'saving' | 'unsaved' | 'saved' | 'done';

export const selectIdentityPhase = (s: S): IdentityPhase =>
  (['uploading', 'saving', 'unsaved', 'saved', 'done'] as const).find((p) => s.matches(p)) ?? 'empty';
/** The chosen or stored document's name. */
export const selectIdentityFileName = (s: S): string | null => s.context.fileName;
export const selectIdentityUploadPercent = (s: S): number => percentOf(s.context.progress);
/** Uploading or saving: the picker and Continue wait. */
export const selectIsIdentityBusy = (s: S): boolean => s.hasTag('uploading') || s.hasTag('saving');
export const selectIsIdentityUploading = (s: S): boolean => s.hasTag('uploading');
/** The document is stored and step 1 saved: Continue moves on (otherwise it explains what is missing). */
export const selectHasIdentityDocument = (s: S): boolean => s.matches('saved') || s.matches('done');
export const selectIdentityUpload = (s: S) => s.context.upload;
export const selectIdentityError = (s: S): string | null => s.context.error;
