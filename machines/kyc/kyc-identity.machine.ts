/**
 * KYC step 1, the identity document (spec section 2 "KYC page", section 5 "Uploads"): a chosen file is checked
 * (type, size) and uploaded with progress; the upload is a draft (the server keeps one unsaved upload per type) until
 * 'Continue to Biometric Verification' saves it as step 1 and finishes the step. Until then another file can be
 * chosen and replaces it; a replacement that fails leaves the draft before it in place.
 * Effects (`uploadDocument`, `saveKycStep`) are provided by the app.
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import type { KycUploadResponse } from '../../src/shared/kyc.ts';
import { messages } from '../../src/shared/messages.ts';
import { noteUploadProgress, saveOutcomeActions } from '../kyc-step/kyc-step.actions.ts';
import { saveKycStepPlaceholder, uploadDocumentPlaceholder, type StepSavedOutput } from '../kyc-step/kyc-step.actors.ts';
import { failureText, fileStepData } from '../kyc-step/kyc-step.rules.ts';
import { focusOn } from '../../src/shared/validate.ts';
import { fileProblem } from './kyc.rules.ts';
import type { KycIdentityContext, KycIdentityEvent } from './kyc.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

/** The name of the step's one field (the file input), for focus requests. */
export const IDENTITY_FIELD = 'identityDocument';

export const kycIdentityMachine = setup({
  types: {} as { context: KycIdentityContext; events: KycIdentityEvent; output: StepSavedOutput; tags: 'uploading' | 'saving' },
  actors: { uploadDocument: uploadDocumentPlaceholder, saveKycStep: saveKycStepPlaceholder },
  guards: {
    isFileAcceptable: (_, params: { file: File }) => fileProblem(params.file) === null,
    /** A replacement that failed leaves the draft before it in place. */
    hasDraft: ({ context }) => context.upload !== null,
  },
  actions: {
    ...saveOutcomeActions<KycIdentityContext, KycIdentityEvent>(),
    noteProgress: noteUploadProgress<KycIdentityContext, KycIdentityEvent>(),
    // The draft (upload) stays until the new file is stored in its place.
    chooseFile: assign((_, params: { file: File }) => ({ file: params.file, fileName: params.file.name, progress: null, fileError: null, error: null })),
    // What is wrong with the file shows at the file field, which takes focus.
    refuseFile: assign(({ context }, params: { file: File }) => ({ fileError: fileProblem(params.file), focus: focusOn(context.focus, IDENTITY_FIELD) })),
    keepUpload: assign((_, params: { upload: KycUploadResponse }) => ({ upload: params.upload, file: null, fileName: params.upload.originalName })),
    noteUploadFailed: assign((_, params: { error: unknown }) => ({ fileError: failureText(params.error, messages.kyc.uploadFailed), file: null, progress: null })),
    requireDocument: assign(({ context }) => ({ fileError: messages.kyc.identityRequired, focus: focusOn(context.focus, IDENTITY_FIELD) })),
  },
}).createMachine({
  id: 'kycIdentity',
  description: 'KYC step 1, the identity document: a chosen file is checked and uploaded as a draft, then saved as step 1.',
  meta: {
    descriptions: {
      guards: {
        isFileAcceptable: 'The chosen file is of an accepted type and size.',
        hasDraft: 'An earlier upload is still stored as the draft (a failed replacement leaves it in place).',
      },
      actions: {
        keepStatus: "Keeps the investor's KYC status after step 1 was saved.",
        noteSaveFailed: 'Shows why step 1 could not be saved.',
        noteProgress: "Shows the upload's progress.",
        chooseFile: 'Takes the chosen file to upload; the draft stays until the new file is stored in its place.',
        refuseFile: 'Shows what is wrong with the file at the file field, which takes focus.',
        keepUpload: 'Keeps the stored upload as the draft.',
        noteUploadFailed: "Shows why the upload failed (the server's words, else the spec's).",
        requireDocument: "Says, in the spec's words, that an identity document is needed; the file field takes focus.",
      },
      actors: {
        uploadDocument: 'Uploads the identity document (type identity, step 1), reporting progress.',
        saveKycStep: 'Saves KYC step 1 with the stored identity document.',
      },
    },
  } satisfies MachineMeta,
  context: { fileName: null, file: null, progress: null, upload: null, status: null, fileError: null, focus: null, error: null },
  initial: 'empty',
  on: {
    // Anywhere: a new choice is checked and, if fit, replaces whatever is under way (leaving a state stops its upload).
    'kyc.identity.selectFile': [
      {
        description: 'A new file replaces whatever is under way (leaving a state stops its upload).',
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
      description: 'No identity document is chosen yet.',
      on: { 'kyc.identity.continue': { actions: 'requireDocument' } },
    },
    uploading: {
      description: 'Uploading the chosen file, with progress.',
      tags: ['uploading'],
      invoke: {
        id: 'uploadDocument',
        src: 'uploadDocument',
        input: ({ context }) => ({ file: context.file!, fileName: context.fileName ?? 'identity', documentType: 'identity', step: 1 }),
      },
      on: {
        'kyc.upload.progress': { actions: { type: 'noteProgress', params: ({ event }) => event } },
        'kyc.upload.done': { target: 'uploaded', actions: { type: 'keepUpload', params: ({ event }) => event } },
        'kyc.upload.error': [
          {
            guard: 'hasDraft',
            target: 'uploaded',
            actions: [{ type: 'noteUploadFailed', params: ({ event }) => event }, assign({ fileName: ({ context }) => context.upload?.originalName ?? null })],
          },
          { target: 'empty', actions: [{ type: 'noteUploadFailed', params: ({ event }) => event }, assign({ fileName: null, upload: null })] },
        ],
      },
    },
    /** Stored as a draft: another file replaces it; Continue saves it as step 1 (and again after a failed save). */
    uploaded: {
      description: 'Stored as a draft: another file replaces it; Continue saves it as step 1.',
      on: { 'kyc.identity.continue': 'saving' },
    },
    saving: {
      description: 'Saving step 1.',
      tags: ['saving'],
      invoke: {
        id: 'saveKycStep',
        src: 'saveKycStep',
        input: ({ context }) => ({ step: 1 as const, stepData: fileStepData(context.upload!) }),
        onDone: { target: 'done', actions: { type: 'keepStatus', params: ({ event }) => ({ status: event.output }) } },
        onError: { target: 'uploaded', actions: { type: 'noteSaveFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { description: 'Step 1 is saved.', type: 'final' },
  },
  output: ({ context }) => ({ status: context.status! }),
});

/** A running kycIdentity chart, as views and parent charts hold it. */
export type KycIdentityActorRef = ActorRefFrom<typeof kycIdentityMachine>;
