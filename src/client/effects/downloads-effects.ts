/** The downloads page's effect: the list of signed documents (each Download button has its own, download-effects.ts). */
import { fromPromise } from 'xstate';
import { downloadsMachine } from '../../../machines/downloads/downloads.machine.ts';
import { DocumentsResponseSchema, type DocumentsResponse } from '../../shared/documents.ts';
import type { ApiClient } from './api-client.ts';

export const DOWNLOADS_LIST_PATH = '/api/downloads/list';

export function provideDownloads(api: ApiClient) {
  return downloadsMachine.provide({
    actors: {
      loadDocuments: fromPromise<DocumentsResponse, void>(({ signal }) => api.get(DOWNLOADS_LIST_PATH, { signal, schema: DocumentsResponseSchema })),
    },
  });
}
