import type { KYC_QUEUE_STATUSES, KycQueueResponse, KycQueueRow } from '../../../src/shared/admin/kyc-review.ts';

/** `assignee`: '' any, 'me' the caller's cases, 'none' the cases nobody holds (issue 29). */
export type KycQueueFilters = { status: (typeof KYC_QUEUE_STATUSES)[number]; q: string; investorType: '' | 'INDIVIDUAL' | 'ENTITY'; minAmount: string; assignee: '' | 'me' | 'none' };
export const DEFAULT_QUEUE_FILTERS: KycQueueFilters = { status: 'UNDER_REVIEW', q: '', investorType: '', minAmount: '', assignee: '' };

export type LoadQueueInput = { filters: KycQueueFilters; cursor: string | null };

export type KycQueueContext = {
  /** The filters as the form holds them; `applied` are those the rows were loaded with. */
  filters: KycQueueFilters;
  applied: KycQueueFilters;
  rows: KycQueueRow[];
  nextCursor: string | null;
  fourEyesAboveEur: number | null;
  /** The server's words when a load failed. */
  error: string | null;
};

export type KycQueueEvent =
  | { type: 'queue.filter.change'; field: keyof KycQueueFilters; value: string }
  | { type: 'queue.filter.apply' }
  | { type: 'queue.more' }
  | { type: 'queue.retry' }
  | { type: 'queue.refresh' };

export type { KycQueueResponse };
