import type { SnapshotFrom } from 'xstate';
import { walletFacts, type WalletFact } from '../../../src/shared/admin/wallets.ts';
import type { kycCaseMachine } from './kyc-case.machine.ts';
import { comparePair, hasApprovedThisRound } from './kyc-case.rules.ts';

type S = SnapshotFrom<typeof kycCaseMachine>;

export type CasePhase = 'loading' | 'failed' | 'notFound' | 'ready';
export const selectPhase = (s: S): CasePhase => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('notFound') ? 'notFound' : 'ready');
export const selectCase = (s: S) => s.context.kase;
export const selectError = (s: S) => s.context.error;
export const selectForm = (s: S) => s.context.form;
export const selectDecisionError = (s: S) => s.context.decisionError;
export const selectNotice = (s: S) => s.context.notice;
export const selectIsDeciding = (s: S) => s.hasTag('deciding');
/** The signed-in reviewer gave this round's first approval: the notice is shown instead of the form. */
export const selectAwaitsSecondReviewer = (s: S) => s.context.canDecide && hasApprovedThisRound(s.context.kase, s.context.staffId);
/** The form is shown to compliance while the case awaits a decision. */
export const selectCanDecide = (s: S) => s.context.canDecide && s.context.kase?.kyc.status === 'UNDER_REVIEW';
export const selectDocument = (s: S) => ({
  documentId: s.context.documentId,
  loading: s.matches({ ready: { document: 'loading' } }),
  open: s.context.document,
  error: s.context.documentError,
});
/** The document shown beside the main one. */
export const selectBeside = (s: S) => ({
  documentId: s.context.besideId,
  loading: s.matches({ ready: { beside: 'loading' } }),
  open: s.context.beside,
  error: s.context.besideError,
});
/** How each pane's image is looked at (zoom, rotation). */
export const selectViews = (s: S) => s.context.views;
/** The current ID and selfie to compare side by side, when the case has both. */
export const selectComparePair = (s: S) => comparePair(s.context.kase);
/** The investor's wallets as labelled rows: the one signed for (tokens go there), and the registration one when it differs. */
export const selectWalletFacts = (s: S): WalletFact[] => (s.context.kase ? walletFacts(s.context.kase.wallets) : []);
