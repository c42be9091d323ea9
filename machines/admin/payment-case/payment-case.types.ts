import type { AdminPaymentDetail } from '../../../src/shared/admin/money.ts';

export type ReceiptInput = { requestId: string; amount: number; receivedOn: string; reference: string };
export type RefundInput = { requestId: string; reason: string; outgoingReference?: string };
export type IssueInput = { requestId: string; transactionHash: string };

export type PaymentCaseInput = { paymentId: string };

export type PaymentCaseContext = {
  paymentId: string;
  detail: AdminPaymentDetail | null;
  /** The last failure in the server's words. */
  error: string | null;
  /** What the last change did, for the screen's status line. */
  notice: string | null;
};

export type PaymentCaseEvent =
  | { type: 'case.retry' }
  | { type: 'case.receipt'; input: ReceiptInput }
  /** 'Refund…': the confirm step opens; nothing is sent yet. */
  | { type: 'case.refund.ask' }
  | { type: 'case.refund.cancel' }
  | { type: 'case.refund.confirm'; input: RefundInput }
  | { type: 'case.issue'; input: IssueInput };

export type LoadPaymentOutput = AdminPaymentDetail;
