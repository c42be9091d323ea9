/**
 * A registration waiting for its emailed code, as the tab keeps it across a reload (sessionStorage, written and
 * cleared by the registration chart through the app's effects): the code challenge and the form as entered, nothing
 * the form did not already hold. Cleared once the account exists or the investor chooses another email.
 */
import { CodeChallengeSchema, type CodeChallenge } from '../../src/shared/auth.ts';
import { check } from '../../src/shared/validate.ts';
import type { RegistrationValues } from './registration.types.ts';
import { valuesFrom } from './registration.validation.ts';

export type PendingRegistration = { challenge: CodeChallenge; values: RegistrationValues };

/** What was kept, if it is a pending registration (a challenge to answer); null for anything else. */
export function pendingFrom(raw: unknown): PendingRegistration | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { challenge, values } = raw as { challenge?: unknown; values?: unknown };
  const checked = check(CodeChallengeSchema, challenge);
  return checked.success ? { challenge: checked.output, values: valuesFrom(values) } : null;
}
