/** Named reads of the reviewer aids for their view. */
import type { SnapshotFrom } from 'xstate';
import type { kycCaseChecksMachine } from './kyc-case-checks.machine.ts';
import { eddHoldsApproval, isPending } from './kyc-case-checks.rules.ts';

type S = SnapshotFrom<typeof kycCaseChecksMachine>;

export const selectIsPending = (s: S) => isPending(s.context.checks);
export const selectRisk = (s: S) => s.context.checks.risk;
export const selectScreening = (s: S) => s.context.checks.screening;
/** The identity document's machine-readable zone as last read (null: not read, or no reading yet). */
export const selectMrz = (s: S) => s.context.checks.mrz;
/** The selfie's face compared with the identity document's photo, as last run (null: not run, or no result yet). */
export const selectFace = (s: S) => s.context.checks.face;
export const selectRefreshError = (s: S) => s.context.refreshError;
export const selectCanDecide = (s: S) => s.context.canDecide;
/** The open hit's form (null: none open). */
export const selectForm = (s: S) => s.context.form;
export const selectFormError = (s: S) => s.context.formError;
export const selectIsSending = (s: S) => s.hasTag('sendingDecision');
/** The round's enhanced due diligence checklist as the checks last stood. */
export const selectEdd = (s: S) => s.context.checks.edd;
export const selectEddError = (s: S) => s.context.eddError;
export const selectIsSendingEdd = (s: S) => s.hasTag('sendingEdd');
/** High risk and some item not done: the server refuses an approval (the decision shows a notice). */
export const selectEddHoldsApproval = (s: S) => eddHoldsApproval(s.context.checks.edd);
