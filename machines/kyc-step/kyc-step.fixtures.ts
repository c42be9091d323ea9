/**
 * Test data and fake effects shared by the KYC charts' tests (page, steps, camera): a server status builder, upload
 * answers, and a fake server for uploads and saves whose calls are recorded. Uploads answer right after they start
 * ('auto') or only when the test says so ('manual').
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { KycUploadResponse, SaveKycStepInput, KycStatusResponse } from '../../src/shared/kyc.ts';
import type { UploadDocumentInput, UploadEvent } from './kyc-step.actors.ts';

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
    resubmission: null,
    ...over,
  };
}

let stored = 0;
/** The server's answer to an upload: a generated stored name, the original kept as data. */
export function uploadAnswer(input: Pick<UploadDocumentInput, 'fileName'> & { fileType?: KycUploadResponse['fileType']; fileSize?: number }): KycUploadResponse {
  const fileName = `${(++stored).toString(16).padStart(32, '0')}.${input.fileType === 'image/jpeg' ? 'jpg' : 'pdf'}`;
  return { fileName, originalName: input.fileName, filePath: `/api/kyc/download/${fileName}`, fileType: input.fileType ?? 'application/pdf', fileSize: input.fileSize ?? 1234 };
}

/** Answers after the current event is processed (a microtask: no timer, so fake clocks need not move). */
const later = (answer: () => void) => Promise.resolve().then(answer);

/** One start of a fake callback actor: what it was given, how to answer, and whether it was stopped since. */
export type FakeCall<TInput, TEvent> = { input: TInput; sendBack: (event: TEvent) => void; stopped: boolean };
export type UploadCall = FakeCall<UploadDocumentInput, UploadEvent>;

/**
 * A fake callback actor that records each start in `calls` and answers with `answer` right after it starts ('auto',
 * unless stopped meanwhile) or leaves the answer to the test ('manual').
 */
export function fakeCallback<TInput, TEvent extends EventObject>(
  calls: FakeCall<TInput, TEvent>[],
  mode: 'auto' | 'manual' | undefined,
  answer: (call: FakeCall<TInput, TEvent>) => void,
) {
  return fromCallback<EventObject, TInput>(({ input, sendBack }) => {
    const call: FakeCall<TInput, TEvent> = { input, sendBack, stopped: false };
    calls.push(call);
    if (mode !== 'manual') void later(() => call.stopped || answer(call));
    return () => void (call.stopped = true);
  });
}

export type StepFakeOptions = {
  /** The server's answer to a save; by default it marks the step saved. */
  save?: (input: SaveKycStepInput, server: KycStatusResponse) => Promise<KycStatusResponse>;
  /** 'auto': half the bytes, then the answer of `uploadResult`, right after the start; 'manual': the test answers. */
  uploads?: 'auto' | 'manual';
  uploadResult?: (input: UploadDocumentInput) => KycUploadResponse | { error: unknown };
};

/** A fake server for the step charts' uploads and saves; `server.status` is what it has saved so far. */
export function fakeStepEffects(options: StepFakeOptions = {}) {
  const server = { status: kycStatus() };
  const saved: SaveKycStepInput[] = [];
  const uploads: UploadCall[] = [];

  const uploadDocument = fakeCallback(uploads, options.uploads, ({ input, sendBack }) => {
    const { documentType } = input;
    sendBack({ type: 'kyc.upload.progress', documentType, loaded: 1, total: 2 });
    const result = options.uploadResult?.(input) ?? uploadAnswer({ fileName: input.fileName });
    sendBack('error' in result ? { type: 'kyc.upload.error', documentType, error: result.error } : { type: 'kyc.upload.done', documentType, upload: result });
  });
  const saveKycStep = fromPromise<KycStatusResponse, SaveKycStepInput>(async ({ input }) => {
    saved.push(input);
    if (options.save) return options.save(input, server.status);
    const steps = { ...server.status.steps, [String(input.step)]: { completed: true, documentName: null } };
    server.status = { ...server.status, steps };
    return server.status;
  });
  return { server, saved, uploads, actors: { uploadDocument, saveKycStep } };
}
