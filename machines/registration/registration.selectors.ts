/** Named reads of a registration snapshot, for the view (`useSelector(actorRef, selectX)`). */
import type { SnapshotFrom } from 'xstate';
import type { EmailCodeActorRef } from '../email-code/email-code.machine.ts';
import { TOKEN_UNIT } from '../../src/shared/constants.ts';
import { formatEur, formatTokenPrice, formatTokensInput, formatTokensSummary } from '../../src/shared/format.ts';
import type { InvestmentSettings } from '../../src/shared/investment-settings.ts';
import { isValidWallet } from '../../src/shared/registration.ts';
import type { registrationMachine } from './registration.machine.ts';
import type { FieldErrors, RegistrationValues, StepIndex } from './registration.types.ts';
import { fieldError, isStepValid, parseAmount, stepFields, tokensForValues } from './registration.validation.ts';

type S = SnapshotFrom<typeof registrationMachine>;

/** What the page shows as a whole. */
export type RegistrationPhase = 'loading' | 'settingsError' | 'form' | 'confirming' | 'done';

export const selectPhase = (s: S): RegistrationPhase => {
  if (s.hasTag('loading')) return 'loading';
  if (s.matches('settingsError')) return 'settingsError';
  if (s.matches('confirming')) return 'confirming';
  if (s.status === 'done') return 'done';
  return 'form';
};

/** The wizard step 1..3 (submitting and done stay on step 3; before the form, step 1). */
export const selectStep = (s: S): StepIndex => {
  if (s.matches('investor')) return 2;
  if (s.matches('qualification') || s.matches('submitting') || s.matches('confirming') || s.matches('done')) return 3;
  return 1;
};

export const selectIsLoading = (s: S): boolean => s.hasTag('loading');
export const selectIsSubmitting = (s: S): boolean => s.hasTag('submitting');
export const selectSettingsError = (s: S): string | null => s.context.settingsError;
export const selectSettings = (s: S): InvestmentSettings | null => s.context.settings;
export const selectValues = (s: S): RegistrationValues => s.context.values;
export const selectSubmitError = (s: S): string | null => s.context.submitError;

/**
 * Errors to show on the current step: the server's words for a field it refused (until that field changes), else the
 * field's own rule, for fields the user has left, typed into (live fields) or tried to pass.
 */
export const selectFieldErrors = (s: S): FieldErrors => {
  const errors: FieldErrors = {};
  for (const field of stepFields(selectStep(s), s.context.values.investorType)) {
    const error = s.context.serverErrors[field] ?? (s.context.touched[field] ? fieldError(field, s.context.values, s.context.settings) : null);
    if (error) errors[field] = error;
  }
  return errors;
};

/** The field the view moves focus to (FocusRequest: a new `seq` each time it is asked). */
export const selectFocus = (s: S) => s.context.focus;

/** Drives the live wallet message: 'valid' shows the format-valid note. */
export const selectWalletStatus = (s: S): 'empty' | 'valid' | 'invalid' => {
  const wallet = s.context.values.walletAddress.trim();
  if (wallet === '') return 'empty';
  return isValidWallet(wallet) ? 'valid' : 'invalid';
};

/** Next (or Complete Registration) is allowed only when the current step is valid. */
export const selectCanGoNext = (s: S): boolean =>
  !selectIsSubmitting(s) && selectPhase(s) === 'form' && isStepValid(selectStep(s), s.context.values, s.context.settings);

export const selectTokens = (s: S): number => tokensForValues(s.context.values, s.context.settings);
/** The read-only token field: 2 decimals (spec section 9). */
export const selectTokensInput = (s: S): string => formatTokensInput(selectTokens(s));

export type RegistrationSummary = { amount: string; tokens: string; tokenPrice: string; total: string };

/** Summary box: amount and total in en-GB EUR without decimals, tokens up to 6 decimals, price with 2. */
export const selectSummary = (s: S): RegistrationSummary => {
  const amount = Math.max(parseAmount(s.context.values.investmentAmount) ?? 0, 0);
  const price = s.context.settings?.tokenPrice ?? 0;
  return {
    amount: formatEur(amount),
    tokens: `${formatTokensSummary(selectTokens(s))} ${TOKEN_UNIT}`,
    tokenPrice: `€${formatTokenPrice(price)}`,
    // Registration carries no fee: the total due equals the amount committed.
    total: formatEur(amount),
  };
};

/** The one-time code step that follows an accepted submit. */
export const selectEmailCodeActor = (s: S) => s.children.emailCode as EmailCodeActorRef | undefined;
