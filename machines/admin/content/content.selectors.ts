/** Named reads of the content page for its view. */
import type { SnapshotFrom } from 'xstate';
import { AGREEMENT_MAX_CHECKBOXES } from '../../../src/shared/admin/content.ts';
import { draftProblems, isDraftOf, NO_PROBLEMS, type DraftProblems } from './content.rules.ts';
import type { EditTarget } from './content.types.ts';
import type { contentMachine } from './content.machine.ts';

type S = SnapshotFrom<typeof contentMachine>;

export const selectPhase = (s: S): 'loading' | 'failed' | 'ready' => (s.matches('failed') ? 'failed' : s.matches('loading') ? 'loading' : 'ready');
export const selectContent = (s: S) => s.context.content;
export const selectActiveSections = (s: S) => s.context.content?.sections.filter((x) => x.retiredAt === null) ?? [];
export const selectRetiredSections = (s: S) => s.context.content?.sections.filter((x) => x.retiredAt !== null) ?? [];
export const selectAgreements = (s: S) => s.context.content?.agreements ?? [];
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectIsSubmitting = (s: S) => s.matches({ ready: { work: 'submitting' } });
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S) => s.context.notice;
export const selectPreview = (s: S) => s.context.preview;
export const selectDraft = (s: S) => s.context.draft;
export const selectIsEditing = (s: S, target: EditTarget) => isDraftOf(s.context.draft, target);
/** The open form's faults, once Save was pressed (before that, none: a form is not scolded while it is filled in). */
export const selectDraftProblems = (s: S): DraftProblems => (s.context.checked && s.context.draft ? draftProblems(s.context.draft) : NO_PROBLEMS);
export const selectCanAddBox = (s: S) => s.context.draft?.kind === 'agreement' && s.context.draft.boxes.length < AGREEMENT_MAX_CHECKBOXES;
