import type { KycAssignmentPayload, KycAssignmentResponse, KycCase, KycCaseAssignee, KycCaseNote, KycNotePayload } from '../../../src/shared/admin/kyc-review.ts';

/** A reviewer the case can be given to. */
export type Reviewer = { staffId: string; name: string };

export type KycCaseWorkInput = {
  userId: string;
  /** The signed-in staff member (who takes a case, writes a note). */
  staffId: string;
  /** Compliance works on cases; an auditor reads. */
  canWork: boolean;
  assignee: KycCaseAssignee | null;
  notes: KycCaseNote[];
  reviewers: Reviewer[];
  /** A uuid the page made once: the notes' request ids are made from it (src/shared/request-id.ts). */
  requestSeed: string;
};

export type KycCaseWorkContext = KycCaseWorkInput & {
  /** Who the case is being given to while `changing` (null: let go). */
  pendingAssignee: string | null;
  /** The reviewer chosen in "Give to" ('' before a choice). */
  giveTo: string;
  /** The server's words when a change of holder was refused. */
  holderError: string | null;
  /** The note being written. */
  draft: string;
  /** The note's request id, made when it is first sent and kept until it is written: a retry is the same note. */
  requestId: string | null;
  /** Request ids made so far (the next one is made from the seed and this count). */
  made: number;
  noteError: string | null;
};

export type KycCaseWorkEvent =
  | { type: 'work.take' }
  | { type: 'work.release' }
  | { type: 'work.giveTo.choose'; staffId: string }
  | { type: 'work.give' }
  | { type: 'work.note.draft'; value: string }
  | { type: 'work.note.add' };

export type AssignInput = { userId: string; payload: KycAssignmentPayload };
export type AddNoteInput = { userId: string; payload: KycNotePayload };
export type { KycAssignmentResponse, KycCase, KycCaseNote };
