/**
 * The back office's finance area (issue 15): the payment list and view, funds receipts, refunds, token issuance and
 * the CSV exports. The request schemas the server validates with and the answers' shapes the admin pages read.
 */
import * as v from 'valibot';
import { CRYPTO_CURRENCIES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../payment-status.ts';
import { issuesByField, type FieldIssues } from '../validate.ts';
import { moneyMessages } from './money-messages.ts';
import { InvestorWalletsSchema } from './wallets.ts';

export const REFUND_STATUSES = ['PENDING', 'SUCCEEDED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What a receipt's reference is: a bank reference (wire) or a transaction hash (crypto). */
export const RECEIPT_REFERENCE_KINDS = ['bank-reference', 'tx-hash'] as const;
export type ReceiptReferenceKind = (typeof RECEIPT_REFERENCE_KINDS)[number];

/** Payments per page of the list (the server refuses more). */
export const PAYMENT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** The largest single receipt (EUR): far above any investment, and it keeps cents inside a safe integer. */
export const MAX_RECEIPT_EUR = 100_000_000;
export const MAX_REASON_LENGTH = 500;
export const MAX_REFERENCE_LENGTH = 140;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RequestId = v.pipe(v.string(), v.regex(uuidPattern, moneyMessages.requestIdInvalid));

/** Printable text: no control, format, surrogate or unassigned characters; no blanks around it. */
export const isPrintableText = (value: string): boolean => /^[^\p{C}]+$/u.test(value) && value.trim() === value;

/** Whole cents of a euro amount given with at most two decimals, or null. */
export function eurToCents(amount: number): number | null {
  if (!Number.isFinite(amount) || amount <= 0 || amount > MAX_RECEIPT_EUR) return null;
  const cents = Math.round(amount * 100);
  return Math.abs(cents - amount * 100) < 1e-6 ? cents : null;
}

export const RecordReceiptRequestSchema = v.object({
  requestId: RequestId,
  amount: v.pipe(
    v.number(moneyMessages.amountInvalid),
    v.check((n) => eurToCents(n) !== null, moneyMessages.amountInvalid),
  ),
  receivedOn: v.pipe(v.string(moneyMessages.receivedOnInvalid), v.isoDate(moneyMessages.receivedOnInvalid)),
  reference: v.pipe(v.string(moneyMessages.referenceRequired), v.minLength(1, moneyMessages.referenceRequired), v.maxLength(200, moneyMessages.referenceTooLong)),
});
export type RecordReceiptRequest = v.InferOutput<typeof RecordReceiptRequestSchema>;

export const RefundRequestSchema = v.object({
  requestId: RequestId,
  reason: v.pipe(v.string(moneyMessages.reasonRequired), v.trim(), v.minLength(1, moneyMessages.reasonRequired), v.maxLength(MAX_REASON_LENGTH, moneyMessages.reasonTooLong)),
  outgoingReference: v.optional(v.pipe(v.string(moneyMessages.outgoingReferenceInvalid), v.trim(), v.maxLength(200, moneyMessages.referenceTooLong))),
});
export type RefundRequest = v.InferOutput<typeof RefundRequestSchema>;

export const IssuanceRequestSchema = v.object({
  requestId: RequestId,
  transactionHash: v.pipe(v.string(moneyMessages.issuanceHashInvalid), v.trim(), v.regex(/^0x[0-9a-fA-F]{64}$/, moneyMessages.issuanceHashInvalid)),
});
export type IssuanceRequest = v.InferOutput<typeof IssuanceRequestSchema>;

/**
 * The finance forms as typed (issue 29: their drafts live in the payment-case chart) and what is wrong with them, by
 * the request schemas the server validates with (without the request id, which the chart makes when it sends).
 */
export type ReceiptDraft = { amount: string; receivedOn: string; reference: string };
export type RefundDraft = { reason: string; outgoingReference: string };
export type IssueDraft = { transactionHash: string };
export const RECEIPT_FIELDS = ['amount', 'receivedOn', 'reference'] as const;
export const REFUND_FIELDS = ['reason', 'outgoingReference'] as const;
export const ISSUE_FIELDS = ['transactionHash'] as const;

/** The receipt's body: the amount as a number (an empty field is no number), the reference without blanks around it. */
export const receiptBody = (d: ReceiptDraft) => ({ amount: d.amount.trim() === '' ? Number.NaN : Number(d.amount.trim()), receivedOn: d.receivedOn, reference: d.reference.trim() });
/** A card refund goes back through the provider; a transfer's was made by hand and names its outgoing reference. */
export const refundBody = (d: RefundDraft, card: boolean) => (card ? { reason: d.reason.trim() } : { reason: d.reason.trim(), outgoingReference: d.outgoingReference.trim() });
export const issueBody = (d: IssueDraft) => ({ transactionHash: d.transactionHash.trim() });

/** Every invalid field of the receipt form; a day after `today` (the staff member's, YYYY-MM-DD) is in the future. */
export function receiptIssues(d: ReceiptDraft, today: string): FieldIssues {
  const issues = { ...issuesByField(v.omit(RecordReceiptRequestSchema, ['requestId']), receiptBody(d)) };
  if (!issues.receivedOn && d.receivedOn > today) issues.receivedOn = moneyMessages.receivedOnFuture;
  return issues;
}
export function refundIssues(d: RefundDraft, card: boolean): FieldIssues {
  const issues = { ...issuesByField(v.omit(RefundRequestSchema, ['requestId']), refundBody(d, card)) };
  if (!card && !issues.outgoingReference && d.outgoingReference.trim() === '') issues.outgoingReference = moneyMessages.outgoingReferenceRequired;
  return issues;
}
export const issueIssues = (d: IssueDraft): FieldIssues => issuesByField(v.omit(IssuanceRequestSchema, ['requestId']), issueBody(d));

/** How the finance pages write an amount: 'EUR 1,000.00'. */
export const eurAmount = (n: number): string => `EUR ${n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

// The answers' schemas (issue 29): v.object, not strict, so a field the server adds does not break an open page.
const nullableText = v.nullable(v.string());

export const ReceiptViewSchema = v.object({
  id: v.string(),
  amount: v.number(),
  receivedOn: v.string(),
  reference: v.string(),
  referenceKind: v.picklist(RECEIPT_REFERENCE_KINDS),
  staffId: nullableText,
  /** Who recorded it, by display name (null: staff since removed, or recorded by the system). */
  staffName: nullableText,
  recordedAt: v.string(),
});
export type ReceiptView = v.InferOutput<typeof ReceiptViewSchema>;

export const RefundViewSchema = v.object({
  id: v.string(),
  status: v.picklist(REFUND_STATUSES),
  amount: v.number(),
  reason: v.string(),
  outgoingReference: nullableText,
  providerRefundId: nullableText,
  staffId: nullableText,
  createdAt: v.string(),
  completedAt: nullableText,
});
export type RefundView = v.InferOutput<typeof RefundViewSchema>;

export const IssuanceViewSchema = v.object({
  id: v.string(),
  userId: v.string(),
  paymentId: v.string(),
  tokenQuantity: v.number(),
  walletAddress: v.string(),
  transactionHash: v.string(),
  staffId: nullableText,
  issuedAt: v.string(),
});
export type IssuanceView = v.InferOutput<typeof IssuanceViewSchema>;

/** One payment in the list: the investor, the amounts, the method and status, what was received, refunded, issued. */
export const AdminPaymentSummarySchema = v.object({
  id: v.string(),
  userId: v.string(),
  investorName: nullableText,
  investorEmail: v.string(),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  paymentStatus: v.picklist(PAYMENT_STATUSES),
  /** COMPLETED: the funds are the foundation's (a card payment the provider confirmed, or an exact receipt). */
  settled: v.boolean(),
  amount: v.number(),
  processingFee: v.number(),
  totalAmount: v.number(),
  cryptoCurrency: v.nullable(v.picklist(CRYPTO_CURRENCIES)),
  cryptoAmount: nullableText,
  /** The payment's reference and the investor's transaction id (card intent, tx hash or wire reference). */
  paymentRef: nullableText,
  transactionId: nullableText,
  receivedTotal: v.number(),
  receiptCount: v.number(),
  refund: v.nullable(v.object({ status: v.picklist(REFUND_STATUSES), amount: v.number() })),
  issued: v.boolean(),
  kycStatus: nullableText,
  holdReason: nullableText,
  createdAt: v.string(),
  completedAt: nullableText,
});
export type AdminPaymentSummary = v.InferOutput<typeof AdminPaymentSummarySchema>;

export const AdminPaymentPageSchema = v.object({ payments: v.array(AdminPaymentSummarySchema), nextCursor: nullableText });
export type AdminPaymentPage = v.InferOutput<typeof AdminPaymentPageSchema>;

/** One audit event of the payment: `staffName` is who acted, by display name (null: the investor or the system). */
export const AdminAuditEntrySchema = v.object({ action: v.string(), staffId: nullableText, staffName: nullableText, detail: v.record(v.string(), v.unknown()), at: v.string() });
export type AdminAuditEntry = v.InferOutput<typeof AdminAuditEntrySchema>;

export const AdminPaymentDetailSchema = v.object({
  payment: AdminPaymentSummarySchema,
  receipts: v.array(ReceiptViewSchema),
  refund: v.nullable(RefundViewSchema),
  issuance: v.nullable(IssuanceViewSchema),
  /** Newest first. */
  audit: v.array(AdminAuditEntrySchema),
  /** The investor's wallets: the one signed for (tokens go there) and the one registered (wallets.ts). */
  wallets: InvestorWalletsSchema,
  /** What finance may do now, as the server's rules say (the page shows only these). */
  actions: v.object({ recordReceipt: v.boolean(), refund: v.boolean(), issue: v.boolean() }),
});
export type AdminPaymentDetail = v.InferOutput<typeof AdminPaymentDetailSchema>;

export const IssuancePageSchema = v.object({
  issuances: v.array(v.object({ ...IssuanceViewSchema.entries, investorEmail: v.string(), investorName: nullableText })),
  nextCursor: nullableText,
});
export type IssuancePage = v.InferOutput<typeof IssuancePageSchema>;

/** POST .../receipts: the payment as the receipt left it (`replayed`: the same request seen before, nothing recorded). */
export const ReceiptOutcomeSchema = v.object({
  paymentId: v.string(),
  paymentStatus: v.picklist(PAYMENT_STATUSES),
  receivedTotal: v.number(),
  totalAmount: v.number(),
  receiptId: v.string(),
  replayed: v.boolean(),
});
export type ReceiptOutcome = v.InferOutput<typeof ReceiptOutcomeSchema>;

export const PAYMENT_FILTER_STATUSES = PAYMENT_STATUSES;
export const PAYMENT_FILTER_METHODS = PAYMENT_METHODS;
export const ISSUANCE_CURRENCIES = CRYPTO_CURRENCIES;

export const MONEY_PATHS = {
  payments: '/api/admin/payments',
  payment: (id: string) => `/api/admin/payments/${encodeURIComponent(id)}`,
  receipts: (id: string) => `/api/admin/payments/${encodeURIComponent(id)}/receipts`,
  refund: (id: string) => `/api/admin/payments/${encodeURIComponent(id)}/refund`,
  issuance: (userId: string) => `/api/admin/investors/${encodeURIComponent(userId)}/issuance`,
  issuances: '/api/admin/issuances',
  paymentsCsv: '/api/admin/exports/payments.csv',
  issuancesCsv: '/api/admin/exports/issuances.csv',
} as const;
