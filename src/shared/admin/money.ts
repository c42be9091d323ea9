/**
 * The back office's finance area (issue 15): the payment list and view, funds receipts, refunds, token issuance and
 * the CSV exports. The request schemas the server validates with and the answers' shapes the admin pages read.
 */
import * as v from 'valibot';
import { CRYPTO_CURRENCIES, PAYMENT_METHODS, PAYMENT_STATUSES, type CryptoCurrency, type PaymentMethod, type PaymentStatus } from '../payment-status.ts';
import { moneyMessages } from './money-messages.ts';
import type { InvestorWallets } from './wallets.ts';

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

export type ReceiptView = { id: string; amount: number; receivedOn: string; reference: string; referenceKind: ReceiptReferenceKind; staffId: string | null; recordedAt: string };
export type RefundView = {
  id: string;
  status: RefundStatus;
  amount: number;
  reason: string;
  outgoingReference: string | null;
  providerRefundId: string | null;
  staffId: string | null;
  createdAt: string;
  completedAt: string | null;
};
export type IssuanceView = {
  id: string;
  userId: string;
  paymentId: string;
  tokenQuantity: number;
  walletAddress: string;
  transactionHash: string;
  staffId: string | null;
  issuedAt: string;
};

/** One payment in the list: the investor, the amounts, the method and status, what was received, refunded, issued. */
export type AdminPaymentSummary = {
  id: string;
  userId: string;
  investorName: string | null;
  investorEmail: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** COMPLETED: the funds are the foundation's (a card payment the provider confirmed, or an exact receipt). */
  settled: boolean;
  amount: number;
  processingFee: number;
  totalAmount: number;
  cryptoCurrency: CryptoCurrency | null;
  cryptoAmount: string | null;
  /** The payment's reference and the investor's transaction id (card intent, tx hash or wire reference). */
  paymentRef: string | null;
  transactionId: string | null;
  receivedTotal: number;
  receiptCount: number;
  refund: { status: RefundStatus; amount: number } | null;
  issued: boolean;
  kycStatus: string | null;
  holdReason: string | null;
  createdAt: string;
  completedAt: string | null;
};

export type AdminPaymentPage = { payments: AdminPaymentSummary[]; nextCursor: string | null };

export type AdminAuditEntry = { action: string; staffId: string | null; detail: Record<string, unknown>; at: string };

export type AdminPaymentDetail = {
  payment: AdminPaymentSummary;
  receipts: ReceiptView[];
  refund: RefundView | null;
  issuance: IssuanceView | null;
  audit: AdminAuditEntry[];
  /** The investor's wallets: the one signed for (tokens go there) and the one registered (wallets.ts). */
  wallets: InvestorWallets;
  /** What finance may do now, as the server's rules say (the page shows only these). */
  actions: { recordReceipt: boolean; refund: boolean; issue: boolean };
};

export type IssuancePage = { issuances: (IssuanceView & { investorEmail: string; investorName: string | null })[]; nextCursor: string | null };

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
