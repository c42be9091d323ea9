import type { AdminPaymentPage, AdminPaymentSummary } from '../../../src/shared/admin/money.ts';

export type PaymentFilters = { status: string; method: string; q: string };
export type CsvKind = 'payments' | 'issuances';

export type PaymentsContext = {
  /** The filters the list shows. */
  filters: PaymentFilters;
  /** The filters as the form holds them until Apply (issue 29: the draft is the chart's). */
  draft: PaymentFilters;
  /** Every page loaded so far, in order. */
  payments: AdminPaymentSummary[];
  nextCursor: string | null;
  /** The last failure in the server's words (a failed first load, a failed further page or export). */
  error: string | null;
};

export type PaymentsEvent =
  /** A filter changed in the form (not applied yet). */
  | { type: 'payments.draft'; field: keyof PaymentFilters; value: string }
  /** 'Apply': the form's filters; the list starts again from its first page. */
  | { type: 'payments.apply' }
  /** 'Load more': the next page after the cursor. */
  | { type: 'payments.more' }
  /** 'Try again' after a failed first load. */
  | { type: 'payments.retry' }
  /** A CSV export, downloaded through the API client (the token never goes into a link). */
  | { type: 'payments.export'; kind: CsvKind };

export type LoadPaymentsInput = { filters: PaymentFilters; cursor: string | null };
export type LoadPaymentsOutput = AdminPaymentPage;
export type ExportCsvInput = { kind: CsvKind };
