/**
 * Paths of the selfie camera: the camera's reports (ready, no camera, refused), the capture, the upload's reports
 * and the save arrive as events. Every path is replayed on a real actor with fake effects, and after each step the
 * camera's invariants are checked: the camera runs exactly while `active` (one at a time, every earlier one
 * stopped), a stream is held only while it plays, a selfie only once captured, the simulated camera is asked for
 * only after the real one was found missing, and the chart finishes only with the selfie stored and step 2 saved.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject, type EventObject, type SnapshotFrom } from 'xstate';
import { cameraMachine } from '../../machines/camera/camera.machine.ts';
import type { CaptureSelfieInput, StartCameraInput } from '../../machines/camera/camera.types.ts';
import type { UploadDocumentInput } from '../../machines/kyc-step/kyc-step.actors.ts';
import { FAKE_SELFIE, FAKE_STREAM } from '../../machines/camera/camera.fixtures.ts';
import { kycStatus, uploadAnswer } from '../../machines/kyc-step/kyc-step.fixtures.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import type { SaveKycStepInput, KycStatusResponse } from '../../src/shared/kyc.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof cameraMachine>;

const SELFIE_STORED = uploadAnswer({ fileName: 'selfie.jpg', fileType: 'image/jpeg', fileSize: 4096 });

const events: AnyEventObject[] = [
  { type: 'camera.start' },
  { type: 'camera.capture' },
  { type: 'camera.cancel' },
  { type: 'camera.retake' },
  { type: 'camera.continue' },
  { type: 'camera.ready', stream: FAKE_STREAM },
  { type: 'camera.error', error: { name: 'NotFoundError', message: 'Requested device not found' } },
  { type: 'camera.error', error: { name: 'NotAllowedError', message: 'Permission denied' } },
  { type: 'xstate.done.actor.captureSelfie', output: FAKE_SELFIE },
  { type: 'xstate.error.actor.captureSelfie', error: new Error('toBlob returned null') },
  { type: 'kyc.upload.progress', documentType: 'selfie', loaded: 1, total: 2 },
  { type: 'kyc.upload.done', documentType: 'selfie', upload: SELFIE_STORED },
  { type: 'kyc.upload.error', documentType: 'selfie', error: new ApiError('HTTP 500', 500, null) },
  { type: 'xstate.done.actor.saveKycStep', output: kycStatus([1, 2]) },
  { type: 'xstate.error.actor.saveKycStep', error: new ApiError('HTTP 500', 500, null) },
];

function invariants(s: Snapshot, cameras: { input: StartCameraInput; stopped: boolean }[], captures: CaptureSelfieInput[]) {
  const running = cameras.filter((c) => !c.stopped);
  expect(running.length, 'one camera runs exactly while active').toBe(s.matches('active') ? 1 : 0);
  if (running[0]) expect(running[0].input.simulated).toBe(s.context.simulated);
  expect(s.context.stream !== null, 'a stream only while it plays').toBe(s.matches({ active: 'live' }) || s.matches({ active: 'capturing' }));
  expect(s.context.selfie !== null, 'a selfie only once captured').toBe((['captured', 'uploading', 'saving', 'saved'] as const).some((p) => s.matches(p)));
  for (const c of captures) expect(c).toMatchObject({ stream: FAKE_STREAM, width: 640, height: 480, mimeType: 'image/jpeg', quality: 0.9 });
  if (s.matches('failed')) expect(s.context.error).not.toBeNull();
  if (s.matches('saving')) expect(s.context.upload).not.toBeNull();
  if (s.status === 'done') expect(s.output).toEqual({ upload: SELFIE_STORED, status: kycStatus([1, 2]) });
}

describe('camera statechart paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  // Small enough to explore whole: every snapshot the listed events reach.
  const result = coverMachine(cameraMachine, { name: 'camera', events });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the camera invariants on every path, replayed on a real actor', async () => {
    const ended = await replayPaths(result.paths, {
      setup: () => {
        const fakes = { cameras: [] as { input: StartCameraInput; stopped: boolean }[], captures: [] as CaptureSelfieInput[] };
        const machine = cameraMachine.provide({
          actors: {
            // Effects never answer by themselves: each answer is the path's own event.
            startCamera: fromCallback<EventObject, StartCameraInput>(({ input }) => {
              const call = { input, stopped: false };
              fakes.cameras.push(call);
              return () => void (call.stopped = true);
            }),
            captureSelfie: fromPromise<Blob, CaptureSelfieInput>(({ input }) => {
              fakes.captures.push(input);
              return new Promise(() => {});
            }),
            uploadDocument: fromCallback<EventObject, UploadDocumentInput>(() => undefined),
            saveKycStep: fromPromise<KycStatusResponse, SaveKycStepInput>(() => new Promise(() => {})),
          },
        });
        return { machine, fakes };
      },
      checkStep: ({ snapshot, fakes }) => invariants(snapshot, fakes.cameras, fakes.captures),
    });
    for (const { path, fakes } of ended) {
      // The simulated camera follows only a missing real one.
      fakes.cameras.forEach((c, i) => {
        if (c.input.simulated && (i === 0 || !fakes.cameras[i - 1]!.input.simulated)) {
          expect(path.steps.some((st) => st.event.type === 'camera.error' && (st.event as unknown as { error: { name: string } }).error.name === 'NotFoundError')).toBe(true);
        }
      });
      expect(fakes.cameras.every((c) => c.stopped), 'stopping the chart stops the camera').toBe(true);
    }
  });
});
