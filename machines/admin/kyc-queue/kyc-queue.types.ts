import type { KYC_QUEUE_STATUSES, KycQueueResponse, KycQueueRow, KycQueueSort } from '../../../src/shared/admin/kyc-review.ts';
import type { PrimaryJurisdiction } from '../../../src/shared/registration.ts';

/**
 * The queue's filters and order. `assignee`: '' any, 'me' the caller's cases, 'none' the cases nobody holds (issue 29);
 * `country`: '' any, else a country of residence; `sort`: KYC_QUEUE_SORTS ('oldest' puts the overdue cases first).
 */
export type KycQueueFilters = {
  status: (typeof KYC_QUEUE_STATUSES)[number];
  sort: KycQueueSort;
  q: string;
  investorType: '' | 'INDIVIDUAL' | 'ENTITY';
  minAmount: string;
  country: '' | PrimaryJurisdiction;
  assignee: '' | 'me' | 'none';
};
export const DEFAULT_QUEUE_FILTERS: KycQueueFilters = { status: 'UNDER_REVIEW', sort: 'oldest', q: '', investorType: '', minAmount: '', country: '', assignee: '' };

export type LoadQueueInput = { filters: KycQueueFilters; cursor: string | null };

export type KycQueueContext = {
  /** The filters as the form holds them; `applied` are those the rows were loaded with. */
  filters: KycQueueFilters;
  applied: KycQueueFilters;
  rows: KycQueueRow[];
  nextCursor: string | null;
  fourEyesAboveEur: number | null;
  /** The review target in hours (a setting): a case under review longer is overdue. */
  reviewTargetHours: number | null;
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
