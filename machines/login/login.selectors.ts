import type { SnapshotFrom } from 'xstate';
import type { EmailCodeActorRef } from '../email-code/email-code.machine.ts';
import { isValidEmail } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import type { loginMachine } from './login.machine.ts';

type S = SnapshotFrom<typeof loginMachine>;

export const selectEmail = (s: S) => s.context.email;
export const selectIsBusy = (s: S) => s.hasTag('busy');
/** The live field message: invalid format once touched; the submit error otherwise. */
export const selectLoginError = (s: S): string | null => {
  if (s.context.error) return s.context.error;
  const email = s.context.email.trim();
  if (s.context.touched && email !== '' && !isValidEmail(email)) return messages.login.invalidEmail;
  return null;
};
/** Spec: the button is disabled while the email is invalid or busy (an empty field may still submit, to show its message). */
export const selectCanSubmit = (s: S) => !selectIsBusy(s) && (s.context.email.trim() === '' || isValidEmail(s.context.email));

export const selectIsConfirming = (s: S) => s.matches('confirming');
export const selectEmailCodeActor = (s: S) => s.children.emailCode as EmailCodeActorRef | undefined;
