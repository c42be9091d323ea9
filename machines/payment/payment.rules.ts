/**
 * Pure rules of the payment page (spec sections 2 "Payment page", 9): the amounts of a method in integer cents as the
 * server computes them, how they are written (en-GB, EUR), whether the step is already done, and the delays of
 * section 9 in one place.
 */
import { isApiError, serverMessageOf } from '../../src/shared/api-error.ts';
import { fromCents, paymentAmounts, type ChoosableMethod, type PaymentAmounts, type PaymentStatusResponse } from '../../src/shared/payment.ts';

/** Spec section 9 "Payment delays" and "Copy confirmation", in ms (the charts name them; tests move fake time). */
export const CARD_REDIRECT_MS = 3_000;
export const METHOD_REDIRECT_MS = 2_000;
export const CRYPTO_VERIFICATION_MS = 1_500;
export const WIRE_VERIFICATION_MS = 1_000;
export const COPY_CONFIRMATION_MS = 2_000;
/** Not in the spec: the pause before a failed price load is tried again. */
export const PRICE_RETRY_MS = 2_000;

/** Spec section 4: the step is complete when the payment is COMPLETED or the investment is flagged paid. */
export const isPaymentStepComplete = (status: PaymentStatusResponse): boolean =>
  status.paymentStatus === 'COMPLETED' || status.investment.paymentCompleted;

/** A method's amounts for an investment of `amountEur` (what the server computes and compares with). */
export const amountsFor = (amountEur: number, method: ChoosableMethod): PaymentAmounts => paymentAmounts(amountEur, method);

/** The body every initiate carries: amount, fee and total in EUR (two decimals at most, from the cents). */
export const initiateAmounts = (amounts: PaymentAmounts) => ({
  amount: fromCents(amounts.amountCents),
  processingFee: fromCents(amounts.feeCents),
  totalAmount: fromCents(amounts.totalCents),
});

const wholeEur = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const centsEur = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 2, minimumFractionDigits: 2 });

/**
 * An amount in cents, en-GB EUR. Whole euros are written without decimals (spec section 9: summaries have none); an
 * amount with cents (a 4 % or 1 % fee, the total with it) keeps its two decimals: money owed is never rounded away.
 */
export const formatCents = (cents: number): string => (cents % 100 === 0 ? wholeEur.format(cents / 100) : centsEur.format(cents / 100));
/** The same for an amount the server gives in EUR. */
export const formatEur = (eur: number): string => formatCents(Math.round(eur * 100));

const tokenFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 6 });
/** A token count, up to six decimals (spec section 9). */
export const formatTokens = (tokens: number): string => tokenFormat.format(tokens);

const rateFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 2, minimumFractionDigits: 2 });
/** A coin's EUR rate, with cents (a stablecoin is worth less than a euro). */
export const formatRate = (eur: number): string => rateFormat.format(eur);

/** The fee percentage of a method as written on its card ('4', '1', '0'). */
export const feePercentOf = (basisPoints: number): string => String(basisPoints / 100);

/** A failure's words: the server's when it said something for this request (4xx but 401), else the spec's sentence. */
export function failureWords(error: unknown, fallback: string): { message: string; detail: string | null } {
  const said = isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401 ? serverMessageOf(error) : null;
  return { message: fallback, detail: said && said !== fallback ? said : null };
}

/** No session: the API client refuses without a token (401) before asking. */
export const isAuthError = (error: unknown): boolean => isApiError(error) && error.status === 401;
