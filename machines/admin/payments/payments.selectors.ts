/** Named reads of the payment list for its view. */
import type { SnapshotFrom } from 'xstate';
import type { AdminPaymentSummary } from '../../../src/shared/admin/money.ts';
import type { paymentsMachine } from './payments.machine.ts';
import type { PaymentFilters } from './payments.types.ts';

type S = SnapshotFrom<typeof paymentsMachine>;

export type PaymentsPhase = 'loading' | 'failed' | 'listed';

export const selectPhase = (s: S): PaymentsPhase => (s.hasTag('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'listed');
export const selectPayments = (s: S): AdminPaymentSummary[] => s.context.payments;
export const selectFilters = (s: S): PaymentFilters => s.context.filters;
export const selectDraft = (s: S): PaymentFilters => s.context.draft;
export const selectError = (s: S): string | null => s.context.error;
export const selectCanLoadMore = (s: S): boolean => s.matches({ listed: 'idle' }) && s.context.nextCursor !== null;
export const selectLoadingMore = (s: S): boolean => s.matches({ listed: 'loadingMore' });
export const selectExporting = (s: S): boolean => s.matches({ listed: 'exporting' });
