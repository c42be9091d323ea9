/**
 * The download button's effect: GET the file with the bearer token, then hand the bytes to the browser as a file
 * (an <a download> click on an object URL). The name comes from Content-Disposition, else the button's, else
 * 'document.pdf'. Without a stored token: 'Authentication required for download'.
 */
import { fromPromise } from 'xstate';
import { downloadMachine } from '../../../machines/download/download.machine.ts';
import { fileNameFromDisposition } from '../../../machines/download/download.rules.ts';
import type { DownloadFileInput, DownloadFileOutput } from '../../../machines/download/download.types.ts';
import { ApiError, apiErrorFromBody } from '../../shared/api-error.ts';
import { messages } from '../../shared/messages.ts';
import { saveBlob } from '../runtime/save-file.ts';

export type DownloadEffectOptions = {
  /** Origin of the API; '' is this page's. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Hands the bytes to the user; by default an <a download> click. */
  save?: (blob: Blob, fileName: string) => void;
  /** A 401 answer (expired session): the app's session handling. */
  onUnauthorized?: () => void;
};


export function createDownloadFile(getToken: () => string | null, options: DownloadEffectOptions = {}) {
  const fetchFile = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const save = options.save ?? saveBlob;
  return fromPromise<DownloadFileOutput, DownloadFileInput>(async ({ input, signal }) => {
    const token = getToken();
    if (!token) throw new ApiError(messages.download.authRequired, 401, null);
    let response: Response;
    try {
      response = await fetchFile(`${options.baseUrl ?? ''}${input.path}`, { headers: { Authorization: `Bearer ${token}` }, signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ApiError(messages.general.network, 0, null);
    }
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      if (response.status === 401) options.onUnauthorized?.();
      throw apiErrorFromBody(response.status, body);
    }
    const blob = await response.blob();
    const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), input.fileName);
    save(blob, fileName);
    return { fileName };
  });
}

/** A download button's chart with the browser's effect (one actor per button: useActorRef(provideDownload(...), { input })). */
export function provideDownload(getToken: () => string | null, options: DownloadEffectOptions = {}) {
  return downloadMachine.provide({ actors: { downloadFile: createDownloadFile(getToken, options) } });
}
