/**
 * The local test-mode card form's rules (spec section 5 "Card form"): the number grouped by four and checked by Luhn,
 * the expiry MM/YY not in the past, a CVC of 3 or 4 digits, a cardholder name; and the number mapped to the Stripe
 * test PaymentMethod id it stands for. Only that id leaves the browser.
 */
import { messages } from '../../src/shared/messages.ts';
import { paymentPageMessages } from '../../src/shared/messages/payment-page.ts';
import { TEST_CARDS, type TestPaymentMethodId } from '../../src/shared/payment.ts';

const text = { ...messages.payment, ...paymentPageMessages };

export type CardFields = { number: string; expiry: string; cvc: string; name: string };
export type CardField = keyof CardFields;
export const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '', name: '' };

const digits = (value: string) => value.replace(/\D/g, '');

/** The number as typed, kept to 19 digits and grouped by four ('4242 4242 4242 4242'). */
export const formatCardNumber = (value: string): string =>
  digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** The expiry as typed: MM/YY with the slash put in after the month. */
export function formatExpiry(value: string): string {
  const d = digits(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export const formatCvc = (value: string): string => digits(value).slice(0, 4);
export const formatName = (value: string): string => value.slice(0, 100);

/** A field's value as the form keeps it. */
export function fieldValue(field: CardField, value: string): string {
  if (field === 'number') return formatCardNumber(value);
  if (field === 'expiry') return formatExpiry(value);
  if (field === 'cvc') return formatCvc(value);
  return formatName(value);
}

/** Luhn's check digit rule (every card number passes it). */
export function passesLuhn(number: string): boolean {
  const d = digits(number);
  if (d.length < 12 || d.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** The Stripe test PaymentMethod id a test card number stands for, else null. */
export const testPaymentMethodOf = (number: string): TestPaymentMethodId | null =>
  (TEST_CARDS as Record<string, TestPaymentMethodId>)[digits(number)] ?? null;

/** MM/YY not before this month (a card is valid to the end of its month). */
export function expiryError(expiry: string, now: Date): string | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!match) return text.cardExpiryInvalid;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return text.cardExpiryInvalid;
  const year = 2000 + Number(match[2]);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return year * 12 + (month - 1) < thisMonth ? text.cardExpired : null;
}

/** Each field's problem, or null; an empty field is not yet a problem (the form is then only incomplete). */
export function cardErrors(card: CardFields, now: Date): Record<CardField, string | null> {
  const number = digits(card.number);
  return {
    number: number === '' ? null : !passesLuhn(number) ? text.cardNumberInvalid : testPaymentMethodOf(number) ? null : text.cardNotTestCard,
    expiry: card.expiry === '' ? null : expiryError(card.expiry, now),
    cvc: card.cvc === '' ? null : /^\d{3,4}$/.test(card.cvc) ? null : text.cardCvcInvalid,
    name: null,
  };
}

/** Every field filled and none refused: the pay button may be pressed. */
export function isCardComplete(card: CardFields, now: Date): boolean {
  const errors = cardErrors(card, now);
  return card.number !== '' && card.expiry !== '' && card.cvc !== '' && card.name.trim() !== '' && Object.values(errors).every((e) => e === null);
}

/** The first field to fix, for focus: a refused one, else an empty one. */
export function firstFieldToFix(card: CardFields, now: Date): CardField | null {
  const errors = cardErrors(card, now);
  for (const field of ['number', 'expiry', 'cvc', 'name'] as const) {
    if (errors[field] || card[field].trim() === '') return field;
  }
  return null;
}
