/**
 * The payment page's pure rules: the card form (Luhn, grouping, expiry not in the past, CVC, the test card mapping,
 * completeness), the crypto answer's checks (spec section 5) and amounts to send, the amounts' writing (en-GB EUR,
 * whole euros without decimals, cents kept; tokens to six decimals), and Stripe.js answers read as an intent.
 */
import { describe, expect, it } from 'vitest';
import {
  cardErrors,
  expiryError,
  firstFieldToFix,
  formatCardNumber,
  formatExpiry,
  isCardComplete,
  passesLuhn,
  testPaymentMethodOf,
} from '../../../machines/payment-card/payment-card.rules.ts';
import { coinOffers, isQuoteExpired, ratesLoadProblem, ratesProblem } from '../../../machines/payment-crypto/payment-crypto.rules.ts';
import { RATES_OUT_OF_RANGE, RATES_WITHOUT_ETH, ratesAnswer, statusAnswer } from '../../../machines/payment/payment.fixtures.ts';
import { failureWords, initiateAmounts } from '../../../machines/payment-method/payment-method.rules.ts';
import { formatCents, formatEur, formatTokens, isPaymentStepComplete } from '../../../machines/payment/payment.rules.ts';
import { intentOfStripeResult } from '../../../src/client/effects/payment-effects.ts';
import { ApiError } from '../../../src/shared/api-error.ts';
import { messages } from '../../../src/shared/messages.ts';
import { paymentPageMessages } from '../../../src/shared/messages/payment-page.ts';
import { TEST_CARDS, paymentAmounts } from '../../../src/shared/payment.ts';

const text = { ...messages.payment, ...paymentPageMessages };
const NOW = new Date('2026-11-24T10:00:00Z');

describe('card form rules', () => {
  it('passes Luhn for every Stripe test card and refuses a changed digit', () => {
    for (const number of Object.keys(TEST_CARDS)) {
      expect(passesLuhn(number)).toBe(true);
      const changed = number.slice(0, -1) + String((Number(number.at(-1)) + 1) % 10);
      expect(passesLuhn(changed)).toBe(false);
    }
    expect(passesLuhn('4111 1111 1111 1111')).toBe(true);
    expect(passesLuhn('1234')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('groups the number by four, keeps 19 digits at most, and puts the slash in the expiry', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 abc 42')).toBe('4242 4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
    expect(formatExpiry('1240')).toBe('12/40');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12/4')).toBe('12/4');
  });

  it('maps each test card to its PaymentMethod id, and nothing else', () => {
    expect(testPaymentMethodOf('4242 4242 4242 4242')).toBe('pm_card_visa');
    expect(testPaymentMethodOf('4000 0000 0000 0002')).toBe('pm_card_chargeDeclined');
    expect(testPaymentMethodOf('4000000000009995')).toBe('pm_card_chargeDeclinedInsufficientFunds');
    expect(testPaymentMethodOf('4000 0025 0000 3155')).toBe('pm_card_authenticationRequiredOnSetup');
    expect(testPaymentMethodOf('4111111111111111')).toBeNull();
    expect(testPaymentMethodOf('toString')).toBeNull();
  });

  it('refuses an expiry in the past or malformed, and takes this month', () => {
    expect(expiryError('11/26', NOW)).toBeNull();
    expect(expiryError('10/26', NOW)).toBe(text.cardExpired);
    expect(expiryError('01/40', NOW)).toBeNull();
    expect(expiryError('13/30', NOW)).toBe(text.cardExpiryInvalid);
    expect(expiryError('00/30', NOW)).toBe(text.cardExpiryInvalid);
    expect(expiryError('1/30', NOW)).toBe(text.cardExpiryInvalid);
  });

  it('is complete only with every field filled and valid, and says which field to fix first', () => {
    const good = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ada' };
    expect(isCardComplete(good, NOW)).toBe(true);
    expect(firstFieldToFix(good, NOW)).toBeNull();
    expect(isCardComplete({ ...good, name: '  ' }, NOW)).toBe(false);
    expect(firstFieldToFix({ ...good, name: '' }, NOW)).toBe('name');
    expect(isCardComplete({ ...good, cvc: '12' }, NOW)).toBe(false);
    expect(cardErrors({ ...good, cvc: '12' }, NOW).cvc).toBe(text.cardCvcInvalid);
    expect(isCardComplete({ ...good, cvc: '1234' }, NOW)).toBe(true);
    expect(cardErrors({ ...good, number: '4111 1111 1111 1111' }, NOW).number).toBe(text.cardNotTestCard);
    expect(cardErrors({ ...good, number: '4242 4242 4242 4241' }, NOW).number).toBe(text.cardNumberInvalid);
    expect(firstFieldToFix({ ...good, number: '4242 4242 4242 4241', expiry: '' }, NOW)).toBe('number');
    expect(cardErrors({ number: '', expiry: '', cvc: '', name: '' }, NOW)).toEqual({ number: null, expiry: null, cvc: null, name: null });
  });
});

describe('crypto price rules (spec section 5)', () => {
  it('believes ETH and BTC in range, refuses missing or out-of-range prices in the spec words', () => {
    expect(ratesProblem(ratesAnswer())).toBeNull();
    expect(ratesProblem(RATES_WITHOUT_ETH)).toBe(text.pricesMissing);
    expect(ratesProblem(RATES_OUT_OF_RANGE)).toBe(text.pricesOutOfRange);
    expect(ratesProblem(ratesAnswer({ ethereum: { eur: 100_001 } }))).toBe(text.pricesOutOfRange);
    expect(ratesProblem(ratesAnswer({ ethereum: { eur: 100 }, bitcoin: { eur: 1_000_000 } }))).toBeNull();
    expect(ratesProblem(ratesAnswer({ ethereum: { eur: Number.NaN } }))).toBe(text.pricesMissing);
  });

  it("words a failed load as 'API Error: {status}', else its own words", () => {
    expect(ratesLoadProblem(new ApiError('HTTP 503', 503, null))).toBe(text.pricesApiError(503));
    expect(ratesLoadProblem(new ApiError(messages.general.network, 0, null))).toBe(messages.general.network);
    expect(isQuoteExpired(new ApiError(text.quoteExpired, 409, null))).toBe(true);
    expect(isQuoteExpired(new ApiError('other', 409, null))).toBe(false);
  });

  it('offers each coin with six decimals to send, rounded up, and no amount for a coin without a price', () => {
    const total = paymentAmounts(10_000, 'CRYPTO').totalCents;
    const offers = coinOffers(ratesAnswer(), total);
    expect(offers.map((o) => o.coin)).toEqual(['ETH', 'BTC', 'USDC', 'USDT']);
    expect(offers[0]!.amountToSend).toBe('4.040000');
    expect(offers[1]!.amountToSend).toBe('0.126250');
    expect(offers[2]!.amountToSend).toBe('10978.260870');
    const withoutTether = ratesAnswer({ tether: undefined });
    withoutTether.quotes.USDT = { price: null, asOf: null, source: 'none', ageSeconds: null, status: 'unavailable' };
    expect(coinOffers(withoutTether, total)[3]).toMatchObject({ rate: null, amountToSend: null });
  });
});

describe('amounts', () => {
  it('writes whole euros without decimals and keeps cents where there are some', () => {
    expect(formatCents(1_000_000)).toBe('€10,000');
    expect(formatCents(40_050)).toBe('€400.50');
    expect(formatEur(10_400)).toBe('€10,400');
    expect(formatEur(0.1 + 0.2)).toBe('€0.30');
    expect(formatTokens(12_345.6789012)).toBe('12,345.678901');
    expect(formatTokens(5)).toBe('5');
  });

  it('sends the amounts of the method in EUR from its cents', () => {
    expect(initiateAmounts(paymentAmounts(1_234.56, 'CARD'))).toEqual({ amount: 1_234.56, processingFee: 49.38, totalAmount: 1_283.94 });
    expect(initiateAmounts(paymentAmounts(10_000, 'WIRE'))).toEqual({ amount: 10_000, processingFee: 0, totalAmount: 10_000 });
  });

  it('counts the step complete when the payment is COMPLETED or the investment flagged paid', () => {
    expect(isPaymentStepComplete(statusAnswer())).toBe(false);
    expect(isPaymentStepComplete(statusAnswer({ paymentStatus: 'COMPLETED' }))).toBe(true);
    expect(isPaymentStepComplete(statusAnswer({ paymentStatus: 'AWAITING_FUNDS' }, { paymentCompleted: true }))).toBe(true);
    expect(isPaymentStepComplete(statusAnswer({ paymentStatus: 'PENDING' }))).toBe(false);
  });

  it("shows the server's words under the spec's sentence only for a refusal of this request", () => {
    expect(failureWords(new ApiError('Quote expired.', 409, null), 'Failed.')).toEqual({ message: 'Failed.', detail: 'Quote expired.' });
    expect(failureWords(new ApiError('HTTP 500', 500, null), 'Failed.')).toEqual({ message: 'Failed.', detail: null });
    expect(failureWords(new ApiError('No session', 401, null), 'Failed.')).toEqual({ message: 'Failed.', detail: null });
    expect(failureWords(null, 'Failed.')).toEqual({ message: 'Failed.', detail: null });
  });
});

describe('Stripe.js answers', () => {
  it('reads a confirmPayment result as the intent the card chart reads', () => {
    expect(intentOfStripeResult({ paymentIntent: { id: 'pi_1', status: 'succeeded' } as never })).toEqual({ id: 'pi_1', status: 'succeeded', lastPaymentError: null });
    expect(
      intentOfStripeResult({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: { id: 'pi_1', status: 'requires_payment_method' } } as never }),
    ).toEqual({ id: 'pi_1', status: 'requires_payment_method', lastPaymentError: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } });
    expect(intentOfStripeResult({ error: { type: 'validation_error' } as never }).lastPaymentError?.message).toBe('validation_error');
  });
});
