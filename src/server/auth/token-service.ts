/**
 * Session tokens: HS256 JWTs carrying sub (user id), iat, exp (seconds) and jti (the sessions row).
 * Verification pins the algorithm (no "none", no algorithm confusion) and requires every claim; the database
 * then decides whether the jti is still a live session (logout revokes it).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { VerifiedTokenCache } from './verified-token-cache.ts';

const ISSUER = 'g2g-portal';
/** Investor tokens and staff tokens carry different audiences: each side's verify refuses the other's tokens. */
export const INVESTOR_AUDIENCE = 'g2g-portal-api';
export const STAFF_AUDIENCE = 'g2g-portal-staff';
/** Anything longer is not one of ours; refuse before spending time on it. */
const MAX_TOKEN_LENGTH = 2048;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** About 5 MB at most; an evicted token is simply verified by jose again. */
const VERIFIED_CACHE_ENTRIES = 10_000;

export type IssuedToken = { token: string; jti: string; issuedAt: Date; expiresAt: Date };
export type VerifiedToken = { userId: string; jti: string };

export type TokenService = {
  readonly ttlSeconds: number;
  issue(userId: string, now: Date): Promise<IssuedToken>;
  /** The token of an issued session again, exactly as issued (same claims, same signature): a retried verify. */
  reissue(session: { userId: string; jti: string; issuedAt: Date; expiresAt: Date }): Promise<string>;
  /** The claims of a genuine, unexpired token, or null for anything else. */
  verify(token: string, now: Date): Promise<VerifiedToken | null>;
};

export function createTokenService(secret: Uint8Array, ttlSeconds: number, audience: string = INVESTOR_AUDIENCE): TokenService {
  // Imported once: handing jose the raw bytes would import the key again on every sign and verify (~100 µs each).
  let imported: Promise<CryptoKey> | null = null;
  const hmacKey = () =>
    (imported ??= crypto.subtle.importKey('raw', Uint8Array.from(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']).catch((error: unknown) => {
      imported = null;
      throw error;
    }));
  const verified = new VerifiedTokenCache<VerifiedToken>(VERIFIED_CACHE_ENTRIES);
  // HS256 over the same header and claims, in the same order, gives the same token: reissue() relies on it.
  const sign = async (userId: string, jti: string, iat: number, exp: number) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(jti)
      .sign(await hmacKey());
  return {
    ttlSeconds,
    async issue(userId, now) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ttlSeconds;
      const jti = randomUUID();
      const token = await sign(userId, jti, iat, exp);
      return { token, jti, issuedAt: new Date(iat * 1000), expiresAt: new Date(exp * 1000) };
    },
    reissue: ({ userId, jti, issuedAt, expiresAt }) => sign(userId, jti, Math.floor(issuedAt.getTime() / 1000), Math.floor(expiresAt.getTime() / 1000)),
    async verify(token, now) {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      // jose's own clock: whole seconds, rounded down.
      const nowSeconds = Math.floor(now.getTime() / 1000);
      const known = verified.get(token, nowSeconds);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience,
          requiredClaims: ['sub', 'exp', 'iat', 'jti'],
          currentDate: now,
          clockTolerance: 0,
          // Makes jose refuse an iat in the future (and one older than any token we issue).
          maxTokenAge: ttlSeconds,
        });
        const { sub, jti, exp, iat, nbf } = payload;
        if (typeof sub !== 'string' || typeof jti !== 'string' || !UUID_PATTERN.test(sub) || !UUID_PATTERN.test(jti)) return null;
        if (typeof exp !== 'number' || typeof iat !== 'number') return null;
        const claims = Object.freeze({ userId: sub, jti });
        // The seconds at which jose, with the options above, accepts this token again; KEEP IN STEP with them.
        // nbf: now >= nbf; maxTokenAge: 0 <= now - iat <= ttlSeconds; exp: now < exp (clockTolerance 0).
        const from = Math.max(iat, typeof nbf === 'number' ? nbf : -Infinity);
        const until = Math.min(exp, iat + ttlSeconds + 1);
        verified.set(token, claims, from, until);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
