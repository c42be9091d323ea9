/**
 * Security headers on every answer (HTML, static files, API, errors). The CSP allows no inline script or style:
 * the client sets styles through the CSSOM only, and pdf.js needs 'wasm-unsafe-eval' and blob: workers.
 */
import type { MiddlewareHandler } from 'hono';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  // blob:: the back-office's KYC case reads a document's bytes once (audited) and shows a PDF from their object URL.
  "connect-src 'self' blob:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const HEADERS: [string, string][] = Object.entries({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // The KYC selfie needs the camera of this origin; nothing else is used.
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(self)',
});

export const securityHeaders = (): MiddlewareHandler =>
  async function securityHeaders(c, next) {
    await next();
    // A Response built elsewhere (e.g. by fetch) may carry immutable headers: copy it once before setting ours.
    try {
      c.res.headers.set('X-Content-Type-Options', 'nosniff');
    } catch {
      c.res = new Response(c.res.body, c.res);
    }
    for (const [name, value] of HEADERS) {
      // A route may tighten the policy for what it serves (KYC downloads: sandboxed, nothing may load).
      if (name === 'Content-Security-Policy' && c.res.headers.has(name)) continue;
      c.res.headers.set(name, value);
    }
    // API answers are personal: never stored, unless a route chose revalidation itself (ETag'd disclosure PDFs).
    const isApi = c.req.path === '/api' || c.req.path.startsWith('/api/');
    if (isApi && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
