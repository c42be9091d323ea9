/** Pure facts of the selfie camera (spec section 9 "Selfie canvas"): what to ask the camera for, what to capture, errors. */
import { messages } from '../../src/shared/messages.ts';
import type { CameraFailure } from './camera.types.ts';

/** Camera: ideal 640x480, front-facing. */
export const CAMERA_REQUEST = { idealWidth: 640, idealHeight: 480, facingMode: 'user' } as const;
/** Selfie: a 640x480 JPEG at quality 0.9. */
export const SELFIE_FORMAT = { width: 640, height: 480, mimeType: 'image/jpeg', quality: 0.9 } as const;
export const SELFIE_FILE_NAME = 'selfie.jpg';

/** The name the app's camera effect gives a stream that ended by itself (unplugged, permission revoked). */
export const CAMERA_STOPPED = 'CameraStoppedError';

/**
 * No real camera to use (none attached, none meeting the request, or no camera API in this browser): the
 * simulated test camera takes over. A camera that exists but is refused or busy is an error the user can fix.
 */
const UNAVAILABLE = ['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError', 'ConstraintNotSatisfiedError', 'NotSupportedError'];
export const isCameraUnavailable = (failure: CameraFailure): boolean => UNAVAILABLE.includes(failure.name);

/** The red box's text: a clear sentence for the errors a user can act on, else the error's own text. */
export function cameraErrorText(failure: CameraFailure): string {
  switch (failure.name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return messages.kyc.camera.denied;
    case 'NotReadableError':
    case 'TrackStartError':
      return messages.kyc.camera.inUse;
    case CAMERA_STOPPED:
      return messages.kyc.camera.stopped;
    default:
      return failure.message.trim() || messages.kyc.camera.failed;
  }
}
