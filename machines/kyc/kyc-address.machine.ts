/**
 * KYC step 3, proof of address (spec section 2 "KYC page", section 3 "Address step data"): a utility bill and a
 * bank statement, each checked when chosen; 'Upload Both Documents & Continue' works only with both chosen and not
 * while uploading. Both are uploaded one after the other with progress, then saved as step 3. After a failure a
 * document already stored is not sent again (unless its file is changed).
 * Effects (`uploadDocument`, `saveKycStep`) are provided by the app.
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import { messages } from '../../src/shared/messages.ts';
import { saveOutcomeActions } from '../kyc-step/kyc-step.actions.ts';
import { saveKycStepPlaceholder, uploadDocumentPlaceholder, type StepSavedOutput, type UploadProgress } from '../kyc-step/kyc-step.actors.ts';
import { failureText } from '../kyc-step/kyc-step.rules.ts';
import { addressStepData, fileProblem } from './kyc.rules.ts';
import type { AddressDocumentType, AddressSlot, KycAddressContext, KycAddressEvent } from './kyc.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

const EMPTY_SLOT: AddressSlot = { file: null, error: null, progress: null, upload: null };

const withSlot = (context: KycAddressContext, type: AddressDocumentType, change: Partial<AddressSlot>) => ({
  slots: { ...context.slots, [type]: { ...context.slots[type], ...change } },
});

const uploadInput = (context: KycAddressContext, documentType: AddressDocumentType) => {
  const file = context.slots[documentType].file!;
  return { file, fileName: file.name, documentType, step: 3 as const };
};

export const kycAddressMachine = setup({
  types: {} as { context: KycAddressContext; events: KycAddressEvent; output: StepSavedOutput; tags: 'uploading' | 'saving' },
  actors: { uploadDocument: uploadDocumentPlaceholder, saveKycStep: saveKycStepPlaceholder },
  guards: {
    isFileAcceptable: (_, params: { file: File }) => fileProblem(params.file) === null,
    areBothSelected: ({ context }) => context.slots.address_utility.file !== null && context.slots.address_bank.file !== null,
    isStored: ({ context }, params: { documentType: AddressDocumentType }) => context.slots[params.documentType].upload !== null,
  },
  actions: {
    ...saveOutcomeActions<KycAddressContext, KycAddressEvent>(),
    chooseFile: assign(({ context }, params: { documentType: AddressDocumentType; file: File }) => ({
      ...withSlot(context, params.documentType, { ...EMPTY_SLOT, file: params.file }),
      error: null,
    })),
    refuseFile: assign(({ context }, params: { documentType: AddressDocumentType; file: File }) =>
      withSlot(context, params.documentType, { ...EMPTY_SLOT, error: fileProblem(params.file) }),
    ),
    clearFile: assign(({ context }, params: { documentType: AddressDocumentType }) => withSlot(context, params.documentType, EMPTY_SLOT)),
    requireBoth: assign({ error: messages.kyc.bothRequired }),
    clearError: assign({ error: null }),
    noteProgress: assign(({ context }, params: { documentType: AddressDocumentType; progress: UploadProgress }) =>
      withSlot(context, params.documentType, { progress: params.progress }),
    ),
    keepUpload: assign(({ context, event }, params: { documentType: AddressDocumentType }) =>
      event.type === 'kyc.upload.done' ? withSlot(context, params.documentType, { upload: event.upload }) : {},
    ),
    noteUploadFailed: assign(({ context }, params: { error: unknown }) => ({
      error: failureText(params.error, messages.kyc.addressFailed),
      slots: { address_utility: { ...context.slots.address_utility, progress: null }, address_bank: { ...context.slots.address_bank, progress: null } },
    })),
  },
}).createMachine({
  id: 'kycAddress',
  description: 'KYC step 3, proof of address: a utility bill and a bank statement, uploaded one after the other, then saved as step 3.',
  meta: {
    descriptions: {
      guards: {
        isFileAcceptable: 'The chosen file is of an accepted type and size.',
        areBothSelected: 'Both a utility bill and a bank statement are chosen.',
        isStored: 'This document is already stored (after a failure it is not sent again unless its file changed).',
      },
      actions: {
        keepStatus: "Keeps the investor's KYC status after step 3 was saved.",
        noteSaveFailed: 'Shows why step 3 could not be saved.',
        chooseFile: 'Takes the chosen file for its document.',
        refuseFile: 'Shows what is wrong with the file at its document.',
        clearFile: 'Removes the chosen file of a document.',
        requireBoth: "Says, in the spec's words, that both documents are needed.",
        clearError: 'Clears the error shown.',
        noteProgress: "Shows a document's upload progress.",
        keepUpload: 'Keeps the stored upload of a document.',
        noteUploadFailed: "Shows why the upload failed (the server's words, else the spec's).",
      },
      actors: {
        uploadDocument: 'Uploads one proof-of-address document (step 3), reporting progress.',
        saveKycStep: 'Saves KYC step 3 with both stored documents.',
      },
    },
  } satisfies MachineMeta,
  context: { slots: { address_utility: EMPTY_SLOT, address_bank: EMPTY_SLOT }, status: null, error: null },
  initial: 'selecting',
  states: {
    selecting: {
      description: "The investor chooses both documents; 'Upload Both Documents & Continue' sends them.",
      on: {
        'kyc.address.selectFile': [
          {
            guard: { type: 'isFileAcceptable', params: ({ event }) => ({ file: event.file }) },
            actions: { type: 'chooseFile', params: ({ event }) => ({ documentType: event.documentType, file: event.file }) },
          },
          { actions: { type: 'refuseFile', params: ({ event }) => ({ documentType: event.documentType, file: event.file }) } },
        ],
        'kyc.address.clearFile': { actions: { type: 'clearFile', params: ({ event }) => ({ documentType: event.documentType }) } },
        'kyc.address.submit': [{ guard: 'areBothSelected', target: 'uploading', actions: 'clearError' }, { actions: 'requireBoth' }],
      },
    },
    uploading: {
      description: 'Uploading the documents one after the other, with progress.',
      tags: ['uploading'],
      initial: 'utilityBill',
      on: {
        'kyc.upload.progress': {
          actions: { type: 'noteProgress', params: ({ event }) => ({ documentType: event.documentType as AddressDocumentType, progress: { loaded: event.loaded, total: event.total } }) },
        },
        'kyc.upload.error': { target: 'selecting', actions: { type: 'noteUploadFailed', params: ({ event }) => ({ error: event.error }) } },
      },
      states: {
        utilityBill: {
          description: 'Uploading the utility bill (skipped if already stored).',
          always: { guard: { type: 'isStored', params: { documentType: 'address_utility' } }, target: 'bankStatement' },
          invoke: { id: 'uploadUtilityBill', src: 'uploadDocument', input: ({ context }) => uploadInput(context, 'address_utility') },
          on: { 'kyc.upload.done': { target: 'bankStatement', actions: { type: 'keepUpload', params: { documentType: 'address_utility' } } } },
        },
        bankStatement: {
          description: 'Uploading the bank statement (skipped if already stored).',
          always: { guard: { type: 'isStored', params: { documentType: 'address_bank' } }, target: '#kycAddress.saving' },
          invoke: { id: 'uploadBankStatement', src: 'uploadDocument', input: ({ context }) => uploadInput(context, 'address_bank') },
          on: { 'kyc.upload.done': { target: '#kycAddress.saving', actions: { type: 'keepUpload', params: { documentType: 'address_bank' } } } },
        },
      },
    },
    saving: {
      description: 'Saving step 3.',
      tags: ['saving'],
      invoke: {
        id: 'saveKycStep',
        src: 'saveKycStep',
        input: ({ context }) => ({ step: 3 as const, stepData: addressStepData(context.slots.address_utility.upload!, context.slots.address_bank.upload!) }),
        onDone: { target: 'done', actions: { type: 'keepStatus', params: ({ event }) => ({ status: event.output }) } },
        onError: { target: 'selecting', actions: { type: 'noteSaveFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { description: 'Step 3 is saved.', type: 'final' },
  },
  output: ({ context }) => ({ status: context.status! }),
});

/** A running kycAddress chart, as views and parent charts hold it. */
export type KycAddressActorRef = ActorRefFrom<typeof kycAddressMachine>;
