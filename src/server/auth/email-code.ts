/**
 * One-time email codes: 6 digits from the CSPRNG, stored only as HMAC-SHA256(key, challengeId:code) so a code
 * is bound to its challenge, and compared in constant time. The key is derived from the JWT secret (one secret
 * to manage; changing it invalidates open codes as it signs everyone out).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { EMAIL_CODE } from '../../shared/auth.ts';

/** What a code proves the inbox for: signing in to an account, or finishing a registration. */
export const CHALLENGE_PURPOSES = ['login', 'register'] as const;
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number];

export const generateCode = (): string => String(randomInt(0, 10 ** EMAIL_CODE.length)).padStart(EMAIL_CODE.length, '0');

export type CodeHasher = {
  hash(challengeId: string, code: string): Uint8Array;
  matches(challengeId: string, code: string, stored: Uint8Array): boolean;
};

export function createCodeHasher(secret: Uint8Array): CodeHasher {
  const key = createHmac('sha256', secret).update('g2g-portal email code key v1').digest();
  const hash = (challengeId: string, code: string) => new Uint8Array(createHmac('sha256', key).update(`${challengeId}:${code}`).digest());
  return {
    hash,
    matches(challengeId, code, stored) {
      const actual = hash(challengeId, code);
      return stored.byteLength === actual.byteLength && timingSafeEqual(stored, actual);
    },
  };
}

/** ada@example.com -> a***@e***.com: enough to recognise the address, not to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${tld}`;
}
