/**
 * Test data and fake effects for the selfie camera: a stream and a selfie that stand for the real ones, and the
 * camera chart provided with a fake camera (answering right after the start, 'auto', or when the test says so,
 * 'manual') plus the step fakes for the upload and the save. What they were asked is recorded.
 */
import { fromPromise } from 'xstate';
import { fakeCallback, fakeStepEffects, type FakeCall, type StepFakeOptions } from '../kyc-step/kyc-step.fixtures.ts';
import { cameraMachine } from './camera.machine.ts';
import type { CameraReportEvent, CameraStream, CaptureSelfieInput, StartCameraInput } from './camera.types.ts';

export const FAKE_STREAM = { id: 'fake-stream' } as unknown as CameraStream;
export const FAKE_SELFIE = { size: 4096, type: 'image/jpeg' } as Blob;

export type CameraCall = FakeCall<StartCameraInput, CameraReportEvent>;

export type CameraFakeOptions = StepFakeOptions & {
  /** 'auto': the camera answers `cameraResult` right after the start; 'manual': the test answers. */
  camera?: 'auto' | 'manual';
  cameraResult?: (input: StartCameraInput) => CameraReportEvent;
  capture?: (input: CaptureSelfieInput) => Promise<Blob>;
};

/** The camera's own effects (turning it on, capturing), recorded. */
export function fakeCameraEffects(options: CameraFakeOptions = {}) {
  const cameras: CameraCall[] = [];
  const captures: CaptureSelfieInput[] = [];
  const startCamera = fakeCallback(cameras, options.camera, ({ input, sendBack }) =>
    sendBack(options.cameraResult?.(input) ?? { type: 'camera.ready', stream: FAKE_STREAM }),
  );
  const captureSelfie = fromPromise<Blob, CaptureSelfieInput>(async ({ input }) => {
    captures.push(input);
    return options.capture ? options.capture(input) : FAKE_SELFIE;
  });
  return { cameras, captures, actors: { startCamera, captureSelfie } };
}

/** The camera chart with fake effects; `steps` are the upload and save fakes it was given (shareable with the page). */
export function provideCameraFakes(options: CameraFakeOptions = {}, steps = fakeStepEffects(options)) {
  const camera = fakeCameraEffects(options);
  const machine = cameraMachine.provide({ actors: { ...steps.actors, ...camera.actors } });
  return { machine, saved: steps.saved, uploads: steps.uploads, cameras: camera.cameras, captures: camera.captures };
}
