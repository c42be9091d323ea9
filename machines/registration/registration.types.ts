/** Types of the registration wizard: form values, context, events, input and output. */
import type { AuthResponse, CodeChallenge } from '../../src/shared/auth.ts';
import type { InvestmentSettings } from '../../src/shared/investment-settings.ts';
import type { InvestorType, PrimaryJurisdiction, RegistrationPayload } from '../../src/shared/registration.ts';
import type { FocusRequest } from '../../src/shared/validate.ts';

/** What the form holds. Text stays as typed (the amount too) so the inputs show exactly what the user entered. */
export type RegistrationValues = {
  investmentAmount: string;
  investorType: InvestorType | '';
  fullName: string;
  dateOfBirth: string;
  nationality: string;
  entityName: string;
  jurisdiction: string;
  authorizedSignatory: string;
  email: string;
  walletAddress: string;
  primaryJurisdiction: PrimaryJurisdiction | '';
  /** The three certifications: required on the form, never sent to the server (spec section 3). */
  qualifiedInvestor: boolean;
  riskUnderstanding: boolean;
  financialCapacity: boolean;
};

export type FieldName = keyof RegistrationValues;
export type TextFieldName = {
  [F in FieldName]: RegistrationValues[F] extends boolean ? never : F;
}[FieldName];
export type CheckboxFieldName = Exclude<FieldName, TextFieldName>;

export type FieldErrors = Partial<Record<FieldName, string>>;
export type StepIndex = 1 | 2 | 3;

export type RegistrationContext = {
  /** Settings in force; null until loaded (or when the input settings were unusable). */
  settings: InvestmentSettings | null;
  /** Why the settings could not be used (messages.settings.*). */
  settingsError: string | null;
  values: RegistrationValues;
  /** Fields whose errors are shown: left by the user, typed into (live fields), or revealed by Next/Submit. */
  touched: Partial<Record<FieldName, true>>;
  /** The error of the last submit attempt (validation or server), in the catalogue's words. */
  submitError: string | null;
  /** Fields the server refused, with its words; each shows next to its field until that field changes. */
  serverErrors: FieldErrors;
  /** The field the investor is taken to: the first invalid one of a refused step, the one the server refused, the email. */
  focus: FocusRequest | null;
  /** The validated payload being submitted. */
  payload: RegistrationPayload | null;
  /** The code challenge the server mailed after accepting the details. */
  challenge: CodeChallenge | null;
  /** Set when the code was confirmed and the account created; becomes the machine's output. */
  result: AuthResponse | null;
};

/** One change event per field, with the value type of that field. */
export type FieldChangeEvent = {
  [F in FieldName]: { type: 'registration.field.change'; field: F; value: RegistrationValues[F] };
}[FieldName];

export type RegistrationEvent =
  | FieldChangeEvent
  | { type: 'registration.field.blur'; field: FieldName }
  | { type: 'registration.next' }
  | { type: 'registration.previous' }
  | { type: 'registration.submit' }
  | { type: 'registration.settings.retry' };

/**
 * Settings already known to the app (e.g. from an earlier page; null makes the machine fetch them), and what the tab
 * kept of a registration waiting for its code (registration.pending.ts: anything else is ignored).
 */
export type RegistrationInput = { settings: InvestmentSettings | null; pending?: unknown };

/** The server's answer; `settings` only when the server returned valid updated settings. */
export type RegistrationOutput = AuthResponse;
