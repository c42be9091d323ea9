/**
 * HSTS only when the answer really travels over HTTPS: a PUBLIC_URL starting with https://, or (behind a trusted
 * reverse proxy, TRUST_PROXY >= 1) X-Forwarded-Proto: https as that proxy wrote it. Sent over plain HTTP it would be ignored at best, and on a
 * development machine it would pin localhost to HTTPS.
 */
import type { MiddlewareHandler } from 'hono';
import { forwardedClient } from './request-context.ts';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export function strictTransportSecurity({ publicUrl, trustedProxies }: { publicUrl?: string | null; trustedProxies: number }): MiddlewareHandler {
  const alwaysHttps = publicUrl?.startsWith('https://') ?? false;
  return async function strictTransport(c, next) {
    await next();
    // The value the nearest trusted proxy wrote (the last one), never one the client added before it.
    const forwardedHttps = trustedProxies > 0 && forwardedClient(c.req.header('x-forwarded-proto'), 1)?.toLowerCase() === 'https';
    if (!alwaysHttps && !forwardedHttps) return;
    try {
      c.res.headers.set('Strict-Transport-Security', HSTS_VALUE);
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('Strict-Transport-Security', HSTS_VALUE);
    }
  };
}
