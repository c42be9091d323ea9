import type { AuthResponse, LoginPayload } from '../../src/shared/schemas.ts';

export type LoginContext = {
  email: string;
  /** Shown once the user has tried to submit or left the field; before that an empty field is not an error. */
  touched: boolean;
  error: string | null;
  result: AuthResponse | null;
};

export type LoginEvent =
  | { type: 'login.email.change'; value: string }
  | { type: 'login.email.blur' }
  | { type: 'login.submit' };

export type LoginInput = { email?: string } | undefined;
export type LoginOutput = AuthResponse;
export type LoginRequest = LoginPayload;
