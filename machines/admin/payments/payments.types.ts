import type { AdminPaymentPage, AdminPaymentSummary } from '../../../src/shared/admin/money.ts';

export type PaymentFilters = { status: string; method: string; q: string };
export type CsvKind = 'payments' | 'issuances';

export type PaymentsContext = {
  filters: PaymentFilters;
  /** Every page loaded so far, in order. */
  payments: AdminPaymentSummary[];
  nextCursor: string | null;
  /** The last failure in the server's words (a failed first load, a failed further page or export). */
  error: string | null;
};

export type PaymentsEvent =
  /** New filters (status, method, search): the list starts again from its first page. */
  | { type: 'payments.filter'; filters: PaymentFilters }
  /** 'Load more': the next page after the cursor. */
  | { type: 'payments.more' }
  /** 'Try again' after a failed first load. */
  | { type: 'payments.retry' }
  /** A CSV export, downloaded through the API client (the token never goes into a link). */
  | { type: 'payments.export'; kind: CsvKind };

export type LoadPaymentsInput = { filters: PaymentFilters; cursor: string | null };
export type LoadPaymentsOutput = AdminPaymentPage;
export type ExportCsvInput = { kind: CsvKind };
