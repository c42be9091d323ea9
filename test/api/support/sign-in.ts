/**
 * The code flow for tests: ask for a code (login or registration), read it from the test's mailer, verify it.
 *   const auth = await signIn(t, email);        // 200 { token, user }
 *   const reg = await completeRegistration(t, payload);   // 200 { token, user, settings }
 */
import type { AuthResponse, CodeChallenge } from '../../../src/shared/auth.ts';
import type { MemoryMailer } from './memory-mailer.ts';

type Poster = { post(path: string, body?: unknown, token?: string): Promise<Response>; mailer: MemoryMailer };

async function expectStatus(res: Response, status: number, what: string): Promise<unknown> {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${await res.text()}`);
  return res.json();
}

/** Verifies the newest code mailed to `email` for the challenge. */
export async function verifyLatestCode(t: Poster, challenge: CodeChallenge, email: string): Promise<AuthResponse> {
  const res = await t.post('/api/auth/verify', { challengeId: challenge.challengeId, code: t.mailer.latestCode(email) });
  return (await expectStatus(res, 200, 'verify')) as AuthResponse;
}

export async function requestLoginCode(t: Poster, email: string): Promise<CodeChallenge> {
  return (await expectStatus(await t.post('/api/auth/login', { email }), 202, 'login')) as CodeChallenge;
}

export async function signIn(t: Poster, email: string): Promise<AuthResponse> {
  return verifyLatestCode(t, await requestLoginCode(t, email), email);
}

export async function completeRegistration(t: Poster, payload: { email: string; [field: string]: unknown }): Promise<AuthResponse> {
  const challenge = (await expectStatus(await t.post('/api/auth/register', payload), 202, 'register')) as CodeChallenge;
  return verifyLatestCode(t, challenge, payload.email);
}
