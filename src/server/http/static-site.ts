/**
 * Serves the built client (vite's dist/): hashed files under /assets are immutable and cached for a year; other
 * files are revalidated; any other GET that is not a file gets index.html so client-side routing takes over, and
 * /admin and below get admin.html, the staff back-office's own entry (vite.admin.config.ts), and /verify gets verify.html,
 * the public document check's own entry.
 * A missing /assets file is a 404, not index.html: a script URL answered with HTML would only hide the error.
 * Each file goes out pre-compressed when the build wrote a .br or .gz of it and the client takes it (static-file.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import { messages } from '../../shared/messages.ts';
import type { AppEnv } from '../app-context.ts';
import { answerStaticFile, resolveStaticPath, type StaticRequest } from './static-file.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const isApi = (path: string) => path === '/api' || path.startsWith('/api/');
const isAdmin = (path: string) => path === '/admin' || path.startsWith('/admin/');
const isVerify = (path: string) => path === '/verify' || path === '/verify/';

const staticRequest = (c: Context<AppEnv>): StaticRequest => ({
  method: c.req.method,
  acceptEncoding: c.req.header('accept-encoding'),
  ifNoneMatch: c.req.header('if-none-match'),
});

export function mountStaticSite(app: Hono<AppEnv>, root: string) {
  const indexHtml = join(root, 'index.html');
  const adminHtml = join(root, 'admin.html');
  const verifyHtml = join(root, 'verify.html');

  // Hono answers HEAD with the GET route (and drops the body); other methods fall through to the API's 404.
  app.get('*', async (c, next) => {
    if (isApi(c.req.path)) return next();
    // The raw path, decoded once by resolveStaticPath: Hono's c.req.path is already partly decoded.
    const urlPath = new URL(c.req.url).pathname;
    const isAsset = urlPath.startsWith('/assets/');
    const file = resolveStaticPath(root, urlPath);
    // Cache-Control goes on the file's own Response: set on the context, it would also reach a 404.
    const found = file && (await answerStaticFile(file, staticRequest(c), isAsset ? IMMUTABLE : REVALIDATE));
    if (found) return found;
    if (isAsset) return c.json({ error: messages.server.notFound }, 404);
    // Checked per request: the client may be built after the server started.
    const page = isAdmin(urlPath) ? adminHtml : isVerify(urlPath) ? verifyHtml : indexHtml;
    if (!existsSync(page)) return c.text('The web app has not been built yet: run `npm run build`.', 503);
    return (await answerStaticFile(page, staticRequest(c), REVALIDATE)) ?? c.text('The web app has not been built yet: run `npm run build`.', 503);
  });
}
