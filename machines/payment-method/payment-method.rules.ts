/**
 * What the payment page's chart and its method charts (card, crypto, wire) share: the delays of spec section 9, the
 * body every initiate carries, and how a failure is worded. The method charts import only this (never the page's
 * chart), so the page's folder and theirs import one way.
 */
import { isApiError, serverMessageOf } from '../../src/shared/api-error.ts';
import { fromCents, type PaymentAmounts } from '../../src/shared/payment.ts';

/** Spec section 9 "Payment delays" and "Copy confirmation", in ms (the charts name them; tests move fake time). */
export const CARD_REDIRECT_MS = 3_000;
export const METHOD_REDIRECT_MS = 2_000;
export const CRYPTO_VERIFICATION_MS = 1_500;
export const WIRE_VERIFICATION_MS = 1_000;
export const COPY_CONFIRMATION_MS = 2_000;
/** Not in the spec: the pause before a failed price load is tried again. */
export const PRICE_RETRY_MS = 2_000;

/** The body every initiate carries: amount, fee and total in EUR (two decimals at most, from the cents). */
export const initiateAmounts = (amounts: PaymentAmounts) => ({
  amount: fromCents(amounts.amountCents),
  processingFee: fromCents(amounts.feeCents),
  totalAmount: fromCents(amounts.totalCents),
});

/** A failure's words: the spec's sentence, with the server's own when it said something for this request (4xx but 401). */
export function failureWords(error: unknown, fallback: string): { message: string; detail: string | null } {
  const said = isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401 ? serverMessageOf(error) : null;
  return { message: fallback, detail: said && said !== fallback ? said : null };
}

/** What the crypto and wire charts' shared actions do, for their `meta.descriptions` (one wording for both). */
export const METHOD_ACTION_DESCRIPTIONS = {
  clearError: 'Clears the error shown.',
  keepResult: "Keeps the server's record of the payment.",
  copyText: 'Copies the text to the clipboard.',
  noteCopied: "Shows 'Copied' beside what was copied.",
  clearCopied: "Hides 'Copied' again.",
  expireCopyLater: "Hides 'Copied' after 2 s.",
  cancelCopyExpiry: "Cancels the pending hiding of 'Copied' (something was copied again).",
  lockMethod: 'Tells the payment page a payment is under way: the method choice holds still.',
  unlockMethod: 'Tells the payment page the payment is no longer under way: another method may be chosen.',
} as const;
