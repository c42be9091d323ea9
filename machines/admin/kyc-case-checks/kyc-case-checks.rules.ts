/**
 * Pure rules of the reviewer aids (issue 30): a hit's form checked with the server's schema, an EDD item change for the
 * round shown, whether the checklist still holds an approval back, and the words of a failure.
 */
import { ScreeningHitDecisionSchema, type EddChecklist, type EddItem, type KycChecks } from '../../../src/shared/admin/kyc-checks.ts';
import { errorText } from '../../../src/shared/error-text.ts';
import { check, type Checked } from '../../../src/shared/validate.ts';
import type { EddItemToSend, HitDraft, HitDecisionToSend } from './kyc-case-checks.types.ts';

/** The draft as the server would take it (its payload, the reason trimmed), or the words it would refuse it with. */
export function checkedHitDecision(draft: HitDraft): Checked<HitDecisionToSend> {
  const checked = check(ScreeningHitDecisionSchema, { decision: draft.decision, reason: draft.reason });
  return checked.success ? { success: true, output: { hitId: draft.hitId, payload: checked.output } } : checked;
}

/** null when the draft may be sent; else the words the server would answer with. */
export const hitDraftProblem = (draft: HitDraft): string | null => {
  const checked = checkedHitDecision(draft);
  return checked.success ? null : checked.message;
};

/** The case's screening has this hit (a form is opened only for a hit on screen). */
export const hasHit = (checks: KycChecks, hitId: string) => checks.screening?.hits.some((h) => h.id === hitId) ?? false;

export const isPending = (checks: KycChecks) => checks.pending.length > 0;

export const decideErrorText = (error: unknown) => errorText(error, 'The decision on this hit could not be saved.');
export const refreshErrorText = (error: unknown) => errorText(error, 'The checks could not be read again.');

/** The round's checklist has this item (a change is sent only for an item on screen). */
export const hasEddItem = (checks: KycChecks, item: EddItem) => checks.edd.items.some((i) => i.item === item);

/** An item ticked or unticked for the round the checks show: the server refuses it if the round has moved on. */
export const eddItemToSend = (checks: KycChecks, item: EddItem, done: boolean): EddItemToSend => ({ item, payload: { done, expectedRound: checks.edd.round } });

/** The case is scored high risk and some item is not done yet: the server refuses an approval. */
export const eddHoldsApproval = (edd: EddChecklist) => edd.required && edd.items.some((i) => i.done === null);

export const eddErrorText = (error: unknown) => errorText(error, 'The checklist item could not be saved.');
