import type { SnapshotFrom } from 'xstate';
import { walletFacts, type WalletFact } from '../../../src/shared/admin/wallets.ts';
import type { kycCaseMachine } from './kyc-case.machine.ts';

type S = SnapshotFrom<typeof kycCaseMachine>;

export type CasePhase = 'loading' | 'failed' | 'notFound' | 'ready';
export const selectPhase = (s: S): CasePhase => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('notFound') ? 'notFound' : 'ready');
export const selectCase = (s: S) => s.context.kase;
export const selectError = (s: S) => s.context.error;
export const selectForm = (s: S) => s.context.form;
export const selectDecisionError = (s: S) => s.context.decisionError;
export const selectNotice = (s: S) => s.context.notice;
export const selectIsDeciding = (s: S) => s.hasTag('deciding');
/** The form is shown to compliance while the case awaits a decision. */
export const selectCanDecide = (s: S) => s.context.canDecide && s.context.kase?.kyc.status === 'UNDER_REVIEW';
export const selectDocument = (s: S) => ({
  documentId: s.context.documentId,
  loading: s.matches({ ready: { document: 'loading' } }),
  open: s.context.document,
  error: s.context.documentError,
});
/** The investor's wallets as labelled rows: the one signed for (tokens go there), and the registration one when it differs. */
export const selectWalletFacts = (s: S): WalletFact[] => (s.context.kase ? walletFacts(s.context.kase.wallets) : []);
