import type { AuthResponse, CodeChallenge, VerifyCodePayload } from '../../src/shared/auth.ts';

export type EmailCodeContext = {
  challengeId: string;
  sentTo: string;
  code: string;
  error: string | null;
  /** A short confirmation after a resend. */
  info: string | null;
  /** Seconds until 'Resend code' is offered, counted down each second. */
  resendInSeconds: number;
  result: AuthResponse | null;
};

export type EmailCodeEvent =
  | { type: 'emailCode.change'; value: string }
  | { type: 'emailCode.submit' }
  | { type: 'emailCode.resend' }
  | { type: 'emailCode.back' };

export type EmailCodeInput = CodeChallenge;
/** `auth` is null when the user went back to change the email address. */
export type EmailCodeOutput = { auth: AuthResponse | null };
export type VerifyCodeInput = VerifyCodePayload;
export type ResendCodeInput = { challengeId: string };
