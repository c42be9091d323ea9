import type { AdminPaymentDetail, IssueDraft, ReceiptDraft, RefundDraft } from '../../../src/shared/admin/money.ts';
import type { FieldIssues, FocusRequest } from '../../../src/shared/validate.ts';

export type ReceiptInput = { requestId: string; amount: number; receivedOn: string; reference: string };
export type RefundInput = { requestId: string; reason: string; outgoingReference?: string };
export type IssueInput = { requestId: string; transactionHash: string };

export type PaymentCaseInput = {
  paymentId: string;
  /** The staff member's day (YYYY-MM-DD), given by the page: the receipt's date starts there (the chart reads no clock). */
  today: string;
  /** A uuid the page makes once: the chart's request ids are made from it (no randomness in the chart; payment-case.rules.ts). */
  requestSeed: string;
};

/** The forms as typed (text, as the inputs hold it): src/shared/admin/money.ts. */
export type { IssueDraft, ReceiptDraft, RefundDraft };
export type CaseForm = 'receipt' | 'refund' | 'issue';

export type PaymentCaseContext = PaymentCaseInput & {
  detail: AdminPaymentDetail | null;
  /** The last failure in the server's words. */
  error: string | null;
  /** What the last change did, for the screen's status line. */
  notice: string | null;
  receipt: ReceiptDraft;
  refund: RefundDraft;
  issue: IssueDraft;
  /** Every invalid field of the form last submitted, keyed '<form>.<field>' ('receipt.amount'). */
  issues: FieldIssues;
  /** Where the view puts focus next (a refused submit: its first invalid field). */
  focus: FocusRequest | null;
  /** The change's request id, made when it is first sent and kept until it is recorded or its form is edited. */
  requestId: string | null;
  /** The form `requestId` was made for (another form's change gets its own). */
  requestFor: CaseForm | null;
  /** Request ids made so far (the next one is made from the seed and this count). */
  made: number;
};

export type PaymentCaseEvent =
  | { type: 'case.retry' }
  | { type: 'case.receipt.edit'; field: keyof ReceiptDraft; value: string }
  | { type: 'case.receipt.submit' }
  /** 'Refund…': the confirm step opens; nothing is sent yet. */
  | { type: 'case.refund.ask' }
  | { type: 'case.refund.edit'; field: keyof RefundDraft; value: string }
  | { type: 'case.refund.cancel' }
  | { type: 'case.refund.confirm' }
  | { type: 'case.issue.edit'; field: keyof IssueDraft; value: string }
  | { type: 'case.issue.submit' };

export type LoadPaymentOutput = AdminPaymentDetail;
