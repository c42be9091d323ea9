/** What a failed registration means for the wizard (spec section 8, "Registration"). */
import { isApiError, serverMessageOf } from '../../src/shared/api-error.ts';
import { checkSettings, type InvestmentSettings } from '../../src/shared/investment-settings.ts';
import { messages } from '../../src/shared/messages.ts';
import { RegistrationRejectionSchema, type RegistrationField } from '../../src/shared/registration.ts';
import { check } from '../../src/shared/validate.ts';
import type { FieldName } from './registration.types.ts';

export type SubmitFailure =
  | { kind: 'configuration'; message: string }
  /** The server named the field it refused: its message goes next to that field (with the limits for the amount). */
  | { kind: 'field'; field: FieldName; message: string; limits: InvestmentSettings | null }
  | { kind: 'limits'; message: string; limits: InvestmentSettings }
  | { kind: 'other'; message: string };

const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The body's own words (error, else message), when the server gave any. */
function bodyMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as { error?: unknown; message?: unknown };
  return nonEmpty(b.error) ?? nonEmpty(b.message);
}

/**
 * - text containing "configuration": the fixed configuration message;
 * - a 4xx body naming one of the payload's fields (RegistrationRejectionSchema): that field and its message, with the
 *   limits when they are usable (the token count is the amount's field on the form);
 * - a body with usable limits: the limits to apply, with the server's words or 'Please check your investment amount.';
 * - otherwise the server's words (or the network message), else 'Registration failed. Please try again.'
 * Limits that fail the settings check are not applied: they would leave the form without usable bounds.
 */
export function classifySubmitError(error: unknown): SubmitFailure {
  const text = error instanceof Error ? error.message : '';
  if (/configuration/i.test(text)) return { kind: 'configuration', message: messages.registration.configurationError };
  if (!isApiError(error)) return { kind: 'other', message: messages.registration.failed };

  const limits = (error.body as { limits?: unknown } | null)?.limits;
  const checked = limits === undefined ? null : checkSettings(limits);
  const rejection = error.status >= 400 && error.status < 500 ? check(RegistrationRejectionSchema, error.body) : null;
  if (rejection?.success && rejection.output.field) {
    return {
      kind: 'field',
      field: formFieldOf(rejection.output.field),
      message: nonEmpty(rejection.output.error) ?? (checked?.ok ? messages.registration.checkAmount : messages.registration.failed),
      limits: checked?.ok ? checked.settings : null,
    };
  }
  if (checked?.ok) {
    return { kind: 'limits', message: bodyMessage(error.body) ?? messages.registration.checkAmount, limits: checked.settings };
  }
  // ApiError's message is the body's words, 'Network error occurred', or the bare 'HTTP {status}' fallback.
  return { kind: 'other', message: serverMessageOf(error) ?? messages.registration.failed };
}

/** The form field that holds a payload field: the token count is derived from the amount. */
const formFieldOf = (field: RegistrationField): FieldName => (field === 'tokenQuantity' ? 'investmentAmount' : field);
