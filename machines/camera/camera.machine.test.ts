/**
 * The selfie camera with fake effects: the request (front camera, ideal 640x480), the simulated camera when no real
 * one is available, the red box for the other errors, capture (640x480 JPEG at 0.9), retake, cancel, the camera
 * turned off whenever the chart leaves `active`, and Continue (upload as selfie / step 2, save step 2, output).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../src/shared/api-error.ts';
import { messages } from '../../src/shared/messages.ts';
import { uploadAnswer } from '../kyc-step/kyc-step.fixtures.ts';
import { FAKE_SELFIE, FAKE_STREAM, provideCameraFakes, type CameraFakeOptions } from './camera.fixtures.ts';
import { CAMERA_STOPPED } from './camera.rules.ts';
import {
  selectCameraError,
  selectCameraPhase,
  selectCanCapture,
  selectCanRetakeOrContinue,
  selectCanStart,
  selectIsSimulated,
  selectSelfie,
  selectSelfieUploadPercent,
  selectStream,
} from './camera.selectors.ts';

function start(options: CameraFakeOptions = {}) {
  const fakes = provideCameraFakes(options);
  const actor = createActor(fakes.machine).start();
  return { ...fakes, actor, snap: () => actor.getSnapshot(), send: actor.send.bind(actor) };
}

const settle = () => vi.advanceTimersByTimeAsync(0);
const failure = (name: string, message = '') => ({ type: 'camera.error' as const, error: { name, message } });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('selfie camera', () => {
  it('asks for the front camera at ideal 640x480 and shows it once it plays', async () => {
    const t = start({ camera: 'manual' });
    expect(selectCanStart(t.snap())).toBe(true);
    t.send({ type: 'camera.start' });
    expect(selectCameraPhase(t.snap())).toBe('starting');
    expect(t.cameras[0]?.input).toEqual({ simulated: false, idealWidth: 640, idealHeight: 480, facingMode: 'user' });
    t.cameras[0]!.sendBack({ type: 'camera.ready', stream: FAKE_STREAM });
    expect(selectCameraPhase(t.snap())).toBe('live');
    expect(selectStream(t.snap())).toBe(FAKE_STREAM);
    expect(selectCanCapture(t.snap())).toBe(true);
    expect(selectIsSimulated(t.snap())).toBe(false);
  });

  it.each(['NotFoundError', 'OverconstrainedError', 'NotSupportedError', 'DevicesNotFoundError'])(
    'uses the simulated test camera when there is no real one (%s)',
    async (name) => {
      const t = start({ camera: 'manual' });
      t.send({ type: 'camera.start' });
      t.cameras[0]!.sendBack(failure(name, 'Requested device not found'));
      expect(t.cameras[0]?.stopped).toBe(true);
      expect(t.cameras[1]?.input.simulated).toBe(true);
      expect(selectIsSimulated(t.snap())).toBe(true);
      expect(selectCameraError(t.snap())).toBeNull();
      t.cameras[1]!.sendBack({ type: 'camera.ready', stream: FAKE_STREAM });
      expect(selectCameraPhase(t.snap())).toBe('live');
    },
  );

  it.each([
    ['NotAllowedError', 'Permission denied', messages.kyc.camera.denied],
    ['NotReadableError', 'Could not start video source', messages.kyc.camera.inUse],
    ['AbortError', 'Starting videoinput failed', 'Starting videoinput failed'],
    ['UnknownError', '', messages.kyc.camera.failed],
  ])('shows a refused or broken camera (%s) in the red box, and Start Camera tries again', async (name, text, shown) => {
    const t = start({ camera: 'manual' });
    t.send({ type: 'camera.start' });
    t.cameras[0]!.sendBack(failure(name, text));
    expect(selectCameraPhase(t.snap())).toBe('failed');
    expect(selectCameraError(t.snap())).toBe(shown);
    expect(t.cameras[0]?.stopped).toBe(true);
    expect(selectCanStart(t.snap())).toBe(true);
    t.send({ type: 'camera.start' });
    expect(selectCameraError(t.snap())).toBeNull();
    expect(t.cameras[1]?.input.simulated).toBe(false);
  });

  it('goes to the red box when the simulated camera cannot start either, and when the stream stops by itself', async () => {
    const t = start({ camera: 'manual' });
    t.send({ type: 'camera.start' });
    t.cameras[0]!.sendBack(failure('NotFoundError'));
    t.cameras[1]!.sendBack(failure('NotSupportedError', 'This browser cannot draw the test camera.'));
    expect(selectCameraError(t.snap())).toBe('This browser cannot draw the test camera.');

    const live = start();
    live.send({ type: 'camera.start' });
    await settle();
    live.cameras[0]!.sendBack(failure(CAMERA_STOPPED));
    expect(selectCameraPhase(live.snap())).toBe('failed');
    expect(selectCameraError(live.snap())).toBe(messages.kyc.camera.stopped);
  });

  it('captures a 640x480 JPEG at quality 0.9 and turns the camera off; Retake Selfie starts it again', async () => {
    const t = start();
    t.send({ type: 'camera.start' });
    await settle();
    t.send({ type: 'camera.capture' });
    expect(selectCameraPhase(t.snap())).toBe('capturing');
    await settle();
    expect(t.captures).toEqual([{ stream: FAKE_STREAM, width: 640, height: 480, mimeType: 'image/jpeg', quality: 0.9 }]);
    expect(selectCameraPhase(t.snap())).toBe('captured');
    expect(selectSelfie(t.snap())).toBe(FAKE_SELFIE);
    expect(selectStream(t.snap())).toBeNull();
    expect(t.cameras[0]?.stopped).toBe(true);
    expect(selectCanRetakeOrContinue(t.snap())).toBe(true);
    t.send({ type: 'camera.retake' });
    expect(selectSelfie(t.snap())).toBeNull();
    expect(t.cameras).toHaveLength(2);
    await settle();
    expect(selectCameraPhase(t.snap())).toBe('live');
  });

  it("keeps the camera on after a failed capture and says 'Failed to process selfie. Please try again.'", async () => {
    const t = start({ capture: async () => Promise.reject(new Error('toBlob returned null')) });
    t.send({ type: 'camera.start' });
    await settle();
    t.send({ type: 'camera.capture' });
    await settle();
    expect(selectCameraPhase(t.snap())).toBe('live');
    expect(selectCameraError(t.snap())).toBe(messages.kyc.selfieFailed);
    expect(t.cameras[0]?.stopped).toBe(false);
  });

  it('Cancel turns the camera off, while starting or live; so does stopping the chart', async () => {
    const t = start({ camera: 'manual' });
    t.send({ type: 'camera.start' });
    t.send({ type: 'camera.cancel' });
    expect(selectCameraPhase(t.snap())).toBe('idle');
    expect(t.cameras[0]?.stopped).toBe(true);
    t.send({ type: 'camera.start' });
    t.cameras[1]!.sendBack({ type: 'camera.ready', stream: FAKE_STREAM });
    t.send({ type: 'camera.cancel' });
    expect(t.cameras[1]?.stopped).toBe(true);
    expect(selectStream(t.snap())).toBeNull();
    t.send({ type: 'camera.start' });
    t.actor.stop();
    expect(t.cameras[2]?.stopped).toBe(true);
  });

  it('Continue uploads the selfie as type selfie, step 2, with progress, saves step 2 and finishes', async () => {
    const t = start({ uploads: 'manual' });
    t.send({ type: 'camera.start' });
    await settle();
    t.send({ type: 'camera.capture' });
    await settle();
    t.send({ type: 'camera.continue' });
    expect(selectCameraPhase(t.snap())).toBe('uploading');
    expect(t.uploads[0]?.input).toEqual({ file: FAKE_SELFIE, fileName: 'selfie.jpg', documentType: 'selfie', step: 2 });
    t.uploads[0]!.sendBack({ type: 'kyc.upload.progress', documentType: 'selfie', loaded: 3, total: 4 });
    expect(selectSelfieUploadPercent(t.snap())).toBe(75);
    const answer = uploadAnswer({ fileName: 'selfie.jpg', fileType: 'image/jpeg', fileSize: 4096 });
    t.uploads[0]!.sendBack({ type: 'kyc.upload.done', documentType: 'selfie', upload: answer });
    await settle();
    expect(t.saved).toEqual([{ step: 2, stepData: { fileName: answer.fileName, fileType: 'image/jpeg', fileSize: 4096, filePath: answer.filePath } }]);
    expect(t.snap().status).toBe('done');
    expect(t.snap().output).toMatchObject({ upload: answer, status: { steps: { 2: { completed: true } } } });
  });

  it("a failed upload or save says 'Failed to process selfie. Please try again.' (or the server's words); a stored selfie is not sent twice", async () => {
    let saves = 0;
    const t = start({
      uploads: 'manual',
      save: async (_input, server) => (++saves === 1 ? Promise.reject(new ApiError('HTTP 500', 500, null)) : server),
    });
    t.send({ type: 'camera.start' });
    await settle();
    t.send({ type: 'camera.capture' });
    await settle();
    t.send({ type: 'camera.continue' });
    t.uploads[0]!.sendBack({ type: 'kyc.upload.error', documentType: 'selfie', error: new ApiError('HTTP 502', 502, null) });
    expect(selectCameraPhase(t.snap())).toBe('captured');
    expect(selectCameraError(t.snap())).toBe(messages.kyc.selfieFailed);
    t.send({ type: 'camera.continue' });
    t.uploads[1]!.sendBack({ type: 'kyc.upload.error', documentType: 'selfie', error: new ApiError(messages.kyc.invalidType, 415, { error: messages.kyc.invalidType }) });
    expect(selectCameraError(t.snap())).toBe(messages.kyc.invalidType);
    t.send({ type: 'camera.continue' });
    t.uploads[2]!.sendBack({ type: 'kyc.upload.done', documentType: 'selfie', upload: uploadAnswer({ fileName: 'selfie.jpg' }) });
    await settle();
    expect(selectCameraPhase(t.snap())).toBe('captured');
    expect(selectCameraError(t.snap())).toBe(messages.kyc.selfieFailed);
    t.send({ type: 'camera.continue' });
    await settle();
    expect(t.uploads).toHaveLength(3);
    expect(t.saved).toHaveLength(2);
    expect(t.snap().status).toBe('done');
  });
});
