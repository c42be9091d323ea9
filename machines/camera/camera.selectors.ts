/** Named reads of the selfie camera for its view. */
import type { SnapshotFrom } from 'xstate';
import { percentOf } from '../kyc-step/kyc-step.rules.ts';
import type { cameraMachine } from './camera.machine.ts';

type S = SnapshotFrom<typeof cameraMachine>;

export type CameraPhase = 'idle' | 'starting' | 'live' | 'capturing' | 'failed' | 'captured' | 'uploading' | 'saving' | 'saved';

export const selectCameraPhase = (s: S): CameraPhase => {
  if (s.matches({ active: 'starting' })) return 'starting';
  if (s.matches({ active: 'live' })) return 'live';
  if (s.matches({ active: 'capturing' })) return 'capturing';
  return (['failed', 'captured', 'uploading', 'saving', 'saved'] as const).find((p) => s.matches(p)) ?? 'idle';
};

/** The live picture for a <video> (null unless the camera plays). */
export const selectStream = (s: S) => s.context.stream;
/** The simulated test camera is in use: 'Using development mode camera (real camera not available)'. */
export const selectIsSimulated = (s: S): boolean => s.context.simulated;
/** The captured JPEG, for the preview (the view makes and revokes its object URL). */
export const selectSelfie = (s: S): Blob | null => s.context.selfie;
/** The red box's text. */
export const selectCameraError = (s: S): string | null => s.context.error;
export const selectSelfieUploadPercent = (s: S): number => (s.context.upload ? 100 : percentOf(s.context.progress));

/** Buttons: Start Camera, Take Selfie and Cancel, Retake Selfie and Continue. */
export const selectCanStart = (s: S): boolean => s.matches('idle') || s.matches('failed');
export const selectCanCapture = (s: S): boolean => s.matches({ active: 'live' });
export const selectCanCancel = (s: S): boolean => s.matches('active');
export const selectCanRetakeOrContinue = (s: S): boolean => s.matches('captured');
export const selectIsSelfieBusy = (s: S): boolean => s.hasTag('uploading') || s.hasTag('saving');
