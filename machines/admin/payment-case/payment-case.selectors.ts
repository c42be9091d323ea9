/** Named reads of one payment's view. */
import type { SnapshotFrom } from 'xstate';
import type { AdminPaymentDetail } from '../../../src/shared/admin/money.ts';
import { walletFacts, type WalletFact } from '../../../src/shared/admin/wallets.ts';
import type { paymentCaseMachine } from './payment-case.machine.ts';
import type { CaseForm } from './payment-case.types.ts';

type S = SnapshotFrom<typeof paymentCaseMachine>;

export type PaymentCasePhase = 'loading' | 'failed' | 'shown';

export const selectPhase = (s: S): PaymentCasePhase => (s.hasTag('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'shown');
export const selectDetail = (s: S): AdminPaymentDetail | null => s.context.detail;
export const selectError = (s: S): string | null => s.context.error;
export const selectNotice = (s: S): string | null => s.context.notice;
export const selectBusy = (s: S): boolean => s.hasTag('busy');
export const selectConfirmingRefund = (s: S): boolean => s.matches({ shown: 'confirmingRefund' });
/** The investor's wallets as labelled rows: the one signed for (tokens go there), and the registration one when it differs. */
export const selectWalletFacts = (s: S): WalletFact[] => (s.context.detail ? walletFacts(s.context.detail.wallets) : []);
export const selectReceiptDraft = (s: S) => s.context.receipt;
export const selectRefundDraft = (s: S) => s.context.refund;
export const selectIssueDraft = (s: S) => s.context.issue;
/** The message of one field ('receipt.amount'), or null. */
export const selectFieldIssue = (form: CaseForm, field: string) => (s: S): string | null => s.context.issues[`${form}.${field}`] ?? null;
export const selectFocus = (s: S) => s.context.focus;
