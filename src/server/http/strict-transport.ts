/**
 * HSTS only when the answer really travels over HTTPS: a PUBLIC_URL starting with https://, or (behind a trusted
 * reverse proxy) X-Forwarded-Proto: https. Sent over plain HTTP it would be ignored at best, and on a
 * development machine it would pin localhost to HTTPS.
 */
import type { MiddlewareHandler } from 'hono';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export function strictTransportSecurity({ publicUrl, trustProxy }: { publicUrl?: string | null; trustProxy: boolean }): MiddlewareHandler {
  const alwaysHttps = publicUrl?.startsWith('https://') ?? false;
  return async function strictTransport(c, next) {
    await next();
    const forwardedHttps = trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
    if (!alwaysHttps && !forwardedHttps) return;
    try {
      c.res.headers.set('Strict-Transport-Security', HSTS_VALUE);
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('Strict-Transport-Security', HSTS_VALUE);
    }
  };
}
