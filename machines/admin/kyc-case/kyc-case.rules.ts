/** Pure rules of the case view: the form's payload and whether it may be sent, what a decision's answer means. */
import { decisionProblem, type KycDecisionInput, type KycDecisionResponse } from '../../../src/shared/admin/kyc-review.ts';
import type { DecisionForm } from './kyc-case.types.ts';

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

export const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
export const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 404;
