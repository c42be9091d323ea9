import type { KycCase, KycDecisionInput, KycDecisionResponse, KycReviewDecision } from '../../../src/shared/admin/kyc-review.ts';
import type { KycResubmitStep } from '../../../src/shared/kyc.ts';

export type KycCaseInput = { userId: string; staffId: string; canDecide: boolean };

/** The decision form as typed. */
export type DecisionForm = { decision: KycReviewDecision | ''; reason: string; steps: KycResubmitStep[]; message: string };
export const EMPTY_FORM: DecisionForm = { decision: '', reason: '', steps: [], message: '' };

/** A document shown inline: an object URL of its bytes (released when closed). */
export type OpenDocument = { documentId: string; url: string; contentType: string };

export type KycCaseContext = {
  userId: string;
  /** The signed-in staff member. */
  staffId: string;
  /** Compliance may decide; an auditor reads only (the server refuses their decision anyway). */
  canDecide: boolean;
  kase: KycCase | null;
  /** The server's words when the case could not be loaded. */
  error: string | null;
  notFound: boolean;
  form: DecisionForm;
  /** Why the form was not sent, or the server's refusal of the decision (409 words). */
  decisionError: string | null;
  /** What the last decision did ('Approved.', 'First approval recorded: ...'). */
  notice: string | null;
  documentId: string | null;
  document: OpenDocument | null;
  documentError: string | null;
};

export type KycCaseEvent =
  | { type: 'case.retry' }
  | { type: 'case.form.decision'; decision: KycReviewDecision }
  | { type: 'case.form.reason'; value: string }
  | { type: 'case.form.message'; value: string }
  | { type: 'case.form.step'; step: KycResubmitStep; checked: boolean }
  | { type: 'case.decide' }
  | { type: 'case.document.open'; documentId: string }
  | { type: 'case.document.close' };

export type DecideInput = { userId: string; payload: KycDecisionInput };
export type LoadDocumentInput = { userId: string; documentId: string };
export type { KycCase, KycDecisionResponse };
