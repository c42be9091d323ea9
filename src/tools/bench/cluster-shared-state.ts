/**
 * Proof that what one instance decides, the other knows at once (state in PostgreSQL, not in a process), asked of
 * the instances directly, never through nginx, so which instance answers is certain:
 * - revocation: a token signed out through A is refused by B on the very next request;
 * - code-failure counters: wrong codes spread over A and B count together. Five wrong codes for one address from one
 *   client (VERIFY_PER_ADDRESS_CLIENT.free = EMAIL_CODE.maxAttempts = 5), alternating A, B, A, B, A... close the
 *   challenge at the fifth and block the (address, client) pair; then even the RIGHT code on a new challenge is
 *   refused 429 by A, which itself saw only three of the five. Per-instance counters would have let it in.
 */
import { EMAIL_CODE } from '../../shared/auth.ts';
import { messages } from '../../shared/messages.ts';
import { VERIFY_PER_ADDRESS_CLIENT } from '../../server/domain/attempt-counters.ts';
import type { CodeSource } from './cluster-mail.ts';

type Answer = { status: number; body: Record<string, unknown> };

async function send(base: string, method: 'GET' | 'POST', path: string, options: { body?: unknown; token?: string; client: string }): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.client };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }).catch((error: Error) => {
    const cause = error.cause as { code?: string; message?: string } | undefined;
    throw new Error(`${method} ${base}${path}: ${error.message} (${cause?.code ?? cause?.message ?? 'no cause'})`);
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text: text.slice(0, 200) };
  }
  return { status: response.status, body };
}

function expectStatus(step: string, answer: Answer, status: number): void {
  if (answer.status !== status) throw new Error(`${step}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
}

async function signIn(base: string, email: string, client: string, codes: CodeSource): Promise<string> {
  const login = await send(base, 'POST', '/api/auth/login', { body: { email }, client });
  expectStatus(`login ${email}`, login, 202);
  const code = await codes.code(email);
  const verified = await send(base, 'POST', '/api/auth/verify', { body: { challengeId: login.body.challengeId, code }, client });
  expectStatus(`verify ${email}`, verified, 200);
  return verified.body.token as string;
}

/** Signs in through A, checks B accepts the token, signs out through A, and checks B refuses it on the next request. */
export async function proveRevocation(a: string, b: string, email: string, codes: CodeSource): Promise<string> {
  const client = '203.0.113.10';
  const token = await signIn(a, email, client, codes);
  expectStatus('B with the live token', await send(b, 'GET', '/api/user-details/status', { token, client }), 200);
  expectStatus('logout through A', await send(a, 'POST', '/api/auth/logout', { token, client }), 200);
  const onB = await send(b, 'GET', '/api/user-details/status', { token, client });
  expectStatus('B right after the logout on A', onB, 401);
  expectStatus('A after its own logout', await send(a, 'GET', '/api/user-details/status', { token, client }), 401);
  return `signed in on A, B answered 200; logout on A, B answered ${onB.status} on its next request`;
}

/** Wrong codes alternating A and B reach the lockout at the combined count (see the module comment). */
export async function proveSharedCounters(a: string, b: string, email: string, codes: CodeSource): Promise<string> {
  const client = '203.0.113.20';
  const first = await send(a, 'POST', '/api/auth/login', { body: { email }, client });
  expectStatus('login for the lockout', first, 202);
  const right = await codes.code(email);
  const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
  const seen: string[] = [];
  const limit = VERIFY_PER_ADDRESS_CLIENT.free;
  for (let i = 1; i <= limit; i++) {
    const [name, base] = i % 2 === 1 ? ['A', a] : ['B', b];
    const answer = await send(base, 'POST', '/api/auth/verify', { body: { challengeId: first.body.challengeId, code: wrong }, client });
    seen.push(`${name}:${answer.status}`);
    // Wrong codes 1-4: 400 wherever they land; the fifth closes the challenge (EMAIL_CODE.maxAttempts, counted in the row).
    expectStatus(`wrong code ${i} on ${name}`, answer, i < EMAIL_CODE.maxAttempts ? 400 : 429);
  }
  // A new challenge within a minute shares the first mail's code (no new mail): `right` is its code.
  const second = await send(b, 'POST', '/api/auth/login', { body: { email }, client });
  expectStatus('second login through B', second, 202);
  const onA = await send(a, 'POST', '/api/auth/verify', { body: { challengeId: second.body.challengeId, code: right }, client });
  seen.push(`right code on A:${onA.status}`);
  expectStatus(`the right code on A after ${limit} wrong ones over A and B (A saw ${Math.ceil(limit / 2)})`, onA, 429);
  if (onA.body.error !== messages.emailCode.tooManyRequests) throw new Error(`the right code on A was refused, but not by the lockout: ${JSON.stringify(onA.body)}`);
  const onB = await send(b, 'POST', '/api/auth/verify', { body: { challengeId: second.body.challengeId, code: right }, client });
  expectStatus('the right code on B', onB, 429);
  seen.push(`right code on B:${onB.status}`);
  return `${seen.join(', ')}: locked out at ${limit} failures counted over both instances`;
}
