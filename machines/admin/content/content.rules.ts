/**
 * Pure rules of the content page's forms: a form's values when it opens, the edits of the checkbox rows, the faults
 * the server would refuse (its schemas and the loader's rules, src/shared/admin/content.ts), and the change sent.
 */
import {
  AGREEMENT_MAX_CHECKBOXES,
  AGREEMENT_TITLES_FALLBACK,
  agreementTitleProblem,
  checkboxListProblems,
  sectionFieldProblems,
  type AdminContentResponse,
  type CheckboxRowProblems,
  type SectionFieldProblems,
} from '../../../src/shared/admin/content.ts';
import type { BoxFlag, CheckboxRow, ContentChangeRequest, ContentDraft, DraftField, EditTarget } from './content.types.ts';

/** A new row's id: `box_<n>`, the smallest n no other row uses (ids of kept rows never change). */
export function nextBoxId(rows: readonly CheckboxRow[]): string {
  const used = new Set(rows.map((r) => r.id));
  let n = 1;
  while (used.has(`box_${n}`)) n += 1;
  return `box_${n}`;
}

/** A new statement: required (most are), not critical. */
export const newBox = (rows: readonly CheckboxRow[]): CheckboxRow => ({ id: nextBoxId(rows), text: '', required: true, critical: false });

/** The form's values when it opens: the item as the server has it (a new section starts empty, placed last). */
export function draftFor(target: EditTarget, content: AdminContentResponse | null): ContentDraft | null {
  switch (target.kind) {
    case 'section': {
      const s = content?.sections.find((x) => x.id === target.id && x.retiredAt === null);
      return s ? { kind: 'section', id: s.id, title: s.title, order: String(s.order), minReadingSeconds: String(s.minReadingSeconds), file: null } : null;
    }
    case 'newSection': {
      const last = Math.max(0, ...(content?.sections.filter((x) => x.retiredAt === null).map((x) => x.order) ?? []));
      return { kind: 'newSection', slug: '', title: '', order: String(last + 1), minReadingSeconds: '60', file: null };
    }
    case 'agreement': {
      const a = content?.agreements.find((x) => x.key === target.key);
      if (!a) return null;
      const boxes = a.current?.checkboxes.map(({ id, text, required, critical }) => ({ id, text, required, critical })) ?? [];
      return { kind: 'agreement', key: a.key, title: a.current?.title ?? AGREEMENT_TITLES_FALLBACK[a.key], boxes: boxes.length ? boxes : [newBox([])], file: null };
    }
  }
}

/** Whether the open form is this target's. */
export function isDraftOf(draft: ContentDraft | null, target: EditTarget): boolean {
  if (!draft || draft.kind !== target.kind) return false;
  if (draft.kind === 'section' && target.kind === 'section') return draft.id === target.id;
  if (draft.kind === 'agreement' && target.kind === 'agreement') return draft.key === target.key;
  return true;
}

export function withField(draft: ContentDraft, field: DraftField, value: string): ContentDraft {
  if (draft.kind === 'agreement') return field === 'title' ? { ...draft, title: value } : draft;
  if (field === 'slug') return draft.kind === 'newSection' ? { ...draft, slug: value } : draft;
  return { ...draft, [field]: value };
}

const withBoxes = (draft: ContentDraft, edit: (rows: CheckboxRow[]) => CheckboxRow[]): ContentDraft =>
  draft.kind === 'agreement' ? { ...draft, boxes: edit(draft.boxes) } : draft;

export const withBoxText = (draft: ContentDraft, index: number, text: string) => withBoxes(draft, (rows) => rows.map((r, i) => (i === index ? { ...r, text } : r)));

/** A critical statement is always required: ticking critical ticks required, unticking required unticks critical. */
export const withBoxFlag = (draft: ContentDraft, index: number, flag: BoxFlag, value: boolean) =>
  withBoxes(draft, (rows) =>
    rows.map((r, i) => {
      if (i !== index) return r;
      if (flag === 'critical') return { ...r, critical: value, required: value || r.required };
      return { ...r, required: value, critical: value && r.critical };
    }),
  );

export const withBoxAdded = (draft: ContentDraft) => withBoxes(draft, (rows) => (rows.length < AGREEMENT_MAX_CHECKBOXES ? [...rows, newBox(rows)] : rows));

export const withBoxRemoved = (draft: ContentDraft, index: number) => withBoxes(draft, (rows) => (rows.length > 1 ? rows.filter((_, i) => i !== index) : rows));

/** The row one place up (-1) or down (1); a move past either end changes nothing. */
export const withBoxMoved = (draft: ContentDraft, index: number, by: -1 | 1) =>
  withBoxes(draft, (rows) => {
    const to = index + by;
    if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return rows;
    const moved = [...rows];
    [moved[index], moved[to]] = [moved[to]!, moved[index]!];
    return moved;
  });

/** Every fault of the open form, at its field (and each checkbox row's at its row). */
export type DraftProblems = SectionFieldProblems & { boxes?: string; rows: CheckboxRowProblems[] };

export const NO_PROBLEMS: DraftProblems = { rows: [] };

export function draftProblems(draft: ContentDraft): DraftProblems {
  if (draft.kind !== 'agreement') return { ...sectionFieldProblems(draft), rows: [] };
  const title = agreementTitleProblem(draft.title);
  const { list, rows } = checkboxListProblems(draft.boxes);
  return { ...(title ? { title } : {}), ...(list ? { boxes: list } : {}), rows };
}

export function isDraftValid(draft: ContentDraft | null): boolean {
  if (!draft) return false;
  const { rows, ...fields } = draftProblems(draft);
  return Object.keys(fields).length === 0 && rows.every((r) => Object.keys(r).length === 0);
}

/** The change the form sends: the section's fields, or the agreement's title and checkbox list (JSON, in order). */
export function changeOf(draft: ContentDraft): ContentChangeRequest {
  const { title, file } = draft;
  switch (draft.kind) {
    case 'section':
      return { kind: 'section', id: draft.id, fields: { title, order: draft.order, minReadingSeconds: draft.minReadingSeconds }, file };
    case 'newSection':
      return { kind: 'newSection', fields: { title, order: draft.order, minReadingSeconds: draft.minReadingSeconds, slug: draft.slug }, file };
    case 'agreement':
      return { kind: 'agreement', key: draft.key, fields: { title, checkboxes: JSON.stringify(draft.boxes.map(({ id, text, required, critical }) => ({ id, text, required, critical }))) }, file };
  }
}
