/** The content page's effects: its chart's calls, built on the back-office API client, each answer checked by its schema. */
import { fromPromise } from 'xstate';
import type { ContentChangeRequest, LoadContentOutput, SubmitChangeOutput } from '../../../../machines/admin/content/content.types.ts';
import { AdminContentResponseSchema, ContentChangeResponseSchema } from '../../../shared/admin/content.ts';
import type { AdminApi } from '../admin-api.ts';

export const CONTENT_PATH = '/api/admin/content';

export const sectionPdfPath = (id: string) => `${CONTENT_PATH}/disclosure/${id}/pdf`;
export const agreementPdfPath = (key: string, versionId: string) => `${CONTENT_PATH}/agreements/${key}/versions/${versionId}/pdf`;

/** The form as the server reads it: the fields first, then the file (so a refused field stops the upload early). */
function formOf(fields: Record<string, string>, file: Blob | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', file);
  return form;
}

export function submitContentChange(api: AdminApi, change: ContentChangeRequest, signal?: AbortSignal): Promise<SubmitChangeOutput> {
  const options = { schema: ContentChangeResponseSchema, ...(signal ? { signal } : {}) };
  switch (change.kind) {
    case 'section':
      return api.upload(`${CONTENT_PATH}/disclosure/${change.id}`, formOf(change.fields, change.file), options);
    case 'newSection':
      return api.upload(`${CONTENT_PATH}/disclosure`, formOf(change.fields, change.file), options);
    case 'agreement':
      return api.upload(`${CONTENT_PATH}/agreements/${change.key}`, formOf(change.fields, change.file), options);
    case 'retire':
      return api.delete(`${CONTENT_PATH}/disclosure/${change.id}`, options);
  }
}

export function contentEffects(api: AdminApi) {
  return {
    loadContent: fromPromise<LoadContentOutput, void>(({ signal }) => api.get(CONTENT_PATH, { schema: AdminContentResponseSchema, signal })),
    submitChange: fromPromise<SubmitChangeOutput, ContentChangeRequest>(({ input, signal }) => submitContentChange(api, input, signal)),
  };
}
