import type { KycCase, KycDecisionInput, KycDecisionResponse, KycReviewDecision } from '../../../src/shared/admin/kyc-review.ts';
import type { KycResubmitStep } from '../../../src/shared/kyc.ts';

/** `requestSeed`: a uuid the page made once, for the request ids of the case work's notes (charts draw no random). */
export type KycCaseInput = { userId: string; staffId: string; canDecide: boolean; requestSeed: string };

/** The decision form as typed. */
export type DecisionForm = { decision: KycReviewDecision | ''; reason: string; steps: KycResubmitStep[]; message: string };
export const EMPTY_FORM: DecisionForm = { decision: '', reason: '', steps: [], message: '' };

/** A document shown inline: an object URL of its bytes (released when closed). */
export type OpenDocument = { documentId: string; url: string; contentType: string };

/** The two places a document is shown, side by side: the main one, and the one beside it (an ID beside the selfie). */
export type DocumentPane = 'main' | 'beside';
/** How a shown image is looked at: its zoom (one of ZOOM_LEVELS) and its rotation in degrees, clockwise. */
export type DocumentView = { zoom: number; rotation: 0 | 90 | 180 | 270 };
export const PLAIN_VIEW: DocumentView = { zoom: 1, rotation: 0 };

export type KycCaseContext = {
  userId: string;
  /** The signed-in staff member. */
  staffId: string;
  requestSeed: string;
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
  /** The document shown beside the main one (issue 29: compare an ID with the selfie). */
  besideId: string | null;
  beside: OpenDocument | null;
  besideError: string | null;
  views: Record<DocumentPane, DocumentView>;
};

export type KycCaseEvent =
  | { type: 'case.retry' }
  | { type: 'case.form.decision'; decision: KycReviewDecision }
  | { type: 'case.form.reason'; value: string }
  | { type: 'case.form.message'; value: string }
  | { type: 'case.form.step'; step: KycResubmitStep; checked: boolean }
  | { type: 'case.decide' }
  | { type: 'case.document.open'; documentId: string }
  | { type: 'case.document.close' }
  | { type: 'case.beside.open'; documentId: string }
  | { type: 'case.beside.close' }
  | { type: 'case.view.zoom'; pane: DocumentPane; by: 1 | -1 }
  | { type: 'case.view.rotate'; pane: DocumentPane };

export type DecideInput = { userId: string; payload: KycDecisionInput };
export type LoadDocumentInput = { userId: string; documentId: string };
export type { KycCase, KycDecisionResponse };
