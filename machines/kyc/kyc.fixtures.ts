/**
 * Test data and fake effects for the KYC charts (page, steps, camera), shared by the machine and path tests:
 * a server status builder, upload answers, files, and a fake server whose calls are recorded. Uploads and the
 * camera answer right after they start ('auto') or only when the test says so ('manual').
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { KycCompleteResponse, KycDocumentType, KycFile, KycUploadResponse, SaveKycStepInput } from '../../src/shared/kyc.ts';
import type { KycStatusResponse } from '../../src/shared/schemas.ts';
import { cameraMachine } from '../camera/camera.machine.ts';
import type { CameraReportEvent, CameraStream, CaptureSelfieInput, StartCameraInput } from '../camera/camera.types.ts';
import type { UploadDocumentInput, UploadEvent } from './kyc-actors.ts';
import { kycAddressMachine } from './kyc-address.machine.ts';
import { kycAmlMachine } from './kyc-aml.machine.ts';
import { kycIdentityMachine } from './kyc-identity.machine.ts';
import { kycMachine } from './kyc.machine.ts';
import type { KycAmlEvent } from './kyc.types.ts';

const STEP_KEYS = ['1', '2', '3', '4', '5'] as const;

/** A server status with the given steps saved. */
export function kycStatus(completed: readonly number[] = [], over: Partial<KycStatusResponse> = {}): KycStatusResponse {
  const has = (n: number) => completed.includes(n);
  return {
    status: 'IN_PROGRESS',
    currentStep: Math.min(5, Math.max(0, ...completed) + 1),
    completedAt: null,
    steps: Object.fromEntries(STEP_KEYS.map((k) => [k, { completed: has(Number(k)), documentName: null }])) as KycStatusResponse['steps'],
    identityDocumentUploaded: has(1),
    biometricCompleted: has(2),
    addressDocumentUploaded: has(3),
    amlScreeningCompleted: has(4),
    finalReviewCompleted: has(5),
    identityVerified: false,
    biometricVerified: false,
    addressVerified: false,
    amlScreeningPassed: false,
    files: [],
    aml: null,
    ...over,
  };
}

export const COMPLETED_AT = '2026-11-21T09:30:00.000Z';

let stored = 0;
/** The server's answer to an upload: a generated stored name, the original kept as data. */
export function uploadAnswer(input: Pick<UploadDocumentInput, 'fileName'> & { fileType?: KycUploadResponse['fileType']; fileSize?: number }): KycUploadResponse {
  const fileName = `${(++stored).toString(16).padStart(32, '0')}.${input.fileType === 'image/jpeg' ? 'jpg' : 'pdf'}`;
  return { fileName, originalName: input.fileName, filePath: `/api/kyc/download/${fileName}`, fileType: input.fileType ?? 'application/pdf', fileSize: input.fileSize ?? 1234 };
}

export const kycFile = (documentType: KycDocumentType, originalName: string, uploadedAt: string): KycFile => ({
  ...uploadAnswer({ fileName: originalName }),
  documentType,
  uploadedAt,
});

/** A chosen file; only name, type and size are read before the upload. */
export const fileOf = (name: string, type = 'application/pdf', size = 2048): File => ({ name, type, size }) as File;

export const FAKE_STREAM = { id: 'fake-stream' } as unknown as CameraStream;
export const FAKE_SELFIE = { size: 4096, type: 'image/jpeg' } as Blob;

export const fillAml: KycAmlEvent[] = [
  { type: 'kyc.aml.fieldChanged', field: 'fundsSource', value: 'salary' },
  { type: 'kyc.aml.fieldChanged', field: 'annualVolume', value: '25k-50k' },
  { type: 'kyc.aml.fieldChanged', field: 'occupation', value: 'Engineer' },
  { type: 'kyc.aml.declarationToggled', declaration: 'pep', checked: true },
  { type: 'kyc.aml.declarationToggled', declaration: 'sanctions', checked: true },
  { type: 'kyc.aml.declarationToggled', declaration: 'criminal', checked: true },
  { type: 'kyc.aml.declarationToggled', declaration: 'funds', checked: true },
];

/** Answers after the current event is processed (a microtask: no timer, so fake clocks need not move). */
const later = (answer: () => void) => Promise.resolve().then(answer);

export type UploadCall = { input: UploadDocumentInput; sendBack: (event: UploadEvent) => void; stopped: boolean };
export type CameraCall = { input: StartCameraInput; sendBack: (event: CameraReportEvent) => void; stopped: boolean };

export type KycFakeOptions = {
  load?: () => Promise<KycStatusResponse>;
  /** The server's answer to a save; by default it marks the step saved. */
  save?: (input: SaveKycStepInput, server: KycStatusResponse) => Promise<KycStatusResponse>;
  complete?: () => Promise<KycCompleteResponse>;
  /** 'auto': half the bytes, then the answer of `uploadResult`, right after the start; 'manual': the test answers. */
  uploads?: 'auto' | 'manual';
  uploadResult?: (input: UploadDocumentInput) => KycUploadResponse | { error: unknown };
  /** 'auto': the camera answers `cameraResult` right after the start; 'manual': the test answers. */
  camera?: 'auto' | 'manual';
  cameraResult?: (input: StartCameraInput) => CameraReportEvent;
  capture?: (input: CaptureSelfieInput) => Promise<Blob>;
};

/** The KYC chart and all its children with fake effects; what they were asked is recorded. */
export function provideKycFakes(options: KycFakeOptions = {}) {
  let server = kycStatus();
  const saved: SaveKycStepInput[] = [];
  const uploads: UploadCall[] = [];
  const cameras: CameraCall[] = [];
  const captures: CaptureSelfieInput[] = [];
  let completions = 0;

  const uploadDocument = fromCallback<EventObject, UploadDocumentInput>(({ input, sendBack }) => {
    const call: UploadCall = { input, sendBack, stopped: false };
    uploads.push(call);
    if (options.uploads === 'manual') return () => void (call.stopped = true);
    void later(() => {
      if (call.stopped) return;
      const { documentType } = input;
      sendBack({ type: 'kyc.upload.progress', documentType, loaded: 1, total: 2 });
      const result = options.uploadResult?.(input) ?? uploadAnswer({ fileName: input.fileName });
      sendBack('error' in result ? { type: 'kyc.upload.failed', documentType, error: result.error } : { type: 'kyc.upload.done', documentType, upload: result });
    });
    return () => void (call.stopped = true);
  });
  const saveKycStep = fromPromise<KycStatusResponse, SaveKycStepInput>(async ({ input }) => {
    saved.push(input);
    if (options.save) return options.save(input, server);
    const steps = { ...server.steps, [String(input.step)]: { completed: true, documentName: null } };
    server = { ...server, steps };
    return server;
  });
  const startCamera = fromCallback<EventObject, StartCameraInput>(({ input, sendBack }) => {
    const call: CameraCall = { input, sendBack, stopped: false };
    cameras.push(call);
    if (options.camera === 'manual') return () => void (call.stopped = true);
    void later(() => {
      if (!call.stopped) sendBack(options.cameraResult?.(input) ?? { type: 'camera.ready', stream: FAKE_STREAM });
    });
    return () => void (call.stopped = true);
  });
  const captureSelfie = fromPromise<Blob, CaptureSelfieInput>(async ({ input }) => {
    captures.push(input);
    return options.capture ? options.capture(input) : FAKE_SELFIE;
  });

  const steps = { uploadDocument, saveKycStep };
  const machine = kycMachine.provide({
    actors: {
      loadKycStatus: fromPromise(async () => {
        if (options.load) server = await options.load();
        return server;
      }),
      completeKyc: fromPromise(async () => {
        completions += 1;
        return options.complete ? options.complete() : { nextStep: 'agreements' as const, status: 'UNDER_REVIEW' as const, completedAt: COMPLETED_AT };
      }),
      kycIdentity: kycIdentityMachine.provide({ actors: steps }),
      camera: cameraMachine.provide({ actors: { ...steps, startCamera, captureSelfie } }),
      kycAddress: kycAddressMachine.provide({ actors: steps }),
      kycAml: kycAmlMachine.provide({ actors: { saveKycStep } }),
    },
  });
  return {
    machine,
    saved,
    uploads,
    cameras,
    captures,
    completions: () => completions,
    camera: cameraMachine.provide({ actors: { ...steps, startCamera, captureSelfie } }),
  };
}
