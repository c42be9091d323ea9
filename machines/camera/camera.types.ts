import type { KycUploadResponse, KycStatusResponse } from '../../src/shared/kyc.ts';
import type { UploadEvent, UploadProgress } from '../kyc-step/kyc-step.actors.ts';

/**
 * The live picture. The chart only holds it for the view (a <video>'s srcObject) and hands it to the capture;
 * it never calls it. The app's startCamera actor owns it and stops its tracks when it is stopped.
 */
export type CameraStream = MediaStream;

/** A camera error as plain data: the DOMException's name and message. */
export type CameraFailure = { name: string; message: string };

export type StartCameraInput = {
  /** The drawn test camera instead of getUserMedia (no real camera available). */
  simulated: boolean;
  idealWidth: number;
  idealHeight: number;
  facingMode: 'user';
};

export type CaptureSelfieInput = { stream: CameraStream; width: number; height: number; mimeType: 'image/jpeg'; quality: number };

/** What the startCamera actor reports: the stream once it plays, or why there is none (at start or later). */
export type CameraReportEvent = { type: 'camera.ready'; stream: CameraStream } | { type: 'camera.error'; error: CameraFailure };

export type CameraEvent =
  | { type: 'camera.start' }
  | { type: 'camera.capture' }
  | { type: 'camera.cancel' }
  | { type: 'camera.retake' }
  /** 'Continue': upload the selfie and save step 2. */
  | { type: 'camera.continue' }
  | CameraReportEvent
  | UploadEvent;

export type CameraContext = {
  simulated: boolean;
  stream: CameraStream | null;
  selfie: Blob | null;
  progress: UploadProgress | null;
  /** The stored selfie once uploaded: a retry after a failed save does not upload it again. */
  upload: KycUploadResponse | null;
  status: KycStatusResponse | null;
  /** For the red box: the camera's error, or 'Failed to process selfie. Please try again.'. */
  error: string | null;
};

/** The selfie is stored and step 2 saved. */
export type CameraOutput = { status: KycStatusResponse; upload: KycUploadResponse };
