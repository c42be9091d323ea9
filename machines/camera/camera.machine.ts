/**
 * The selfie camera of KYC step 2 (spec section 2 "KYC page", section 9 "Selfie canvas"): Start Camera asks for the
 * front camera (ideal 640x480); with no real camera available the simulated test camera takes over (the view shows
 * 'Using development mode camera (real camera not available)'); other camera errors go to the red box. Take Selfie
 * captures a 640x480 JPEG at quality 0.9; Retake Selfie starts the camera again; Continue uploads the selfie
 * (type selfie, step 2) and saves step 2, and the chart finishes with the stored selfie and the new status.
 * The camera runs only while `active`: leaving it stops the startCamera actor, whose cleanup stops the tracks.
 * Effects (`startCamera`, `captureSelfie`, `uploadDocument`, `saveKycStep`) are provided by the app.
 */
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { KycUploadResponse } from '../../src/shared/kyc.ts';
import { messages } from '../../src/shared/messages.ts';
import { noteUploadProgress, saveOutcomeActions } from '../kyc-step/kyc-step.actions.ts';
import { saveKycStepPlaceholder, uploadDocumentPlaceholder } from '../kyc-step/kyc-step.actors.ts';
import { failureText, fileStepData } from '../kyc-step/kyc-step.rules.ts';
import { CAMERA_REQUEST, SELFIE_FILE_NAME, SELFIE_FORMAT, cameraErrorText, isCameraUnavailable } from './camera.rules.ts';
import type { CameraContext, CameraEvent, CameraFailure, CameraOutput, CameraStream, CaptureSelfieInput, StartCameraInput } from './camera.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

export const cameraMachine = setup({
  types: {} as { context: CameraContext; events: CameraEvent; output: CameraOutput; tags: 'starting' | 'capturing' | 'uploading' | 'saving' },
  actors: {
    /** Turns the camera on and keeps it on while it runs: reports camera.ready / camera.error; cleanup stops the tracks. */
    startCamera: fromCallback<EventObject, StartCameraInput>(() => {
      throw new Error('startCamera is provided by the app');
    }),
    captureSelfie: fromPromise<Blob, CaptureSelfieInput>(async () => {
      throw new Error('captureSelfie is provided by the app');
    }),
    uploadDocument: uploadDocumentPlaceholder,
    saveKycStep: saveKycStepPlaceholder,
  },
  guards: {
    /** Only the real camera falls back, and only when there is none to use. */
    canSimulate: ({ context }, params: { error: CameraFailure }) => !context.simulated && isCameraUnavailable(params.error),
    isSelfieStored: ({ context }) => context.upload !== null,
  },
  actions: {
    // A failed save has the selfie's own words (noteSelfieFailed), so only the success is the shared one.
    keepStatus: saveOutcomeActions<CameraContext, CameraEvent>().keepStatus,
    noteProgress: noteUploadProgress<CameraContext, CameraEvent>(),
    useSimulatedCamera: assign({ simulated: true }),
    keepStream: assign((_, params: { stream: CameraStream }) => ({ stream: params.stream, error: null })),
    forgetStream: assign({ stream: null }),
    noteCameraError: assign((_, params: { error: CameraFailure }) => ({ error: cameraErrorText(params.error) })),
    clearError: assign({ error: null }),
    keepSelfie: assign((_, params: { selfie: Blob }) => ({ selfie: params.selfie, upload: null, progress: null, error: null })),
    forgetSelfie: assign({ selfie: null, upload: null, progress: null, error: null }),
    noteSelfieFailed: assign({ error: messages.kyc.selfieFailed }),
    keepUpload: assign((_, params: { upload: KycUploadResponse }) => ({ upload: params.upload })),
    noteUploadFailed: assign((_, params: { error: unknown }) => ({ error: failureText(params.error, messages.kyc.selfieFailed), progress: null })),
  },
}).createMachine({
  id: 'camera',
  description: 'The selfie camera of KYC step 2: start the camera, take a selfie, retake or continue; the selfie is uploaded and step 2 saved.',
  meta: {
    descriptions: {
      guards: {
        canSimulate: 'No real camera is available and the simulated development camera has not been tried yet.',
        isSelfieStored: 'This selfie was already uploaded: only step 2 remains to be saved.',
      },
      actions: {
        keepStatus: "Keeps the investor's KYC status the server answered after step 2 was saved.",
        noteProgress: "Shows the selfie upload's progress.",
        useSimulatedCamera: "Switches to the simulated camera ('Using development mode camera (real camera not available)').",
        keepStream: 'Keeps the live camera stream to show and capture from.',
        forgetStream: 'Forgets the camera stream (its tracks are stopped).',
        noteCameraError: 'Shows the camera error in the red box.',
        clearError: 'Clears the error shown.',
        keepSelfie: 'Keeps the selfie taken (a 640x480 JPEG).',
        forgetSelfie: 'Discards the selfie taken, to take another.',
        noteSelfieFailed: "Says, in the spec's words, that the selfie could not be taken or saved.",
        keepUpload: 'Keeps the stored selfie the server answered.',
        noteUploadFailed: "Shows why the selfie upload failed (the server's words, else the spec's).",
      },
      actors: {
        startCamera: 'Turns the front camera on (ideal 640x480) and keeps it on; stopping it stops the camera.',
        captureSelfie: 'Captures the picture on screen as a 640x480 JPEG at quality 0.9.',
        uploadDocument: 'Uploads the selfie (type selfie, step 2), reporting progress.',
        saveKycStep: 'Saves KYC step 2 with the stored selfie.',
      },
    },
  } satisfies MachineMeta,
  context: { simulated: false, stream: null, selfie: null, progress: null, upload: null, status: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The camera is off: Start Camera asks for it.',
      on: { 'camera.start': { target: 'active', actions: 'clearError' } },
    },
    active: {
      description: 'The camera is on (real or simulated); leaving this state turns it off.',
      invoke: { id: 'startCamera', src: 'startCamera', input: ({ context }) => ({ simulated: context.simulated, ...CAMERA_REQUEST }) },
      exit: 'forgetStream',
      on: {
        'camera.cancel': 'idle',
        // At start (when there is no simulating it) or later (the stream ended): the red box.
        'camera.error': { target: 'failed', actions: { type: 'noteCameraError', params: ({ event }) => ({ error: event.error }) } },
      },
      initial: 'starting',
      states: {
        starting: {
          description: 'Waiting for the browser to give the camera.',
          tags: ['starting'],
          on: {
            'camera.ready': { target: 'live', actions: { type: 'keepStream', params: ({ event }) => ({ stream: event.stream }) } },
            'camera.error': {
              description: 'No real camera: the simulated development camera takes over.',
              guard: { type: 'canSimulate', params: ({ event }) => ({ error: event.error }) },
              target: '#camera.active',
              reenter: true,
              actions: 'useSimulatedCamera',
            },
          },
        },
        live: {
          description: 'The camera picture is shown: Take Selfie captures it.',
          on: { 'camera.capture': 'capturing' },
        },
        capturing: {
          description: 'Capturing the selfie from the camera picture.',
          tags: ['capturing'],
          invoke: {
            id: 'captureSelfie',
            src: 'captureSelfie',
            input: ({ context }) => ({ stream: context.stream!, ...SELFIE_FORMAT }),
            onDone: { target: '#camera.captured', actions: { type: 'keepSelfie', params: ({ event }) => ({ selfie: event.output }) } },
            onError: { target: 'live', actions: 'noteSelfieFailed' },
          },
        },
      },
    },
    failed: {
      description: 'The camera could not be used: the red box says why; Start Camera tries again.',
      on: { 'camera.start': { target: 'active', actions: 'clearError' } },
    },
    captured: {
      description: 'The selfie is shown: Retake Selfie or Continue.',
      on: {
        'camera.retake': { target: 'active', actions: 'forgetSelfie' },
        'camera.continue': [{ guard: 'isSelfieStored', target: 'saving' }, { target: 'uploading' }],
      },
    },
    uploading: {
      description: 'Uploading the selfie, with progress.',
      tags: ['uploading'],
      entry: 'clearError',
      invoke: {
        id: 'uploadDocument',
        src: 'uploadDocument',
        input: ({ context }) => ({ file: context.selfie!, fileName: SELFIE_FILE_NAME, documentType: 'selfie', step: 2 }),
      },
      on: {
        'kyc.upload.progress': { actions: { type: 'noteProgress', params: ({ event }) => event } },
        'kyc.upload.done': { target: 'saving', actions: { type: 'keepUpload', params: ({ event }) => event } },
        'kyc.upload.error': { target: 'captured', actions: { type: 'noteUploadFailed', params: ({ event }) => event } },
      },
    },
    saving: {
      description: 'Saving KYC step 2 with the stored selfie.',
      tags: ['saving'],
      entry: 'clearError',
      invoke: {
        id: 'saveKycStep',
        src: 'saveKycStep',
        input: ({ context }) => ({ step: 2 as const, stepData: fileStepData(context.upload!) }),
        onDone: { target: 'saved', actions: { type: 'keepStatus', params: ({ event }) => ({ status: event.output }) } },
        onError: { target: 'captured', actions: 'noteSelfieFailed' },
      },
    },
    saved: { description: 'Step 2 is saved: the chart finishes with the stored selfie and the new status.', type: 'final' },
  },
  output: ({ context }) => ({ status: context.status!, upload: context.upload! }),
});

/** A running camera chart, as views and parent charts hold it. */
export type CameraActorRef = ActorRefFrom<typeof cameraMachine>;
