/**
 * The compliance review of KYC submissions (issue 15): what the back-office sends and gets for the queue, a case and
 * a decision. Server and admin client validate with the same schemas.
 */
import * as v from 'valibot';
import { KYC_RESUBMIT_STEPS, type KycAmlSummary, type KycDocumentType, type KycFileType, type KycResubmitStep, type KycStatus } from '../kyc.ts';
import { kycReviewMessages } from './kyc-messages.ts';
import type { InvestorWallets } from './wallets.ts';

export const KYC_REVIEW_DECISIONS = ['APPROVED', 'REJECTED', 'RESUBMISSION_REQUESTED'] as const;
export type KycReviewDecision = (typeof KYC_REVIEW_DECISIONS)[number];

export const KYC_REVIEW_DECISION_LABELS: Record<KycReviewDecision, string> = {
  APPROVED: 'Approve',
  REJECTED: 'Reject',
  RESUBMISSION_REQUESTED: 'Request resubmission',
};

/** Settings key holding the threshold (a number of EUR): an investment ABOVE it needs two different approvers. */
export const KYC_FOUR_EYES_SETTING = 'kycFourEyesAboveEur';

export const KYC_QUEUE_LIMIT = 50;
/** The statuses the queue lists (each has the time it is ordered by: submitted, or asked to resubmit). */
export const KYC_QUEUE_STATUSES = ['UNDER_REVIEW', 'RESUBMISSION_REQUESTED', 'APPROVED', 'REJECTED'] as const;

const REASON_MAX = 2000;
/** The longest internal note (a paragraph or three, not a document). */
export const KYC_NOTE_MAX_CHARS = 4000;
const uuid = (message: string) => v.pipe(v.string(message), v.uuid(message));
const MESSAGE_MAX = 4000;

/** Text a person wrote: trimmed, normalised, without control characters other than line breaks and tabs. */
const humanText = (max: number) =>
  v.pipe(
    v.string(),
    v.transform((s) => s.normalize('NFC').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim()),
    v.maxLength(max, kycReviewMessages.textTooLong),
  );

/** POST /api/admin/kyc/cases/:userId/decision. */
export const KycDecisionSchema = v.pipe(
  v.object({
    decision: v.picklist(KYC_REVIEW_DECISIONS, kycReviewMessages.unknownDecision),
    reason: v.optional(humanText(REASON_MAX)),
    steps: v.optional(v.pipe(v.array(v.picklist(KYC_RESUBMIT_STEPS, kycReviewMessages.unknownStep)), v.maxLength(KYC_RESUBMIT_STEPS.length))),
    message: v.optional(humanText(MESSAGE_MAX)),
    expectedRound: v.pipe(v.number(kycReviewMessages.roundRequired), v.integer(kycReviewMessages.roundRequired), v.minValue(1, kycReviewMessages.roundRequired), v.maxValue(1_000_000)),
  }),
  v.check((d) => d.decision !== 'REJECTED' || !!d.reason, kycReviewMessages.reasonRequired),
  v.check((d) => d.decision !== 'RESUBMISSION_REQUESTED' || (!!d.steps && d.steps.length > 0), kycReviewMessages.stepsRequired),
  v.check((d) => d.decision !== 'RESUBMISSION_REQUESTED' || !!d.message, kycReviewMessages.messageRequired),
);
export type KycDecisionInput = v.InferInput<typeof KycDecisionSchema>;

/** null when the server would accept `payload`; else the words it would answer with (the form checks before sending). */
export function decisionProblem(payload: unknown): string | null {
  const result = v.safeParse(KycDecisionSchema, payload);
  return result.success ? null : (result.issues[0]?.message ?? kycReviewMessages.unknownDecision);
}
export type KycDecisionPayload = v.InferOutput<typeof KycDecisionSchema>;

/**
 * POST /api/admin/kyc/cases/:userId/assignment: give the case to `assignTo` (oneself to take it, another reviewer to
 * reassign it, null to let it go), provided it is still held by `expectedAssignee` (who the reviewer saw hold it).
 */
export const KycAssignmentSchema = v.strictObject({
  assignTo: v.nullable(uuid(kycReviewMessages.staffIdInvalid)),
  expectedAssignee: v.nullable(uuid(kycReviewMessages.staffIdInvalid)),
});
export type KycAssignmentPayload = v.InferOutput<typeof KycAssignmentSchema>;

/** POST /api/admin/kyc/cases/:userId/notes: an internal note (never shown to the investor); one per request id. */
export const KycNoteSchema = v.strictObject({
  // A note of nothing but invisible characters (zero-width spaces, joiners) is no note.
  body: v.pipe(humanText(KYC_NOTE_MAX_CHARS), v.check((s) => s.replace(/[\s\u200b-\u200d\u2060\ufeff]/gu, '').length > 0, kycReviewMessages.noteEmpty)),
  requestId: uuid(kycReviewMessages.requestIdRequired),
});
export type KycNotePayload = v.InferOutput<typeof KycNoteSchema>;

/** null when the server would take a note of `body`; else the words it would answer with (the form checks before sending). */
export function noteProblem(body: string): string | null {
  const result = v.safeParse(KycNoteSchema.entries.body, body);
  return result.success ? null : (result.issues[0]?.message ?? kycReviewMessages.noteEmpty);
}

/** Who holds a case, since when, and who gave it to them. */
export type KycCaseAssignee = { staffId: string; name: string; since: string; assignedByName: string };
export type KycAssignmentResponse = { assignee: KycCaseAssignee | null };

/** An internal note: who wrote it and when. */
export type KycCaseNote = { id: string; staffId: string; staffName: string; body: string; at: string };

/** The queue's assignee filter: the caller's cases, nobody's, or one reviewer's (their staff id). */
export const KYC_ASSIGNEE_FILTERS = ['me', 'none'] as const;

export type KycQueueRow = {
  userId: string;
  /** The person's full name, or the entity's name. */
  name: string;
  email: string;
  investorType: string;
  investmentAmount: number;
  submittedAt: string;
  reviewRound: number;
  /** First approvals of this round so far. */
  approvals: number;
  fourEyes: boolean;
  /** Who holds the case (issue 29), null while nobody does. */
  assignee: { staffId: string; name: string } | null;
};
export type KycQueueResponse = { rows: KycQueueRow[]; nextCursor: string | null; fourEyesAboveEur: number };

export type KycCaseDocument = {
  id: string;
  documentType: KycDocumentType;
  step: number;
  originalName: string;
  contentType: KycFileType;
  sizeBytes: number;
  sha256: string;
  uploadedAt: string;
  /** When a later file took its place (kept for the record). */
  replacedAt: string | null;
};

export type KycCaseReview = {
  id: string;
  round: number;
  decision: KycReviewDecision;
  reason: string | null;
  steps: KycResubmitStep[];
  message: string | null;
  reviewerId: string;
  reviewerName: string;
  decidedAt: string;
};

export type KycCaseDisclosureRead = { section: string; readAt: string; detail: Record<string, unknown> };

export type KycCase = {
  userId: string;
  email: string;
  registration: {
    investorType: string;
    fullName: string | null;
    dateOfBirth: string | null;
    nationality: string | null;
    entityName: string | null;
    jurisdiction: string | null;
    authorizedSignatory: string | null;
    walletAddress: string;
    primaryJurisdiction: string;
    investmentAmount: number;
    tokenQuantity: number;
    currentStep: string;
    registeredAt: string;
  };
  /** The wallet signed for with the agreements (tokens go there; null before) and the registration one (wallets.ts). */
  wallets: InvestorWallets;
  disclosure: { completed: boolean; completedAt: string | null; reads: KycCaseDisclosureRead[] };
  kyc: {
    status: KycStatus;
    reviewRound: number;
    submittedAt: string | null;
    aml: KycAmlSummary | null;
    resubmission: { steps: KycResubmitStep[]; message: string; requestedAt: string } | null;
  };
  documents: KycCaseDocument[];
  reviews: KycCaseReview[];
  fourEyes: { applies: boolean; aboveEur: number; approvalsThisRound: { reviewerId: string; reviewerName: string; decidedAt: string }[] };
  /** Case work (issue 29): who holds the case, and the team's internal notes, oldest first (never shown to the investor). */
  assignee: KycCaseAssignee | null;
  notes: KycCaseNote[];
  /** The active compliance reviewers, by name: who the case can be given to. */
  reviewers: { staffId: string; name: string }[];
};

export type KycDecisionResponse = { status: KycStatus; reviewRound: number; decision: KycReviewDecision; awaitingSecondApproval: boolean };
