/**
 * Disclosure review (bearer):
 *   GET  /sections          the active sections in reading order
 *   GET  /pdf/:sectionId    a section's document (ETag; revalidated, never stored by shared caches)
 *   GET  /progress          the step and the reading the server credits, per section
 *   POST /save-progress     {sectionProgress} -> the progress as credited
 *   POST /complete          {sectionProgress} -> the progress with the step complete, or 409
 */
import { Hono, type Context } from 'hono';
import { SaveDisclosureProgressSchema } from '../../shared/disclosure.ts';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { completeDisclosure } from '../domain/disclosure/complete-disclosure.ts';
import { getDisclosurePdfBytes, getDisclosurePdfTag } from '../domain/disclosure/get-disclosure-pdf.ts';
import { getDisclosureProgress } from '../domain/disclosure/get-disclosure-progress.ts';
import { listDisclosureSections } from '../domain/disclosure/list-disclosure-sections.ts';
import { saveDisclosureProgress } from '../domain/disclosure/save-disclosure-progress.ts';
import { bearerAuth } from '../http/bearer-auth.ts';
import { readJson } from '../http/read-json.ts';
import { requestContext } from '../http/request-context.ts';

export function disclosureRoutes(deps: AppDeps) {
  const { db, run } = deps;
  const readClaims = async (c: Context<AppEnv>) => (await readJson(c, SaveDisclosureProgressSchema)).sectionProgress;

  return new Hono<AppEnv>()
    .use(bearerAuth(deps))
    .get('/sections', async (c) => c.json(await listDisclosureSections(run)))
    .get('/pdf/:sectionId', async (c) => {
      const sectionId = c.req.param('sectionId');
      const tag = await getDisclosurePdfTag(db, sectionId);
      const etag = `"${tag.sha256}"`;
      const headers = {
        ETag: etag,
        // Same bytes for every investor, but only for signed-in ones: the browser may keep them and must ask again.
        'Cache-Control': 'private, no-cache',
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${tag.slug}.pdf"`,
      };
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
      const bytes = await getDisclosurePdfBytes(db, sectionId, tag);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Length': String(bytes.byteLength) });
    })
    .get('/progress', async (c) => c.json(await getDisclosureProgress(run, c.get('auth').userId)))
    .post('/save-progress', async (c) => {
      const ctx = requestContext(c, deps);
      await saveDisclosureProgress(db, await readClaims(c), ctx);
      return c.json(await getDisclosureProgress(run, ctx.userId));
    })
    .post('/complete', async (c) => {
      const ctx = requestContext(c, deps);
      await completeDisclosure(db, await readClaims(c), ctx);
      return c.json(await getDisclosureProgress(run, ctx.userId));
    });
}
