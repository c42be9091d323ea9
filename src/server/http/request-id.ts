/**
 * First middleware of the app: gives each request an id, runs the rest of it inside `requestScope` (log.ts) so every
 * line logged while handling it carries the id, echoes the id as X-Request-Id, and reports the request once it is
 * over (the access log line, the metrics).
 *
 * The id comes from the proxy's X-Request-Id only when proxies are trusted (TRUST_PROXY > 0) and it is a plain token
 * of at most 128 characters; anything else (a client's own header, a huge or odd one) is replaced by a new UUID, never
 * echoed, so a log line cannot be forged or bloated through it.
 *
 * The access line, like every line about a request (answer-error.ts), names the route PATTERN ('/api/downloads/:id',
 * routePattern), never the raw or decoded path or query: one-time codes, tokens and ids must not reach the logs, a
 * decoded path could carry a line of its own, and per-id label values would explode the metrics' cardinality.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes, routePath } from 'hono/route';
import type { AppEnv } from '../app-context.ts';
import { requestScope, type Log } from '../log.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The proxy's id when it may be believed and is well-formed, else a new one. */
export function chooseRequestId(header: string | undefined, trustedProxies: number): string {
  if (trustedProxies > 0 && header !== undefined && ACCEPTABLE_ID.test(header)) return header;
  return randomUUID();
}

/**
 * How every log line names a request: the pattern of the route it was for ('/api/downloads/:id'), the first matched
 * route registered for its method (HEAD: GET's), not a middleware's ('/api/*' when the body limit refused it); when
 * none matched, the pattern of the handler that answered, '*' when only catch-alls did. Never the path: the client
 * wrote it (ids and codes, and once decoded, line breaks and terminal escapes), and per-id labels would explode the
 * metrics' cardinality.
 */
export function routePattern(c: Context): string {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  return matchedRoutes(c).find((route) => route.method === method)?.path ?? (routePath(c) || '*');
}

export type CompletedRequest = {
  requestId: string;
  method: string;
  /** The route's pattern ('/api/kyc/upload', routePattern); '*' when only catch-alls matched. */
  route: string;
  status: number;
  ms: number;
  /** The client went away before the whole answer was sent. */
  aborted: boolean;
};

export type RequestIdOptions = {
  trustedProxies: number;
  /** Where the access line goes (one info line per request); none: no access log (tests keep their logs for assertions). */
  accessLog?: Log | null;
  /** Told about every finished request (the metrics). */
  onComplete?: ((request: CompletedRequest) => void) | null;
};

export function requestId({ trustedProxies, accessLog, onComplete }: RequestIdOptions): MiddlewareHandler<AppEnv> {
  const report = (done: CompletedRequest) => {
    try {
      onComplete?.(done);
    } catch (error) {
      accessLog?.error('Recording request metrics failed', { error });
    }
    // In the request's scope again (a 'close' event runs outside it): the log adds the id like on every other line.
    const fields = { method: done.method, route: done.route, status: done.status, ms: Math.round(done.ms * 10) / 10, ...(done.aborted ? { aborted: true } : {}) };
    requestScope.run({ requestId: done.requestId }, () => accessLog?.info('request', fields));
  };

  return async function requestIdMiddleware(c, next) {
    const started = performance.now();
    const id = chooseRequestId(c.req.header(REQUEST_ID_HEADER), trustedProxies);
    await requestScope.run({ requestId: id }, next);
    c.res.headers.set(REQUEST_ID_HEADER, id);
    if (!accessLog && !onComplete) return;

    const route = routePattern(c);
    const finish = (aborted: boolean) =>
      report({ requestId: id, method: c.req.method, route, status: c.res.status, ms: performance.now() - started, aborted });
    // Under Node the answer is written after this returns (a download streams for a while): the request is over when
    // the response closes. Under app.request() (tests) there is no socket: it is over now.
    const outgoing = c.env?.outgoing;
    if (!outgoing || outgoing.closed) {
      finish(outgoing ? !outgoing.writableFinished : false);
      return;
    }
    outgoing.once('close', () => finish(!outgoing.writableFinished));
  };
}
