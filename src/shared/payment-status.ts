/**
 * The payment step's status answer (GET /api/payment/status, spec section 3 "Payment") and the enumerations it names.
 * A module of its own because the process's step rules (src/shared/process.ts) read it in the first script of every
 * page: the rest of the payment contract (payment.ts, which re-exports this) stays in the payment page's chunks.
 */
import * as v from 'valibot';

/** payments.payment_method. BANK_TRANSFER is the spec's fourth value: stored and shown, paid as WIRE. */
export const PAYMENT_METHODS = ['CARD', 'CRYPTO', 'WIRE', 'BANK_TRANSFER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * payments.payment_status, one payment attempt:
 *   PENDING         initiated, nothing paid yet (a declined card stays here: its intent takes another card)
 *   PROCESSING      the card provider is working on it (e.g. waiting for 3-D Secure)
 *   AWAITING_FUNDS  crypto or wire: the investor says it is sent; the foundation has not yet seen the funds
 *   COMPLETED       funds confirmed (a card: the provider told the server it succeeded)
 *   FAILED          given up (a cancelled card intent); a new attempt is a new row
 *   ON_HOLD         crypto or wire: finance recorded funds that do not match the total (under- or over-payment); held
 *                   until a further receipt makes the sum exact or the funds are refunded (issue 15). Any method:
 *                   funds that arrived while another payment of the investment was already COMPLETED (paid twice,
 *                   issue 26), held until refunded
 *   REFUNDED        the funds were returned to the investor (issue 15: KYC rejected, or a held payment)
 */
export const PAYMENT_STATUSES = ['PENDING', 'PROCESSING', 'AWAITING_FUNDS', 'COMPLETED', 'FAILED', 'ON_HOLD', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Each status in words, for the investor's payment summary and the back office. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  AWAITING_FUNDS: 'Awaiting funds',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  ON_HOLD: 'On hold: the amount received differs from the total, or your investment was already paid (our finance team will contact you)',
  REFUNDED: 'Refunded',
};

/** The status answer: the latest attempt's status, or NOT_STARTED while there is none (no row stands for it). */
export const PAYMENT_PROGRESS_STATUSES = ['NOT_STARTED', ...PAYMENT_STATUSES] as const;
export type PaymentProgressStatus = (typeof PAYMENT_PROGRESS_STATUSES)[number];

/**
 * The investment as the payment step sees it: AWAITING_PAYMENT until the investor's payment step is done,
 * FUNDS_PENDING while crypto or wire funds await reconciliation, PAID once a payment is COMPLETED.
 */
export const INVESTMENT_PAYMENT_STATUSES = ['AWAITING_PAYMENT', 'FUNDS_PENDING', 'PAID'] as const;
export type InvestmentPaymentStatus = (typeof INVESTMENT_PAYMENT_STATUSES)[number];

/** The coins on offer (payment.ts has their price ids and chains). */
export const CRYPTO_CURRENCIES = ['ETH', 'BTC', 'USDC', 'USDT'] as const;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

const nullableTime = v.nullable(v.string());

/** The latest payment attempt, for the read-only summary (spec section 3 "Payment data response"). */
export const LatestPaymentSchema = v.object({
  id: v.string(),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  paymentStatus: v.picklist(PAYMENT_STATUSES),
  amount: v.number(),
  processingFee: v.number(),
  totalAmount: v.number(),
  /** The card's PaymentIntent id, the crypto transaction hash or the wire reference the investor confirmed. */
  transactionId: v.nullable(v.string()),
  /** The reference to quote: the wire reference, or the payment's own reference for card and crypto. */
  paymentRef: v.nullable(v.string()),
  cryptoCurrency: v.nullable(v.picklist(CRYPTO_CURRENCIES)),
  cryptoAmount: v.nullable(v.string()),
  createdAt: v.string(),
  /** When the investor's payment step was done (card: paid; crypto and wire: sent). */
  confirmedAt: nullableTime,
  /** When the funds were confirmed (card: with confirmedAt; crypto and wire: at reconciliation). */
  completedAt: nullableTime,
});
export type LatestPayment = v.InferOutput<typeof LatestPaymentSchema>;

/** GET /api/payment/status: spec section 3 "Status" plus the investment's payment status and the latest payment. */
export const PaymentStatusResponseSchema = v.object({
  paymentStatus: v.picklist(PAYMENT_PROGRESS_STATUSES),
  paymentMethod: v.nullable(v.picklist(PAYMENT_METHODS)),
  completedAt: nullableTime,
  investment: v.object({
    amount: v.number(),
    tokenQuantity: v.number(),
    paymentCompleted: v.boolean(),
    completedAt: nullableTime,
    status: v.optional(v.picklist(INVESTMENT_PAYMENT_STATUSES)),
  }),
  latestPayment: v.optional(v.nullable(LatestPaymentSchema)),
});
export type PaymentStatusResponse = v.InferOutput<typeof PaymentStatusResponseSchema>;
