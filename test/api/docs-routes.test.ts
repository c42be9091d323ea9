/**
 * Every API path the README and docs/ name is a route the server has: a renamed or removed route cannot leave a
 * sentence behind that sends an operator to a 404 (docs/deploy.md once named the Stripe webhook
 * /api/payment/webhook; the route is /api/payment/stripe-webhook).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { forEachDatabase } from './harness.ts';

const ROOT = join(import.meta.dirname, '../..');
const DOCUMENTS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/**
 * `/api/...` where it starts a path of ours: not inside another path (`test/api/...`) or a host's (`.../api/v3`).
 * Parameters are written `:id`, `{id}` or `<id>`; `*` and `<area>` stand for any segment.
 */
const MENTION = /(?<![\w/.-])\/api(?:\/[A-Za-z0-9_{}:<>.*-]+)*/g;

/** A path as a list of segments, each parameter or wildcard as '*'. */
const segments = (path: string) =>
  path
    .replace(/[.:]+$/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^[:{<*]/.test(segment) ? '*' : segment));

/** A mention names a route, or the start of one (`/api/admin` names the back-office's calls). */
const names = (mention: string[], route: string[]) =>
  mention.length <= route.length && mention.every((segment, i) => segment === '*' || route[i] === '*' || segment === route[i]);

forEachDatabase('API paths in the docs', (t) => {
  it('name routes the server has', () => {
    // Middleware and catch-alls (`/api/*`, the static site's `*`) are listed too; they name no call.
    const routes = t.app.routes.filter((route) => !route.path.includes('*')).map((route) => segments(route.path));
    const unknown: string[] = [];
    for (const document of DOCUMENTS) {
      for (const [mention] of readFileSync(join(ROOT, document), 'utf8').matchAll(MENTION)) {
        if (!routes.some((route) => names(segments(mention), route))) unknown.push(`${document}: ${mention}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
