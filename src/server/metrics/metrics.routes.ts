/**
 * GET /metrics on the main port, for a scraper that can only reach the public listener: only with
 * `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time (both sides hashed first, so neither the length
 * nor a common prefix shows in the timing). Mounted only when METRICS_TOKEN is set; without it /metrics is a 404
 * like any unknown path (a METRICS_PORT listener serves it instead, metrics-listener.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../app-context.ts';
import type { Metrics } from './create-metrics.ts';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Whether an Authorization header carries exactly this bearer token. */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ ]+([^\s]+)[ ]*$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

export function metricsRoute(metrics: Metrics, token: string): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/metrics', async (c) => {
    if (!hasBearerToken(c.req.header('authorization'), token)) {
      return c.json({ error: 'A valid metrics token is required.' }, 401, { 'WWW-Authenticate': 'Bearer realm="metrics"', 'Cache-Control': 'no-store' });
    }
    const { contentType, body } = await metrics.render();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  });
  return routes;
}
