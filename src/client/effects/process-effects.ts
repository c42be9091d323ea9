/** The process chart's effects: the status calls of step progress, and each page chart provided with its own effects. */
import { fromPromise } from 'xstate';
import { processMachine } from '../../../machines/process/process.machine.ts';
import type { ApiClient, Log } from './api-client.ts';
import { provideDisclosure } from './disclosure-effects.ts';
import { provideDownloads } from './downloads-effects.ts';
import { provideKyc } from './kyc-effects.ts';
import { provideAgreements } from './legal-effects.ts';
import { loadStepProgress } from './status-calls.ts';

export type ProcessEffectOptions = {
  /** The stored token, for the calls that bypass the API client (uploads with progress). */
  getToken: () => string | null;
  /** A 401 outside the API client: the session's 401 path. */
  onUnauthorized: () => void;
  /** Where an answer refused by its schema is reported (the upload's; the API client has its own). */
  log: Log;
};

export function provideProcess(api: ApiClient, { getToken, onUnauthorized, log }: ProcessEffectOptions) {
  return processMachine.provide({
    actors: {
      loadStepProgress: fromPromise(() => loadStepProgress(api)),
      // One entry per page chart (machines/process/process.pages.ts).
      disclosure: provideDisclosure(api),
      kyc: provideKyc(api, getToken, { onUnauthorized, log }),
      agreements: provideAgreements(api),
      downloads: provideDownloads(api),
    },
  });
}
