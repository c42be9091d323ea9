/**
 * Pure rules of the payment page (spec sections 2 "Payment page", 9): how amounts are written (en-GB, EUR), whether
 * the step is already done. A method's amounts are the contract's paymentAmounts, what the server compares with.
 */
import { isApiError } from '../../src/shared/api-error.ts';
import { formatEur as formatWholeEur, formatTokensSummary } from '../../src/shared/format.ts';
import type { PaymentStatusResponse } from '../../src/shared/payment.ts';

/** Spec section 4: the step is complete when the payment is COMPLETED or the investment is flagged paid. */
export const isPaymentStepComplete = (status: PaymentStatusResponse): boolean =>
  status.paymentStatus === 'COMPLETED' || status.investment.paymentCompleted;

const centsEur = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 2, minimumFractionDigits: 2 });

/**
 * An amount in cents, en-GB EUR. Whole euros are written without decimals (spec section 9: summaries have none); an
 * amount with cents (a 4 % or 1 % fee, the total with it) keeps its two decimals: money owed is never rounded away.
 */
export const formatCents = (cents: number): string => (cents % 100 === 0 ? formatWholeEur(cents / 100) : centsEur.format(cents / 100));
/** The same for an amount the server gives in EUR. */
export const formatEur = (eur: number): string => formatCents(Math.round(eur * 100));

/** A token count, up to six decimals (spec section 9). */
export const formatTokens = formatTokensSummary;

/** A coin's EUR rate, with cents (a stablecoin is worth less than a euro). */
export const formatRate = (eur: number): string => centsEur.format(eur);

/** The fee percentage of a method as written on its card ('4', '1', '0'). */
export const feePercentOf = (basisPoints: number): string => String(basisPoints / 100);

/** No session: the API client refuses without a token (401) before asking. */
export const isAuthError = (error: unknown): boolean => isApiError(error) && error.status === 401;
