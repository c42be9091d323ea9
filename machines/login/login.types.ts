import type { AuthResponse, CodeChallenge } from '../../src/shared/auth.ts';

export type LoginContext = {
  email: string;
  /** Shown once the user has tried to submit or left the field; before that an empty field is not an error. */
  touched: boolean;
  error: string | null;
  challenge: CodeChallenge | null;
  result: AuthResponse | null;
};

export type LoginEvent =
  | { type: 'login.email.change'; value: string }
  | { type: 'login.email.blur' }
  | { type: 'login.submit' };

export type LoginInput = { email?: string } | undefined;
export type LoginOutput = AuthResponse;
/** POST /api/auth/login: the spec's payload (email + fixed placeholder password); the server ignores the password and mails a one-time code. */
export type LoginRequest = { email: string; password: string };
