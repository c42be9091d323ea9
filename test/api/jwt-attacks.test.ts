/**
 * The token attacks of the email-code issue, each against a real session: alg none, algorithm swaps (HS512,
 * RS256), tampered payload, stripped signature, missing exp, iat and nbf in the future, a revoked jti, and a
 * weak configured secret refused at start.
 */
import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { ConfigError } from '../../src/server/config/env.ts';
import { createMemoryLog } from '../../src/server/log.ts';
import { startServer } from '../../src/server/start-server.ts';
import { TEST_JWT_SECRET, forEachDatabase } from './harness.ts';
import { freshTempDir } from './support/test-databases.ts';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
type Claims = { sub: string; jti: string; iat: number; exp: number; iss: string; aud: string };

forEachDatabase('JWT attacks', (t) => {
  const refused = async (token: string) => {
    const res = await t.get('/api/user-details/status', token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: messages.server.invalidToken });
  };
  const session = async () => {
    const { token } = await t.register();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Claims;
    expect((await t.get('/api/user-details/status', token)).status).toBe(200);
    return { token, header, payload, signature, claims };
  };
  const signHs256 = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(TEST_JWT_SECRET);

  it('refuses alg none, with or without a signature', async () => {
    const { claims, signature } = await session();
    for (const alg of ['none', 'None', 'NONE']) {
      await refused(`${b64url({ alg, typ: 'JWT' })}.${b64url(claims)}.`);
      await refused(`${b64url({ alg, typ: 'JWT' })}.${b64url(claims)}.${signature}`);
    }
  });

  it('refuses HS512 and RS256 tokens carrying genuine claims', async () => {
    const { claims } = await session();
    await refused(await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS512' }).sign(new Uint8Array(64).fill(7)));
    // HS512 with our own secret is still another algorithm.
    await refused(await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS512' }).sign(new Uint8Array([...TEST_JWT_SECRET, ...TEST_JWT_SECRET])));
    const { privateKey } = await generateKeyPair('RS256');
    await refused(await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256' }).sign(privateKey));
    // A genuine HS256 signature under a header that claims RS256.
    const genuine = await signHs256({ ...claims });
    const [, body, sig] = genuine.split('.');
    await refused(`${b64url({ alg: 'RS256', typ: 'JWT' })}.${body}.${sig}`);
  });

  it('refuses a tampered payload and a stripped signature', async () => {
    const { header, claims, signature, token } = await session();
    await refused(`${header}.${b64url({ ...claims, exp: claims.exp + 3600 })}.${signature}`);
    await refused(`${header}.${b64url({ ...claims, sub: crypto.randomUUID() })}.${signature}`);
    await refused(token.slice(0, token.lastIndexOf('.') + 1));
    await refused(token.slice(0, token.lastIndexOf('.')));
  });

  it('refuses a token without exp, and one whose iat or nbf lies in the future, even with a live session', async () => {
    const { claims } = await session();
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const { exp: _exp, ...withoutExp } = claims;
    await refused(await signHs256(withoutExp));
    await refused(await signHs256({ ...claims, iat: now + 600 }));
    await refused(await signHs256({ ...claims, nbf: now + 600 }));
    // The same claims re-signed as they are do pass: the refusals above are about those claims.
    expect((await t.get('/api/user-details/status', await signHs256({ ...claims }))).status).toBe(200);
  });

  it('refuses a revoked jti on the next call', async () => {
    const { token } = await session();
    expect((await t.post('/api/auth/logout', undefined, token)).status).toBe(200);
    await refused(token);
  });
});

describe('JWT secret strength at start', () => {
  it('stops the server when JWT_SECRET is shorter than 32 bytes', async () => {
    const dir = await freshTempDir();
    try {
      const attempt = startServer({ env: { JWT_SECRET: 'x'.repeat(31) }, dataDir: dir.root, port: 0, staticDir: null, log: createMemoryLog() });
      await expect(attempt).rejects.toBeInstanceOf(ConfigError);
      await expect(attempt).rejects.toThrow(/JWT_SECRET: must be at least 32 bytes long \(got 31\)/);
    } finally {
      await dir.remove();
    }
  });
});
