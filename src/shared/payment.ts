/**
 * The payment step (spec sections 4 "Payment" and 9): the payment methods and statuses as stored, the fee rule and
 * GET /api/payment/status.
 */
import * as v from 'valibot';

/** payments.payment_method. */
export const PAYMENT_METHODS = ['CARD', 'CRYPTO', 'WIRE', 'BANK_TRANSFER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** payments.payment_status: the status of one payment attempt. */
export const PAYMENT_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The status answer: the latest attempt's status, or NOT_STARTED while there is none (no row stands for it). */
export const PAYMENT_PROGRESS_STATUSES = ['NOT_STARTED', ...PAYMENT_STATUSES] as const;
export type PaymentProgressStatus = (typeof PAYMENT_PROGRESS_STATUSES)[number];

/** Spec section 9 "Processing fee": card 4 %, crypto 1 %, wire none. */
export const FEE_RATES = { CARD: 0.04, CRYPTO: 0.01, WIRE: 0, BANK_TRANSFER: 0 } as const satisfies Record<PaymentMethod, number>;

export const processingFee = (amount: number, method: PaymentMethod): number =>
  Math.round(amount * FEE_RATES[method] * 100) / 100;

const nullableTime = v.nullable(v.string());

export const PaymentStatusResponseSchema = v.object({
  paymentStatus: v.picklist(PAYMENT_PROGRESS_STATUSES),
  paymentMethod: v.nullable(v.picklist(PAYMENT_METHODS)),
  completedAt: nullableTime,
  investment: v.object({ amount: v.number(), tokenQuantity: v.number(), paymentCompleted: v.boolean(), completedAt: nullableTime }),
});
export type PaymentStatusResponse = v.InferOutput<typeof PaymentStatusResponseSchema>;
