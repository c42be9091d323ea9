/**
 * Session tokens: HS256 JWTs carrying sub (user id), iat, exp (seconds) and jti (the sessions row).
 * Verification pins the algorithm (no "none", no algorithm confusion) and requires every claim; the database
 * then decides whether the jti is still a live session (logout revokes it).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'g2g-portal';
const AUDIENCE = 'g2g-portal-api';
/** Anything longer is not one of ours; refuse before spending time on it. */
const MAX_TOKEN_LENGTH = 2048;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type IssuedToken = { token: string; jti: string; issuedAt: Date; expiresAt: Date };
export type VerifiedToken = { userId: string; jti: string };

export type TokenService = {
  readonly ttlSeconds: number;
  issue(userId: string, now: Date): Promise<IssuedToken>;
  /** The claims of a genuine, unexpired token, or null for anything else. */
  verify(token: string, now: Date): Promise<VerifiedToken | null>;
};

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  return {
    ttlSeconds,
    async issue(userId, now) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ttlSeconds;
      const jti = randomUUID();
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .setJti(jti)
        .sign(secret);
      return { token, jti, issuedAt: new Date(iat * 1000), expiresAt: new Date(exp * 1000) };
    },
    async verify(token, now) {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat', 'jti'],
          currentDate: now,
          clockTolerance: 0,
        });
        const { sub, jti } = payload;
        if (typeof sub !== 'string' || typeof jti !== 'string' || !UUID_PATTERN.test(sub) || !UUID_PATTERN.test(jti)) return null;
        return { userId: sub, jti };
      } catch {
        return null;
      }
    },
  };
}
