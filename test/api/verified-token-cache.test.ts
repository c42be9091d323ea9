/**
 * The cache of tokens jose has accepted: a bounded size, a span checked at its edges, and, through the token
 * service, the same answer as an uncached jose verification at every second around a token's lifetime.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/server/auth/token-service.ts';
import { VerifiedTokenCache } from '../../src/server/auth/verified-token-cache.ts';

const SECRET = new TextEncoder().encode('a-cache-test-secret-of-at-least-32-bytes');
const TTL = 60;

describe('VerifiedTokenCache', () => {
  it('answers only inside [from, until), and forgets an entry once outside', () => {
    const cache = new VerifiedTokenCache<string>(10);
    cache.set('t', 'claims', 100, 200);
    expect(cache.get('t', 99)).toBeUndefined();
    cache.set('t', 'claims', 100, 200);
    expect([cache.get('t', 100), cache.get('t', 199)]).toEqual(['claims', 'claims']);
    expect(cache.get('t', 200)).toBeUndefined();
    expect(cache.get('t', 150)).toBeUndefined();
  });

  it('knows nothing of other strings', () => {
    const cache = new VerifiedTokenCache<string>(10);
    cache.set('a.b.c', 'claims', 0, 2_000);
    expect(cache.get('a.b.cx', 1)).toBeUndefined();
    expect(cache.get('a.b.', 1)).toBeUndefined();
  });

  it('keeps at most its size, dropping the oldest first', () => {
    const cache = new VerifiedTokenCache<number>(3);
    for (let i = 0; i < 5; i++) cache.set(`t${i}`, i, 0, 2_000);
    expect(cache.size).toBe(3);
    expect(cache.get('t0', 1)).toBeUndefined();
    expect(cache.get('t1', 1)).toBeUndefined();
    expect([cache.get('t2', 1), cache.get('t3', 1), cache.get('t4', 1)]).toEqual([2, 3, 4]);
  });
});

describe('token verification with the cache', () => {
  const at = (seconds: number) => new Date(seconds * 1000 + 999);
  const sign = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(SECRET);
  const iat = 1_800_000_000;
  const base = { sub: randomUUID(), jti: randomUUID(), iss: 'g2g-portal', aud: 'g2g-portal-api', iat };

  it.each([
    ['an issued token', { ...base, exp: iat + TTL }],
    ['a token with nbf after iat', { ...base, nbf: iat + 5, exp: iat + TTL }],
    ['a token whose exp lies beyond the maximum age', { ...base, exp: iat + TTL * 3 }],
  ])('answers %s exactly as uncached jose, second by second', async (_label, claims) => {
    const token = await sign(claims);
    for (const warmAt of [iat, iat + 10, iat + TTL - 1]) {
      const cached = createTokenService(SECRET, TTL);
      const warm = await cached.verify(token, at(warmAt));
      for (let second = iat - 3; second <= iat + TTL * 3 + 2; second++) {
        const expected = await createTokenService(SECRET, TTL).verify(token, at(second));
        expect(await cached.verify(token, at(second)), `warmed at ${warmAt - iat}, asked at ${second - iat}`).toEqual(expected);
        // Re-warm where it is valid, so every second is also asked of a cache that holds the token.
        if (warm) await cached.verify(token, at(warmAt));
      }
    }
  });
});
