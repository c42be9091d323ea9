/** The TEST MODE banner lists exactly the test cards the card providers accept, each with what it does. */
import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages.ts';
import { TEST_CARDS } from '../../../src/shared/payment.ts';

describe('the TEST MODE card list', () => {
  it('names every accepted test card once, and no other number', () => {
    const listed = messages.payment.testCards.map((card) => card.number.replace(/ /g, ''));
    expect(listed.sort()).toEqual(Object.keys(TEST_CARDS).sort());
    expect(messages.payment.testCards.every((card) => card.outcome.length > 0)).toBe(true);
  });
});
