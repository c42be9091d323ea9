/**
 * The finance pages' effects (issue 15): the payments and payment-case charts' actors built on the AdminApi. The
 * charts decide; these only call the server. A CSV export is fetched with the staff token (api.blob) and handed to
 * the browser as a download; the token never goes into a link.
 */
import { fromPromise } from 'xstate';
import { paymentCaseMachine } from '../../../../machines/admin/payment-case/payment-case.machine.ts';
import type { IssueInput, LoadPaymentOutput, PaymentCaseInput, ReceiptInput, RefundInput } from '../../../../machines/admin/payment-case/payment-case.types.ts';
import { paymentsMachine } from '../../../../machines/admin/payments/payments.machine.ts';
import type { CsvKind, ExportCsvInput, LoadPaymentsInput, LoadPaymentsOutput } from '../../../../machines/admin/payments/payments.types.ts';
import { AdminPaymentDetailSchema, AdminPaymentPageSchema, IssuanceViewSchema, MONEY_PATHS, ReceiptOutcomeSchema, RefundViewSchema } from '../../../shared/admin/money.ts';
import type { AdminApi } from '../admin-api.ts';
import { saveBlob, type SaveFile } from '../../runtime/save-file.ts';
import { staffToday } from '../ui/staff-time.ts';

export function paymentsQuery({ filters, cursor }: LoadPaymentsInput): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.method) params.set('method', filters.method);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `${MONEY_PATHS.payments}?${query}` : MONEY_PATHS.payments;
}


const CSV_PATHS: Record<CsvKind, string> = { payments: MONEY_PATHS.paymentsCsv, issuances: MONEY_PATHS.issuancesCsv };

export const paymentsMachineFor = (api: AdminApi, save: SaveFile = saveBlob) =>
  paymentsMachine.provide({
    actors: {
      loadPayments: fromPromise<LoadPaymentsOutput, LoadPaymentsInput>(({ input, signal }) => api.get(paymentsQuery(input), { schema: AdminPaymentPageSchema, signal })),
      exportCsv: fromPromise<void, ExportCsvInput>(async ({ input, signal }) => {
        const blob = await api.blob(CSV_PATHS[input.kind], { signal });
        save(blob, `${input.kind}-${new Date().toISOString().slice(0, 10)}.csv`);
      }),
    },
  });

/** What the payment chart starts from that it must not make itself: today, and the seed of its request ids. */
export const paymentCaseInput = (paymentId: string, now: Date = new Date(), seed: string = crypto.randomUUID()): PaymentCaseInput => ({ paymentId, today: staffToday(now), requestSeed: seed });

export const paymentCaseMachineFor = (api: AdminApi) =>
  paymentCaseMachine.provide({
    actors: {
      loadPayment: fromPromise<LoadPaymentOutput, { paymentId: string }>(({ input, signal }) => api.get(MONEY_PATHS.payment(input.paymentId), { schema: AdminPaymentDetailSchema, signal })),
      recordReceipt: fromPromise<unknown, { paymentId: string; input: ReceiptInput }>(({ input }) => api.post(MONEY_PATHS.receipts(input.paymentId), input.input, { schema: ReceiptOutcomeSchema })),
      refundPayment: fromPromise<unknown, { paymentId: string; input: RefundInput }>(({ input }) => api.post(MONEY_PATHS.refund(input.paymentId), input.input, { schema: RefundViewSchema })),
      issueTokens: fromPromise<unknown, { userId: string; input: IssueInput }>(({ input }) => api.post(MONEY_PATHS.issuance(input.userId), input.input, { schema: IssuanceViewSchema })),
    },
  });
