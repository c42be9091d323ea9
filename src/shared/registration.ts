/**
 * Registration (spec sections 3 "Registration payload", 4 "Registration" and 5): the payload of an individual or an
 * entity, its enumerations, the amount and wallet rules, and the token count. The client validates its form with
 * these, the server re-validates the request with the same ones.
 */
import * as v from 'valibot';
import { EmailSchema } from './auth.ts';
import { formatAmountPlain } from './format.ts';
import { InvestmentSettingsSchema, type InvestmentSettings } from './investment-settings.ts';
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
/** A stored jurisdiction in words; a value outside the list (an older row) as it is. */
export const jurisdictionLabel = (code: string): string => PRIMARY_JURISDICTION_LABELS[code as PrimaryJurisdiction] ?? code;

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
  dateOfBirth: v.pipe(
    v.string(),
    v.regex(ISO_DATE_PATTERN, messages.registration.dateOfBirthInvalid),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const problem = dateOfBirthError(dataset.value, new Date());
      if (problem) addIssue({ message: problem });
    }),
  ),
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

/** The fields of the registration payload (both investor types), as a refusal names them. */
export const REGISTRATION_FIELDS = [
  'email',
  'investmentAmount',
  'tokenQuantity',
  'walletAddress',
  'primaryJurisdiction',
  'investorType',
  'fullName',
  'dateOfBirth',
  'nationality',
  'entityName',
  'jurisdiction',
  'authorizedSignatory',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/**
 * Body of a refused registration (400/409): `field` names the one field the message is about, so the form can show
 * it there and take the investor to the step that holds it; a refusal for the amount also carries the limits in force.
 */
export const RegistrationRejectionSchema = v.object({
  error: v.string(),
  field: v.optional(v.picklist(REGISTRATION_FIELDS)),
  limits: v.optional(InvestmentSettingsSchema),
});
export type RegistrationRejection = v.InferOutput<typeof RegistrationRejectionSchema>;

/** Youngest age at which an investor may register (spec section 1: qualified investors, of age everywhere it offers). */
export const MIN_INVESTOR_AGE_YEARS = 18;
/** Oldest plausible date of birth: anything earlier is a typing slip (e.g. 0199-05-01). */
const MAX_AGE_YEARS = 130;

/** The whole years between an ISO date (YYYY-MM-DD, a real calendar day) and `today` (UTC), or null when not a real date. */
function ageOn(isoDate: string, today: Date): number | null {
  const match = ISO_DATE_PATTERN.exec(isoDate) ? isoDate.split('-').map(Number) : null;
  if (!match) return null;
  const [year, month, day] = match as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const [ty, tm, td] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  if (date.getTime() > Date.UTC(ty, tm - 1, td)) return -1;
  return ty - year - (tm < month || (tm === month && td < day) ? 1 : 0);
}

/** Why a date of birth cannot be accepted on `today`, in the catalogue's words, or null when it can. */
export function dateOfBirthError(isoDate: string, today: Date): string | null {
  const age = ageOn(isoDate, today);
  if (age === null || age > MAX_AGE_YEARS) return messages.registration.dateOfBirthInvalid;
  if (age < 0) return messages.registration.dateOfBirthFuture;
  if (age < MIN_INVESTOR_AGE_YEARS) return messages.registration.dateOfBirthUnderAge;
  return null;
}

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
