/**
 * Registration (spec sections 3 "Registration payload", 4 "Registration" and 5): the payload of an individual or an
 * entity, its enumerations, the amount and wallet rules, and the token count. The client validates its form with
 * these, the server re-validates the request with the same ones.
 */
import * as v from 'valibot';
import { EmailSchema } from './auth.ts';
import { formatAmountPlain } from './format.ts';
import type { InvestmentSettings } from './investment-settings.ts';
import { messages } from './messages.ts';

/** As the payload names them (stored upper-case: STORED_INVESTOR_TYPES in user-details.ts). */
export const INVESTOR_TYPES = ['individual', 'entity'] as const;
export type InvestorType = (typeof INVESTOR_TYPES)[number];

/** Spec section 9 "Primary jurisdiction options"; stored as they are (user_details.primary_jurisdiction). */
export const PRIMARY_JURISDICTIONS = ['uk', 'eu', 'us', 'other'] as const;
export type PrimaryJurisdiction = (typeof PRIMARY_JURISDICTIONS)[number];
export const PRIMARY_JURISDICTION_LABELS: Record<PrimaryJurisdiction, string> = {
  uk: 'United Kingdom',
  eu: 'European Union',
  us: 'United States',
  other: 'Other',
};

export const WALLET_PATTERN = /^0x[0-9a-fA-F]{40}$/;
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1, 'This field is required.'), v.maxLength(max));

export const WalletSchema = v.pipe(v.string(), v.trim(), v.regex(WALLET_PATTERN, 'Please enter a valid Ethereum address starting with 0x'));
export const PositiveAmountSchema = v.pipe(v.number(), v.finite(), v.minValue(0.01));

const registrationCommon = {
  email: EmailSchema,
  investmentAmount: PositiveAmountSchema,
  tokenQuantity: v.pipe(v.number(), v.finite(), v.gtValue(0)),
  walletAddress: WalletSchema,
  primaryJurisdiction: v.picklist(PRIMARY_JURISDICTIONS),
};

export const IndividualRegistrationSchema = v.object({
  ...registrationCommon,
  investorType: v.literal('individual'),
  fullName: text(200),
  dateOfBirth: v.pipe(v.string(), v.regex(ISO_DATE_PATTERN, 'Please enter a valid date of birth.')),
  nationality: text(100),
});

export const EntityRegistrationSchema = v.object({
  ...registrationCommon,
  investorType: v.literal('entity'),
  entityName: text(200),
  jurisdiction: text(100),
  authorizedSignatory: text(200),
});

export const RegistrationPayloadSchema = v.variant('investorType', [IndividualRegistrationSchema, EntityRegistrationSchema]);
export type RegistrationPayload = v.InferOutput<typeof RegistrationPayloadSchema>;
export type RegistrationInput = v.InferInput<typeof RegistrationPayloadSchema>;

/** Body of a registration refused for its amount: the limits in force travel with the error. */
export type RegistrationRejection = { error: string; limits?: InvestmentSettings };

export const isValidWallet = (address: string): boolean => WALLET_PATTERN.test(address.trim());

/** Tokens = amount / tokenPrice, kept to 6 decimals so client and server agree to the digit. */
export const tokensFor = (amount: number, tokenPrice: number): number =>
  Math.round((amount / tokenPrice) * 1e6) / 1e6;

/** EUR amounts have at most cents (the database keeps two decimals and would round anything finer). */
export const hasAtMostCents = (amount: number): boolean => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6;

export function amountError(amount: number | null, settings: InvestmentSettings): string | null {
  const min = formatAmountPlain(settings.minInvestment);
  const max = formatAmountPlain(settings.maxInvestment);
  if (amount === null || !Number.isFinite(amount)) return messages.registration.amountBetween(min, max);
  if (amount < settings.minInvestment) return messages.registration.amountMin(min);
  if (amount > settings.maxInvestment) return messages.registration.amountMax(max);
  if (!hasAtMostCents(amount)) return messages.registration.amountCents;
  return null;
}
