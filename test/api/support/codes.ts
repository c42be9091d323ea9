/** Small helpers for the one-time code tests: a surely wrong code, and reading a 202 challenge answer. */
import { expect } from 'vitest';
import { EMAIL_CODE, type CodeChallenge } from '../../../src/shared/auth.ts';

/** A code that is surely not `code`. */
export const otherThan = (code: string) => String((Number(code) + 1) % 10 ** EMAIL_CODE.length).padStart(EMAIL_CODE.length, '0');

/** The challenge of a 202 answer (fails the test on anything else). */
export async function challengeOf(res: Response | Promise<Response>): Promise<CodeChallenge> {
  const answer = await res;
  const body = (await answer.json()) as CodeChallenge;
  expect([answer.status, Object.keys(body).sort()], JSON.stringify(body)).toEqual([202, ['challengeId', 'sentTo']]);
  return body;
}

export async function expectError(res: Response | Promise<Response>, status: number, error: string): Promise<void> {
  const answer = await res;
  expect([answer.status, await answer.json()]).toEqual([status, { error }]);
}
