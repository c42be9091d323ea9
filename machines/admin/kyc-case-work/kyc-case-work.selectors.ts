/** Named reads of the case work panel for its view. */
import type { SnapshotFrom } from 'xstate';
import type { kycCaseWorkMachine } from './kyc-case-work.machine.ts';

type S = SnapshotFrom<typeof kycCaseWorkMachine>;

export const selectAssignee = (s: S) => s.context.assignee;
export const selectHoldsIt = (s: S) => s.context.assignee?.staffId === s.context.staffId;
export const selectCanWork = (s: S) => s.context.canWork;
/** The reviewers the case can be given to: everyone but the holder. */
export const selectOtherReviewers = (s: S) => s.context.reviewers.filter((r) => r.staffId !== s.context.assignee?.staffId);
export const selectGiveTo = (s: S) => s.context.giveTo;
export const selectHolderError = (s: S) => s.context.holderError;
export const selectIsChangingHolder = (s: S) => s.hasTag('changingHolder');
export const selectNotes = (s: S) => s.context.notes;
export const selectDraft = (s: S) => s.context.draft;
export const selectNoteError = (s: S) => s.context.noteError;
export const selectIsAddingNote = (s: S) => s.hasTag('addingNote');
