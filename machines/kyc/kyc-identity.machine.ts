/**
 * KYC step 1, the identity document (spec section 2 "KYC page", section 5 "Uploads"): a chosen file is checked
 * (type, size), uploaded with progress and saved as step 1 at once; 'Continue to Biometric Verification' finishes
 * the step only once the document is stored and saved. Choosing another file replaces it (upload and save again).
 * Effects (`uploadDocument`, `saveKycStep`) are provided by the app.
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import type { KycUploadResponse } from '../../src/shared/kyc.ts';
import { messages } from '../../src/shared/messages.ts';
import { noteUploadProgress, saveOutcomeActions } from '../kyc-step/kyc-step.actions.ts';
import { saveKycStepPlaceholder, uploadDocumentPlaceholder, type StepSavedOutput } from '../kyc-step/kyc-step.actors.ts';
import { failureText, fileStepData } from '../kyc-step/kyc-step.rules.ts';
import { fileProblem } from './kyc.rules.ts';
import type { KycIdentityContext, KycIdentityEvent } from './kyc.types.ts';

export const kycIdentityMachine = setup({
  types: {} as { context: KycIdentityContext; events: KycIdentityEvent; output: StepSavedOutput; tags: 'uploading' | 'saving' },
  actors: { uploadDocument: uploadDocumentPlaceholder, saveKycStep: saveKycStepPlaceholder },
  guards: {
    isFileAcceptable: (_, params: { file: File }) => fileProblem(params.file) === null,
    /** A replacement that failed leaves the document saved before it in place. */
    hasSavedDocument: ({ context }) => context.status?.steps['1']?.completed === true && context.upload !== null,
  },
  actions: {
    ...saveOutcomeActions<KycIdentityContext, KycIdentityEvent>(),
    noteProgress: noteUploadProgress<KycIdentityContext, KycIdentityEvent>(),
    chooseFile: assign((_, params: { file: File }) => ({ file: params.file, fileName: params.file.name, progress: null, error: null })),
    refuseFile: assign((_, params: { file: File }) => ({ error: fileProblem(params.file) })),
    keepUpload: assign((_, params: { upload: KycUploadResponse }) => ({ upload: params.upload, file: null, fileName: params.upload.originalName })),
    noteUploadFailed: assign((_, params: { error: unknown }) => ({ error: failureText(params.error, messages.kyc.uploadFailed), file: null, progress: null })),
    requireDocument: assign({ error: messages.kyc.identityRequired }),
  },
}).createMachine({
  id: 'kycIdentity',
  context: { fileName: null, file: null, progress: null, upload: null, status: null, error: null },
  initial: 'empty',
  on: {
    // Anywhere: a new choice is checked and, if fit, replaces whatever is under way (leaving a state stops its upload).
    'kyc.identity.selectFile': [
      {
        guard: { type: 'isFileAcceptable', params: ({ event }) => ({ file: event.file }) },
        target: '.uploading',
        reenter: true,
        actions: { type: 'chooseFile', params: ({ event }) => ({ file: event.file }) },
      },
      { actions: { type: 'refuseFile', params: ({ event }) => ({ file: event.file }) } },
    ],
  },
  states: {
    empty: {
      on: { 'kyc.identity.continue': { actions: 'requireDocument' } },
    },
    uploading: {
      tags: ['uploading'],
      invoke: {
        id: 'uploadDocument',
        src: 'uploadDocument',
        input: ({ context }) => ({ file: context.file!, fileName: context.fileName ?? 'identity', documentType: 'identity', step: 1 }),
      },
      on: {
        'kyc.upload.progress': { actions: { type: 'noteProgress', params: ({ event }) => event } },
        'kyc.upload.done': { target: 'saving', actions: { type: 'keepUpload', params: ({ event }) => event } },
        'kyc.upload.error': [
          {
            guard: 'hasSavedDocument',
            target: 'saved',
            actions: [{ type: 'noteUploadFailed', params: ({ event }) => event }, assign({ fileName: ({ context }) => context.upload?.originalName ?? null })],
          },
          { target: 'empty', actions: [{ type: 'noteUploadFailed', params: ({ event }) => event }, assign({ fileName: null, upload: null })] },
        ],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'saveKycStep',
        src: 'saveKycStep',
        input: ({ context }) => ({ step: 1 as const, stepData: fileStepData(context.upload!) }),
        onDone: { target: 'saved', actions: { type: 'keepStatus', params: ({ event }) => ({ status: event.output }) } },
        onError: { target: 'unsaved', actions: { type: 'noteSaveFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Stored but the save failed: Continue tries the save again. */
    unsaved: {
      on: { 'kyc.identity.continue': 'saving' },
    },
    saved: {
      on: { 'kyc.identity.continue': 'done' },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ status: context.status! }),
});

/** A running kycIdentity chart, as views and parent charts hold it. */
export type KycIdentityActorRef = ActorRefFrom<typeof kycIdentityMachine>;
