import type { AdminContentResponse, ContentChangeResponse } from '../../../src/shared/admin/content.ts';
import type { AgreementCheckbox, AgreementKey } from '../../../src/shared/legal.ts';

/** Which form is open: a section's, a new section's, or an agreement's. */
export type EditTarget = { kind: 'section'; id: string } | { kind: 'newSection' } | { kind: 'agreement'; key: AgreementKey };

export type SectionFormFields = { title: string; order: string; minReadingSeconds: string };

/** One checkbox of an agreement as the form edits it: its id is kept (an investor's ticks are keyed by it). */
export type CheckboxRow = AgreementCheckbox;

/** The open form's values as typed (numbers as text, as the form sends them); the file, when chosen, is the new document. */
export type ContentDraft =
  | ({ kind: 'section'; id: string; file: Blob | null } & SectionFormFields)
  | ({ kind: 'newSection'; slug: string; file: Blob | null } & SectionFormFields)
  | { kind: 'agreement'; key: AgreementKey; title: string; boxes: CheckboxRow[]; file: Blob | null };

/** A text field of the section forms (the agreement form has only `title`). */
export type DraftField = 'title' | 'order' | 'minReadingSeconds' | 'slug';
export type BoxFlag = 'required' | 'critical';

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
  /** The open form's values, or null when no form is open. */
  draft: ContentDraft | null;
  /** Save was pressed: the form's faults are shown (and follow each keystroke) until it is sent or closed. */
  checked: boolean;
  /** The change being sent (its answer's notice depends on it). */
  pending: ContentChangeRequest | null;
  error: string | null;
  notice: string | null;
  preview: PreviewRequest | null;
};

export type ContentEvent =
  | { type: 'content.edit'; target: EditTarget }
  | { type: 'content.cancel' }
  | { type: 'content.field'; field: DraftField; value: string }
  | { type: 'content.file'; file: Blob | null }
  | { type: 'content.box.text'; index: number; value: string }
  | { type: 'content.box.flag'; index: number; flag: BoxFlag; value: boolean }
  | { type: 'content.box.add' }
  | { type: 'content.box.remove'; index: number }
  | { type: 'content.box.move'; index: number; by: -1 | 1 }
  | { type: 'content.save' }
  | { type: 'content.retire'; id: string }
  | { type: 'content.preview'; request: PreviewRequest }
  | { type: 'content.closePreview' }
  | { type: 'content.retry' };

export type LoadContentOutput = AdminContentResponse;
export type SubmitChangeOutput = ContentChangeResponse;
