import type { SnapshotFrom } from 'xstate';
import type { kycQueueMachine } from './kyc-queue.machine.ts';

type S = SnapshotFrom<typeof kycQueueMachine>;

export type QueuePhase = 'loading' | 'failed' | 'shown';
export const selectPhase = (s: S): QueuePhase => (s.matches('failed') ? 'failed' : s.matches('loading') ? 'loading' : 'shown');
export const selectRows = (s: S) => s.context.rows;
export const selectFilters = (s: S) => s.context.filters;
export const selectError = (s: S) => s.context.error;
export const selectCanLoadMore = (s: S) => s.matches('shown') && s.context.nextCursor !== null;
export const selectIsLoadingMore = (s: S) => s.matches('loadingMore');
export const selectThreshold = (s: S) => s.context.fourEyesAboveEur;
/** The review target in hours (past it a case under review is overdue), once the queue is loaded. */
export const selectReviewTarget = (s: S) => s.context.reviewTargetHours;
