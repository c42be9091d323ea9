import type { StaffAuthAnswer, WebAuthnOptionsJSON } from '../../../src/shared/admin/sign-in.ts';

export type StaffSignInContext = {
  email: string;
  code: string;
  challengeId: string | null;
  options: WebAuthnOptionsJSON | null;
  error: string | null;
  result: StaffAuthAnswer | null;
};

export type StaffSignInEvent =
  | { type: 'signIn.email.change'; value: string }
  | { type: 'signIn.email.submit' }
  | { type: 'signIn.code.change'; value: string }
  | { type: 'signIn.code.submit' }
  | { type: 'signIn.passkey.start' }
  | { type: 'signIn.restart' };

export type RequestCodeInput = { email: string };
export type VerifyCodeInput = { challengeId: string; code: string };
export type UsePasskeyInput = { challengeId: string; options: WebAuthnOptionsJSON };
/** An effect's refusal: its text, and whether the sign-in must start again (the challenge is gone). */
export type SignInFailure = { message: string; restart: boolean };
