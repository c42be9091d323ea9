/** The amount to send: total / rate, six decimals, rounded up (never short), as text. */
import { describe, expect, it } from 'vitest';
import { cryptoAmountToSend, paymentAmounts } from '../../../src/shared/payment.ts';

describe('cryptoAmountToSend', () => {
  it('divides the total by the rate to six decimals', () => {
    expect(cryptoAmountToSend(2_525_000, 3000)).toBe('8.416667');
    expect(cryptoAmountToSend(2_525_000, 60_000)).toBe('0.420834');
    expect(cryptoAmountToSend(300_000, 3000)).toBe('1.000000');
    expect(cryptoAmountToSend(2_525_000, 0.92)).toBe('27445.652174');
  });

  it('never sends short: the result times the rate covers the total', () => {
    for (const [cents, rate] of [
      [1_010_000, 2987.31],
      [101_000_000, 81234.5],
      [1_234_567, 0.9213],
      [1, 1_000_000],
      [99_999_999_999, 100],
    ] as const) {
      const amount = cryptoAmountToSend(cents, rate);
      expect(amount).toMatch(/^\d+\.\d{6}$/);
      expect(Number(amount) * rate * 100).toBeGreaterThanOrEqual(cents - 1e-6);
      // ... and by less than one micro-unit too much.
      expect((Number(amount) - 1e-6) * rate * 100).toBeLessThan(cents + 1e-6);
    }
  });

  it('the crypto total carries the 1 % fee', () => {
    expect(paymentAmounts(25_000, 'CRYPTO')).toEqual({ amountCents: 2_500_000, feeCents: 25_000, totalCents: 2_525_000 });
    expect(paymentAmounts(25_000, 'WIRE').totalCents).toBe(2_500_000);
  });
});
