/** Pure rules of the case view: the form's payload and whether it may be sent, what a decision's answer means. */
import { decisionProblem, type KycCase, type KycDecisionInput, type KycDecisionResponse } from '../../../src/shared/admin/kyc-review.ts';
import type { DecisionForm, DocumentView } from './kyc-case.types.ts';

export const CHOOSE_DECISION = 'Please choose a decision.';

export function decisionPayload(form: DecisionForm, expectedRound: number): KycDecisionInput | null {
  if (!form.decision) return null;
  if (form.decision === 'APPROVED') return { decision: 'APPROVED', expectedRound };
  if (form.decision === 'REJECTED') return { decision: 'REJECTED', reason: form.reason, expectedRound };
  return { decision: 'RESUBMISSION_REQUESTED', steps: form.steps, message: form.message, expectedRound };
}

/** null when the form may be sent; else the words the server would answer with (the same schema). */
export function formProblem(form: DecisionForm, expectedRound: number): string | null {
  const payload = decisionPayload(form, expectedRound);
  if (!payload) return CHOOSE_DECISION;
  return decisionProblem(payload);
}

export function decisionNotice(answer: KycDecisionResponse): string {
  if (answer.awaitingSecondApproval) return 'First approval recorded. A different reviewer must approve as well.';
  if (answer.status === 'APPROVED') return 'Verification approved. The investor has been emailed.';
  if (answer.status === 'REJECTED') return 'Verification rejected. The investor has been emailed the reason.';
  return 'Resubmission requested. The investor has been emailed your message.';
}

export const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 404;

/**
 * The staff member gave one of this round's approvals of a case still under review: it waits for a second, different
 * reviewer (four eyes; the server refuses a second approval by the same person).
 */
export const hasApprovedThisRound = (kase: KycCase | null, staffId: string) =>
  kase !== null && kase.kyc.status === 'UNDER_REVIEW' && kase.fourEyes.approvalsThisRound.some((a) => a.reviewerId === staffId);

export const AWAITS_SECOND_REVIEWER = 'You gave this round’s first approval. The case is waiting for a second reviewer.';

/** The zoom steps of a shown image (1: fitted to its place). */
export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.5, 2, 3] as const;
export const MIN_ZOOM = ZOOM_LEVELS[0];
export const MAX_ZOOM = ZOOM_LEVELS[ZOOM_LEVELS.length - 1]!;

/** One step in or out from `zoom`, staying within ZOOM_LEVELS. */
export function zoomed(zoom: number, by: 1 | -1): number {
  const at = Math.max(0, ZOOM_LEVELS.findIndex((z) => z >= zoom));
  return ZOOM_LEVELS[Math.min(ZOOM_LEVELS.length - 1, Math.max(0, at + by))]!;
}

/** A quarter turn clockwise. */
export const rotated = (rotation: DocumentView['rotation']): DocumentView['rotation'] => ((rotation + 90) % 360) as DocumentView['rotation'];

/** The current (not replaced) identity document and selfie, to compare side by side; null unless the case has both. */
export function comparePair(kase: KycCase | null): { identity: string; selfie: string } | null {
  const current = (type: string) => kase?.documents.filter((d) => d.documentType === type && d.replacedAt === null).at(-1)?.id;
  const identity = current('identity');
  const selfie = current('selfie');
  return identity && selfie ? { identity, selfie } : null;
}
