/** Pure rules of one agreement (spec section 4 "Agreements", section 5 "Agreements"). */
import type { AgreementConfiguration, AgreementState, AgreementSubmission } from '../../src/shared/legal.ts';

/** The ticked boxes are saved as a draft once ticking has paused this long. */
export const DRAFT_SETTLE_MS = 800;

export const requiredIds = (configuration: AgreementConfiguration): string[] => configuration.checkboxes.filter((c) => c.required).map((c) => c.id);

/** Accepted: every required box ticked (an agreement without required boxes is accepted as it opens). */
export const areRequiredTicked = (configuration: AgreementConfiguration, checkboxes: Record<string, boolean>): boolean =>
  requiredIds(configuration).every((id) => checkboxes[id] === true);

/**
 * The boxes as the page shows them: one per checkbox of the configuration, as stored (unknown ids dropped). A signed
 * agreement has its required boxes restored (spec: "their required checkboxes are restored automatically on load").
 */
export function checkboxesOnLoad(configuration: AgreementConfiguration, state: AgreementState): Record<string, boolean> {
  return Object.fromEntries(
    configuration.checkboxes.map((box) => [box.id, state.checkboxes[box.id] === true || (state.signed && box.required)]),
  );
}

/** This agreement as the save payload carries it; the server's clock gives signedAt, so none is sent. */
export const submissionOf = (c: { configuration: AgreementConfiguration; checkboxes: Record<string, boolean>; signature: string; signed: boolean }): AgreementSubmission => ({
  accepted: areRequiredTicked(c.configuration, c.checkboxes),
  signature: c.signature,
  signed: c.signed,
  checkboxes: c.checkboxes,
});
