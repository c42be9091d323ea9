/** The shared rules both the registration form and the server apply: the address and the date of birth. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EmailSchema, isValidEmail } from '../../../src/shared/auth.ts';
import { messages } from '../../../src/shared/messages.ts';
import { dateOfBirthError, IndividualRegistrationSchema, RegistrationRejectionSchema } from '../../../src/shared/registration.ts';

const TODAY = new Date('2026-11-23T10:00:00Z');

describe('email address', () => {
  it.each(['investor@example.com', ' Investor@Example.COM ', 'a.b+tag@sub.example.co.uk', 'jörg@bücher.example', 'ταχυδρόμος@παράδειγμα.ελ', '用户@例子.广告'])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
    expect(v.safeParse(EmailSchema, email).success).toBe(true);
  });

  it.each([
    ['a right-to-left override', 'moc.elpmaxe\u202e@x.com'],
    ['a left-to-right mark', 'x\u200e@example.com'],
    ['a bidi isolate', 'x\u2067@example.com'],
    ['a zero-width space', 'x\u200b@example.com'],
    ['a byte-order mark', '\ufeffx@example.com'],
    ['a NUL', 'x\u0000@example.com'],
    ['a C1 control', 'x\u0085@example.com'],
    ['a lone low surrogate', 'x\udfff@example.com'],
    ['a lone high surrogate', 'x\ud800@example.com'],
    // Refused by Unicode property (format, control, unassigned, private use, default-ignorable), not by a list.
    ['an Arabic letter mark U+061C', 'x\u061c@example.com'],
    ['a soft hyphen U+00AD', 'ex\u00adample@example.com'],
    ['a Mongolian vowel separator U+180E', 'x\u180e@example.com'],
    ['a Hangul filler U+3164', '\u3164@example.com'],
    ['a Hangul choseong filler U+115F', 'x\u115f@example.com'],
    ['a halfwidth Hangul filler U+FFA0', 'x\uffa0@example.com'],
    ['a combining grapheme joiner U+034F', 'x\u034f@example.com'],
    ['a variation selector U+FE0F', 'x\ufe0f@example.com'],
    ['a tag character U+E0041', 'x\u{e0041}@example.com'],
    ['an unassigned code point U+0378', 'x\u0378@example.com'],
    ['a private-use character U+E000', 'x\ue000@example.com'],
    ['a paragraph separator U+2029', 'x\u2029@example.com'],
    ['no domain dot', 'x@example'],
  ])('refuses an address with %s', (_, email) => {
    expect(isValidEmail(email)).toBe(false);
    const result = v.safeParse(EmailSchema, email);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(messages.login.invalidEmail);
  });

  it('keeps a real astral character (a surrogate pair is not a lone surrogate)', () => {
    expect(isValidEmail('x\ud83d\ude00@example.com')).toBe(true);
  });
});

describe('date of birth', () => {
  it('accepts an adult, including one whose 18th birthday is today', () => {
    expect(dateOfBirthError('1980-02-29', TODAY)).toBeNull();
    expect(dateOfBirthError('2008-11-23', TODAY)).toBeNull();
  });

  it('names a future date, an investor under 18 and a date that does not exist', () => {
    expect(dateOfBirthError('2026-11-24', TODAY)).toBe(messages.registration.dateOfBirthFuture);
    expect(dateOfBirthError('2008-11-24', TODAY)).toBe(messages.registration.dateOfBirthUnderAge);
    expect(dateOfBirthError('2001-02-29', TODAY)).toBe(messages.registration.dateOfBirthInvalid);
    expect(dateOfBirthError('0199-05-01', TODAY)).toBe(messages.registration.dateOfBirthInvalid);
    expect(dateOfBirthError('23/11/1980', TODAY)).toBe(messages.registration.dateOfBirthInvalid);
  });

  it('is part of the individual registration schema the server applies', () => {
    const payload = {
      email: 'a@example.com',
      investmentAmount: 25_000,
      tokenQuantity: 29_411.764706,
      walletAddress: `0x${'a'.repeat(40)}`,
      primaryJurisdiction: 'eu',
      investorType: 'individual',
      fullName: 'Ada Investor',
      nationality: 'Swiss',
    };
    expect(v.safeParse(IndividualRegistrationSchema, { ...payload, dateOfBirth: '1980-01-01' }).success).toBe(true);
    const future = v.safeParse(IndividualRegistrationSchema, { ...payload, dateOfBirth: '2999-01-01' });
    expect(future.issues?.map((i) => i.message)).toEqual([messages.registration.dateOfBirthFuture]);
  });
});

describe('registration refusal', () => {
  it('names a field of the payload or none', () => {
    expect(v.safeParse(RegistrationRejectionSchema, { error: 'x', field: 'dateOfBirth' }).success).toBe(true);
    expect(v.safeParse(RegistrationRejectionSchema, { error: 'x' }).success).toBe(true);
    expect(v.safeParse(RegistrationRejectionSchema, { error: 'x', field: 'password' }).success).toBe(false);
  });
});
