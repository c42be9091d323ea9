/**
 * Pure form rules of the registration wizard (spec section 5): which fields each step holds, the error of
 * each field, and the payload built from the form. Field messages come from the shared schemas so the
 * browser shows the same words the server would answer with.
 */
import { EmailSchema } from '../../src/shared/auth.ts';
import type { InvestmentSettings } from '../../src/shared/investment-settings.ts';
import {
  amountError,
  tokensFor,
  INVESTOR_TYPES,
  PRIMARY_JURISDICTIONS,
  EntityRegistrationSchema,
  IndividualRegistrationSchema,
  RegistrationPayloadSchema,
  WalletSchema,
  type RegistrationPayload,
} from '../../src/shared/registration.ts';
import { check, firstIssue } from '../../src/shared/validate.ts';
import type { FieldChangeEvent, FieldErrors, FieldName, RegistrationValues, StepIndex } from './registration.types.ts';

/**
 * Words for the choices the shared schemas cannot phrase (a missing radio, select or checkbox).
 * Not quoted by the spec; candidates for src/shared/messages.ts.
 */
export const choiceMessages = {
  investorTypeRequired: 'Please select an investor type.',
  primaryJurisdictionRequired: 'Please select your primary jurisdiction.',
  certificationRequired: 'Please confirm this certification to continue.',
} as const;

/** Input length caps matching the schemas, so the schemas' length messages can never be reached. */
export const FIELD_MAX_LENGTH = {
  fullName: 200,
  nationality: 100,
  entityName: 200,
  jurisdiction: 100,
  authorizedSignatory: 200,
  email: 254,
  walletAddress: 42,
} as const;

export const emptyValues: RegistrationValues = {
  investmentAmount: '',
  investorType: '',
  fullName: '',
  dateOfBirth: '',
  nationality: '',
  entityName: '',
  jurisdiction: '',
  authorizedSignatory: '',
  email: '',
  walletAddress: '',
  primaryJurisdiction: '',
  qualifiedInvestor: false,
  riskUnderstanding: false,
  financialCapacity: false,
};

export const INDIVIDUAL_FIELDS = ['fullName', 'dateOfBirth', 'nationality'] as const;
export const ENTITY_FIELDS = ['entityName', 'jurisdiction', 'authorizedSignatory'] as const;
export const CERTIFICATION_FIELDS = ['qualifiedInvestor', 'riskUnderstanding', 'financialCapacity'] as const;

/** The amount as a number, or null when the input is empty or not a number. */
export function parseAmount(raw: string): number | null {
  const text = raw.trim();
  if (text === '') return null;
  const amount = Number(text);
  return Number.isFinite(amount) ? amount : null;
}

/** Tokens for the typed amount; 0 while the amount or the price is unknown. */
export function tokensForValues(values: RegistrationValues, settings: InvestmentSettings | null): number {
  const amount = parseAmount(values.investmentAmount);
  if (amount === null || amount <= 0 || !settings) return 0;
  return tokensFor(amount, settings.tokenPrice);
}

const WALLET_MAX_LENGTH = FIELD_MAX_LENGTH.walletAddress;

export const isField = (field: unknown): field is FieldName => typeof field === 'string' && Object.hasOwn(emptyValues, field);

/** The values after one change, or null when the value does not fit the field (ignored). */
export function applyFieldChange(values: RegistrationValues, { field, value }: Pick<FieldChangeEvent, 'field' | 'value'>): RegistrationValues | null {
  if (!isField(field)) return null;
  if (typeof emptyValues[field] === 'boolean') return typeof value === 'boolean' ? { ...values, [field]: value } : null;
  if (typeof value !== 'string') return null;
  if (field === 'investorType' && value !== '' && !(INVESTOR_TYPES as readonly string[]).includes(value)) return null;
  if (field === 'primaryJurisdiction' && value !== '' && !(PRIMARY_JURISDICTIONS as readonly string[]).includes(value)) return null;
  // Spec: the wallet is trimmed and at most 42 characters.
  const next = field === 'walletAddress' ? value.trim().slice(0, WALLET_MAX_LENGTH) : value;
  return { ...values, [field]: next };
}

/** Form values from anything (e.g. what a tab kept): every field that fits is taken, the rest stays empty. */
export function valuesFrom(raw: unknown): RegistrationValues {
  if (typeof raw !== 'object' || raw === null) return emptyValues;
  let values = emptyValues;
  for (const [field, value] of Object.entries(raw)) {
    values = applyFieldChange(values, { field, value } as FieldChangeEvent) ?? values;
  }
  return values;
}

/** The fields a step shows; step 2 depends on the chosen investor type. */
export function stepFields(step: StepIndex, investorType: RegistrationValues['investorType']): FieldName[] {
  if (step === 1) return ['investmentAmount'];
  if (step === 3) return ['primaryJurisdiction', ...CERTIFICATION_FIELDS];
  const typeFields = investorType === 'individual' ? INDIVIDUAL_FIELDS : investorType === 'entity' ? ENTITY_FIELDS : [];
  return ['investorType', ...typeFields, 'email', 'walletAddress'];
}

/** The error of one field, or null. */
export function fieldError(field: FieldName, values: RegistrationValues, settings: InvestmentSettings | null): string | null {
  switch (field) {
    case 'investmentAmount':
      return settings ? amountError(parseAmount(values.investmentAmount), settings) : null;
    case 'investorType':
      return values.investorType === '' ? choiceMessages.investorTypeRequired : null;
    case 'fullName':
    case 'nationality':
    // The shared rule (dateOfBirthError): not a real day, in the future, or under 18, each in its own words.
    case 'dateOfBirth':
      return firstIssue(IndividualRegistrationSchema.entries[field], values[field]);
    case 'entityName':
    case 'jurisdiction':
    case 'authorizedSignatory':
      return firstIssue(EntityRegistrationSchema.entries[field], values[field]);
    case 'email':
      return firstIssue(EmailSchema, values.email);
    case 'walletAddress':
      return firstIssue(WalletSchema, values.walletAddress);
    case 'primaryJurisdiction':
      return values.primaryJurisdiction === '' ? choiceMessages.primaryJurisdictionRequired : null;
    case 'qualifiedInvestor':
    case 'riskUnderstanding':
    case 'financialCapacity':
      return values[field] ? null : choiceMessages.certificationRequired;
  }
}

/** The step that shows a field, whichever investor type is chosen. */
export function stepOfField(field: FieldName): StepIndex {
  if (field === 'investmentAmount') return 1;
  if (field === 'primaryJurisdiction' || (CERTIFICATION_FIELDS as readonly string[]).includes(field)) return 3;
  return 2;
}

/** Errors of the fields a step shows. */
export function stepErrors(step: StepIndex, values: RegistrationValues, settings: InvestmentSettings | null): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of stepFields(step, values.investorType)) {
    const error = fieldError(field, values, settings);
    if (error) errors[field] = error;
  }
  return errors;
}

export const isStepValid = (step: StepIndex, values: RegistrationValues, settings: InvestmentSettings | null): boolean =>
  settings !== null && Object.keys(stepErrors(step, values, settings)).length === 0;

/**
 * The payload of POST /api/auth/register: the common fields plus only the chosen investor type's fields,
 * validated (trimmed, email lower-cased) by the shared schema. The certifications are never included.
 */
export function buildPayload(
  values: RegistrationValues,
  settings: InvestmentSettings | null,
): { ok: true; payload: RegistrationPayload } | { ok: false } {
  const amount = parseAmount(values.investmentAmount);
  if (!settings || amount === null) return { ok: false };
  const common = {
    email: values.email,
    investmentAmount: amount,
    tokenQuantity: tokensFor(amount, settings.tokenPrice),
    walletAddress: values.walletAddress,
    primaryJurisdiction: values.primaryJurisdiction,
  };
  const raw =
    values.investorType === 'individual'
      ? { ...common, investorType: 'individual', fullName: values.fullName, dateOfBirth: values.dateOfBirth, nationality: values.nationality }
      : values.investorType === 'entity'
        ? { ...common, investorType: 'entity', entityName: values.entityName, jurisdiction: values.jurisdiction, authorizedSignatory: values.authorizedSignatory }
        : null;
  if (!raw) return { ok: false };
  const result = check(RegistrationPayloadSchema, raw);
  return result.success ? { ok: true, payload: result.output } : { ok: false };
}
