/**
 * The KYC statecharts' effects: the status, save-step and complete calls through the API client, the multipart
 * upload through XMLHttpRequest (fetch cannot report upload progress), and the camera. Upload errors become an
 * ApiError with the server's words (413 'File size must be less than 10MB', 415 'Please upload a valid file type
 * (JPG, PNG, or PDF)', 400 ...), and a success answer is checked by its schema, as the API client does for its calls.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { UploadDocumentInput, UploadEvent } from '../../../machines/kyc-step/kyc-step.actors.ts';
import { kycAddressMachine } from '../../../machines/kyc/kyc-address.machine.ts';
import { kycAmlMachine } from '../../../machines/kyc/kyc-aml.machine.ts';
import { kycIdentityMachine } from '../../../machines/kyc/kyc-identity.machine.ts';
import { kycMachine } from '../../../machines/kyc/kyc.machine.ts';
import { ApiError, apiErrorFromBody } from '../../shared/api-error.ts';
import {
  KycCompleteResponseSchema,
  KycStatusResponseSchema,
  KycUploadResponseSchema,
  type KycCompleteResponse,
  type KycStatusResponse,
  type SaveKycStepInput,
} from '../../shared/kyc.ts';
import { messages } from '../../shared/messages.ts';
import { readAnswer, type ApiClient, type Log } from './api-client.ts';
import { provideCamera, type CameraEffectOptions, type KycStepEffects } from './camera-effects.ts';

export const UPLOAD_PATH = '/api/kyc/upload-document';
/** Ten megabytes over a slow line take minutes; past this the upload is given up. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export type UploadOptions = {
  /** Origin of the API; '' is this page's (the app serves API and SPA from one origin). */
  baseUrl?: string;
  /** A 401 answer (expired session): the app's session handling, as the API client's onUnauthorized. */
  onUnauthorized?: () => void;
  /** Where an answer refused by its schema is reported, as the API client's log; the console when not given. */
  log?: Log;
  /** For tests: a stand-in request. */
  createRequest?: () => XMLHttpRequest;
};

export type KycEffectOptions = UploadOptions & { camera?: CameraEffectOptions };

/** The answer of a refused upload as the text to show: the body's error, else its message, else 'HTTP {status}'. */
export function uploadError(status: number, responseText: string): ApiError {
  let body: unknown = null;
  try {
    body = responseText ? JSON.parse(responseText) : null;
  } catch {
    body = null;
  }
  return apiErrorFromBody(status, body);
}

/** POST /api/kyc/upload-document as multipart (type, step, then the file), reporting progress, done or failed. */
export function createUploadDocument(getToken: () => string | null, options: UploadOptions = {}) {
  const log = options.log ?? ((message, detail) => console.warn(message, detail));
  return fromCallback<EventObject, UploadDocumentInput>(({ input, sendBack }) => {
    const { documentType } = input;
    let finished = false;
    const fail = (error: ApiError) => {
      finished = true;
      sendBack({ type: 'kyc.upload.error', documentType, error } satisfies UploadEvent);
    };
    const token = getToken();
    if (!token) {
      fail(new ApiError(messages.session.noToken, 401, null));
      return;
    }
    const request = options.createRequest?.() ?? new XMLHttpRequest();
    // The fields before the file: the server reads the stream in order and knows what it is for before the bytes.
    const form = new FormData();
    form.append('type', documentType);
    form.append('step', String(input.step));
    // A File named as the chart says (the selfie is a bare Blob); the bytes are not copied.
    const file = input.file instanceof File && input.file.name === input.fileName ? input.file : new File([input.file], input.fileName, { type: input.file.type });
    form.append('file', file);

    request.open('POST', `${options.baseUrl ?? ''}${UPLOAD_PATH}`);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.upload.onprogress = (e) => {
      if (e.lengthComputable && !finished) sendBack({ type: 'kyc.upload.progress', documentType, loaded: e.loaded, total: e.total } satisfies UploadEvent);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          const upload = readAnswer(request.responseText, KycUploadResponseSchema, { status: request.status, what: `POST ${UPLOAD_PATH}`, log });
          finished = true;
          sendBack({ type: 'kyc.upload.done', documentType, upload } satisfies UploadEvent);
        } catch (error) {
          // readAnswer throws only the ApiError of an answer it could not read.
          fail(error as ApiError);
        }
        return;
      }
      if (request.status === 401) options.onUnauthorized?.();
      fail(uploadError(request.status, request.responseText));
    };
    request.onerror = () => fail(new ApiError(messages.general.network, 0, null));
    request.ontimeout = () => fail(new ApiError(messages.general.network, 0, null));
    request.send(form);
    // Leaving the state (another file chosen, Cancel, the page left) abandons the request.
    return () => {
      if (!finished) request.abort();
      finished = true;
    };
  });
}

/** The KYC page chart with the browser's effects; `getToken` reads the stored token (as the API client's). */
export function provideKyc(api: ApiClient, getToken: () => string | null, options: KycEffectOptions = {}) {
  const steps: KycStepEffects = {
    uploadDocument: createUploadDocument(getToken, options),
    saveKycStep: fromPromise<KycStatusResponse, SaveKycStepInput>(({ input }) => api.post('/api/kyc/save-step', { json: input, schema: KycStatusResponseSchema })),
  };
  return kycMachine.provide({
    actors: {
      loadKycStatus: fromPromise<KycStatusResponse, void>(() => api.get('/api/kyc/status', { schema: KycStatusResponseSchema })),
      completeKyc: fromPromise<KycCompleteResponse, void>(() => api.post('/api/kyc/complete', { schema: KycCompleteResponseSchema })),
      kycIdentity: kycIdentityMachine.provide({ actors: steps }),
      camera: provideCamera(steps, options.camera),
      kycAddress: kycAddressMachine.provide({ actors: steps }),
      kycAml: kycAmlMachine.provide({ actors: { saveKycStep: steps.saveKycStep } }),
    },
  });
}
