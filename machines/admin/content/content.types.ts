import type { AdminContentResponse, ContentChangeResponse } from '../../../src/shared/admin/content.ts';
import type { AgreementKey } from '../../../src/shared/legal.ts';

/** Which form is open: a section's, a new section's, or an agreement's. */
export type EditTarget = { kind: 'section'; id: string } | { kind: 'newSection' } | { kind: 'agreement'; key: AgreementKey };

export type SectionFormFields = { title: string; order: string; minReadingSeconds: string };

/** A change the issuer-admin sends (the file, when chosen, is the new document). */
export type ContentChangeRequest =
  | { kind: 'section'; id: string; fields: SectionFormFields; file: Blob | null }
  | { kind: 'newSection'; fields: SectionFormFields & { slug: string }; file: Blob | null }
  | { kind: 'agreement'; key: AgreementKey; fields: { title: string; checkboxes: string }; file: Blob | null }
  | { kind: 'retire'; id: string };

/** A document to preview: its title and API path (GET, staff token). */
export type PreviewRequest = { title: string; path: string };

export type ContentContext = {
  content: AdminContentResponse | null;
  editing: EditTarget | null;
  /** The change being sent (its answer's notice depends on it). */
  pending: ContentChangeRequest | null;
  error: string | null;
  notice: string | null;
  preview: PreviewRequest | null;
};

export type ContentEvent =
  | { type: 'content.edit'; target: EditTarget }
  | { type: 'content.cancel' }
  | { type: 'content.submit'; change: ContentChangeRequest }
  | { type: 'content.preview'; request: PreviewRequest }
  | { type: 'content.closePreview' }
  | { type: 'content.retry' };

export type LoadContentOutput = AdminContentResponse;
export type SubmitChangeOutput = ContentChangeResponse;
