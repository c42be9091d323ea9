/**
 * Serves the built client (vite's dist/): hashed files under /assets are immutable and cached for a year; other
 * files are revalidated; any other GET that is not a file gets index.html so client-side routing takes over.
 * A missing /assets file is a 404, not index.html: a script URL answered with HTML would only hide the error.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import { messages } from '../../shared/messages.ts';
import type { AppEnv } from '../app-context.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

export function mountStaticSite(app: Hono<AppEnv>, root: string) {
  const indexHtml = join(root, 'index.html');
  // Built on first use: the client may be built after the server started, and serveStatic logs a missing root.
  let files: MiddlewareHandler | null = null;
  let index: MiddlewareHandler | null = null;

  // Cache-Control goes on the file's own Response: set on the context first, it would also reach the 404 below.
  app.use('*', async (c, next) => {
    if (isApi(c.req.path) || !existsSync(root)) return next();
    files ??= serveStatic({ root });
    const found = await files(c, next);
    if (found instanceof Response) found.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    return found;
  });
  // Hono answers HEAD with the GET route (without the body).
  app.get('/assets/*', (c) => c.json({ error: messages.server.notFound }, 404));
  app.get('*', async (c, next) => {
    if (isApi(c.req.path)) return next();
    if (!existsSync(indexHtml)) return c.text('The web app has not been built yet: run `npm run build`.', 503);
    index ??= serveStatic({ path: indexHtml });
    const page = await index(c, next);
    if (page instanceof Response) page.headers.set('Cache-Control', REVALIDATE);
    return page;
  });
}
