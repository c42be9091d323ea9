/**
 * The compliance review of KYC submissions (issue 15): what the back-office sends and gets for the queue, a case and
 * a decision. Server and admin client validate with the same schemas.
 */
import * as v from 'valibot';
import { KycChecksSchema } from './kyc-checks.ts';
import { KYC_DOCUMENT_TYPES, KYC_FILE_TYPES, KYC_RESUBMIT_STEPS, KYC_STATUSES, KycAmlSummarySchema } from '../kyc.ts';
import { kycReviewMessages } from './kyc-messages.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../payment-status.ts';
import { InvestorWalletsSchema } from './wallets.ts';

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
export const KycCaseAssigneeSchema = v.object({ staffId: v.string(), name: v.string(), since: v.string(), assignedByName: v.string() });
export type KycCaseAssignee = v.InferOutput<typeof KycCaseAssigneeSchema>;
/** The answer of POST .../assignment. */
export const KycAssignmentResponseSchema = v.object({ assignee: v.nullable(KycCaseAssigneeSchema) });
export type KycAssignmentResponse = v.InferOutput<typeof KycAssignmentResponseSchema>;

/** An internal note: who wrote it and when. */
export const KycCaseNoteSchema = v.object({ id: v.string(), staffId: v.string(), staffName: v.string(), body: v.string(), at: v.string() });
export type KycCaseNote = v.InferOutput<typeof KycCaseNoteSchema>;
/** The answer of POST .../notes (201 written, 200 the same request again). */
export const KycNoteResponseSchema = v.object({ note: KycCaseNoteSchema });
export type KycNoteResponse = v.InferOutput<typeof KycNoteResponseSchema>;

/**
 * How the queue is ordered (issue 29): the oldest submission first (the default: the overdue cases lead, since a case
 * is overdue by its age), the newest first, the largest amount first, or by country of residence (then the oldest
 * first). Ties are ordered by submission, then by investor, so the keyset cursor pages through every row once.
 */
export const KYC_QUEUE_SORTS = ['oldest', 'newest', 'amount', 'country'] as const;
export type KycQueueSort = (typeof KYC_QUEUE_SORTS)[number];
export const KYC_QUEUE_SORT_LABELS: Record<KycQueueSort, string> = {
  oldest: 'Oldest first (overdue first)',
  newest: 'Newest first',
  amount: 'Largest amount first',
  country: 'Country of residence',
};

/** The queue's assignee filter: the caller's cases, nobody's, or one reviewer's (their staff id). */
export const KYC_ASSIGNEE_FILTERS = ['me', 'none'] as const;

const ReviewerSchema = v.object({ staffId: v.string(), name: v.string() });

export const KycQueueRowSchema = v.object({
  userId: v.string(),
  /** The person's full name, or the entity's name. */
  name: v.string(),
  email: v.string(),
  investorType: v.string(),
  investmentAmount: v.number(),
  submittedAt: v.string(),
  reviewRound: v.number(),
  /** First approvals of this round so far. */
  approvals: v.number(),
  fourEyes: v.boolean(),
  /** Who holds the case (issue 29), null while nobody does. */
  assignee: v.nullable(ReviewerSchema),
  /** Country of residence (the registration's primary jurisdiction: PRIMARY_JURISDICTIONS). */
  country: v.string(),
  /** Whole hours since submission, at the answer's `asOf`. */
  ageHours: v.number(),
  /** Under review for longer than the review target (the settings' kycReviewTargetHours). */
  overdue: v.boolean(),
});
export type KycQueueRow = v.InferOutput<typeof KycQueueRowSchema>;
/** GET /api/admin/kyc/cases. */
export const KycQueueResponseSchema = v.object({
  rows: v.array(KycQueueRowSchema),
  nextCursor: v.nullable(v.string()),
  fourEyesAboveEur: v.number(),
  /** The review target in hours, and the server's time the ages are counted to. */
  reviewTargetHours: v.number(),
  asOf: v.string(),
});
export type KycQueueResponse = v.InferOutput<typeof KycQueueResponseSchema>;

export const KycCaseDocumentSchema = v.object({
  id: v.string(),
  documentType: v.picklist(KYC_DOCUMENT_TYPES),
  step: v.number(),
  originalName: v.string(),
  contentType: v.picklist(KYC_FILE_TYPES),
  sizeBytes: v.number(),
  sha256: v.string(),
  uploadedAt: v.string(),
  /** When a later file took its place (kept for the record). */
  replacedAt: v.nullable(v.string()),
});
export type KycCaseDocument = v.InferOutput<typeof KycCaseDocumentSchema>;

export const KycCaseReviewSchema = v.object({
  id: v.string(),
  round: v.number(),
  decision: v.picklist(KYC_REVIEW_DECISIONS),
  reason: v.nullable(v.string()),
  steps: v.array(v.picklist(KYC_RESUBMIT_STEPS)),
  message: v.nullable(v.string()),
  reviewerId: v.string(),
  reviewerName: v.string(),
  decidedAt: v.string(),
});
export type KycCaseReview = v.InferOutput<typeof KycCaseReviewSchema>;

export const KycCaseDisclosureReadSchema = v.object({ section: v.string(), readAt: v.string(), detail: v.record(v.string(), v.unknown()) });
export type KycCaseDisclosureRead = v.InferOutput<typeof KycCaseDisclosureReadSchema>;

/**
 * The investor's payment state beside the KYC decision (issue 29): their latest payment, its status (the stage it is
 * at), amounts in EUR and what has been received for it (recorded receipts); null before any payment.
 */
export const KycCasePaymentSchema = v.object({
  paymentId: v.string(),
  method: v.picklist(PAYMENT_METHODS),
  status: v.picklist(PAYMENT_STATUSES),
  amount: v.number(),
  totalAmount: v.number(),
  received: v.number(),
  createdAt: v.string(),
  completedAt: v.nullable(v.string()),
});
export type KycCasePayment = v.InferOutput<typeof KycCasePaymentSchema>;

/** GET /api/admin/kyc/cases/:userId. */
export const KycCaseSchema = v.object({
  userId: v.string(),
  email: v.string(),
  registration: v.object({
    investorType: v.string(),
    fullName: v.nullable(v.string()),
    dateOfBirth: v.nullable(v.string()),
    nationality: v.nullable(v.string()),
    entityName: v.nullable(v.string()),
    jurisdiction: v.nullable(v.string()),
    authorizedSignatory: v.nullable(v.string()),
    walletAddress: v.string(),
    primaryJurisdiction: v.string(),
    investmentAmount: v.number(),
    tokenQuantity: v.number(),
    currentStep: v.string(),
    registeredAt: v.string(),
  }),
  /** The wallet signed for with the agreements (tokens go there; null before) and the registration one (wallets.ts). */
  wallets: InvestorWalletsSchema,
  disclosure: v.object({ completed: v.boolean(), completedAt: v.nullable(v.string()), reads: v.array(KycCaseDisclosureReadSchema) }),
  kyc: v.object({
    status: v.picklist(KYC_STATUSES),
    reviewRound: v.number(),
    submittedAt: v.nullable(v.string()),
    aml: v.nullable(KycAmlSummarySchema),
    resubmission: v.nullable(v.object({ steps: v.array(v.picklist(KYC_RESUBMIT_STEPS)), message: v.string(), requestedAt: v.string() })),
  }),
  documents: v.array(KycCaseDocumentSchema),
  reviews: v.array(KycCaseReviewSchema),
  fourEyes: v.object({
    applies: v.boolean(),
    aboveEur: v.number(),
    approvalsThisRound: v.array(v.object({ reviewerId: v.string(), reviewerName: v.string(), decidedAt: v.string() })),
  }),
  /** Case work (issue 29): who holds the case, and the team's internal notes, oldest first (never shown to the investor). */
  assignee: v.nullable(KycCaseAssigneeSchema),
  notes: v.array(KycCaseNoteSchema),
  /** The active compliance reviewers, by name: who the case can be given to. */
  reviewers: v.array(ReviewerSchema),
  payment: v.nullable(KycCasePaymentSchema),
  /** The reviewer aids (issue 30): screening hits and the risk score, computed on our machine. */
  checks: KycChecksSchema,
});
export type KycCase = v.InferOutput<typeof KycCaseSchema>;

/** The answer of POST .../decision. */
export const KycDecisionResponseSchema = v.object({
  status: v.picklist(KYC_STATUSES),
  reviewRound: v.number(),
  decision: v.picklist(KYC_REVIEW_DECISIONS),
  awaitingSecondApproval: v.boolean(),
});
export type KycDecisionResponse = v.InferOutput<typeof KycDecisionResponseSchema>;
