/**
 * The investor's signed documents (bearer), sealed by the seal-agreement jobs:
 *   GET /list        {documents: [{id, section, title, type, size, signedAt}], hasSignedDocuments, message, pending}
 *   GET /file/:id    one of the investor's own sealed PDFs, as an attachment; anything else (another investor's id,
 *                    an unknown one, not an id at all, a path) is the same 404
 */
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { messages } from '../../shared/messages.ts';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { findSignedDocument } from '../domain/documents/find-signed-document.ts';
import { listSignedDocuments } from '../domain/documents/list-signed-documents.ts';
import { AppError } from '../errors/app-error.ts';
import { bearerAuth } from '../http/bearer-auth.ts';
import { attachmentDisposition } from '../http/content-disposition.ts';

const notFound = () => new AppError('NOT_FOUND', messages.server.notFound);

export function downloadsRoutes(deps: AppDeps) {
  const { db, storage, log } = deps;

  return new Hono<AppEnv>()
    .use(bearerAuth(deps))
    .get('/list', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listSignedDocuments(db, c.get('auth').userId));
    })
    .get('/file/:id', async (c) => {
      const doc = await findSignedDocument(db, c.get('auth').userId, c.req.param('id'));
      if (!doc) throw notFound();
      const stored = await storage.open(doc.storedName);
      if (!stored) {
        log.error('A signed document is missing from the store', { document: doc.id, storedName: doc.storedName });
        throw notFound();
      }
      const headers = {
        'Content-Type': 'application/pdf',
        'Content-Length': String(stored.size),
        'Content-Disposition': attachmentDisposition(doc.downloadName, 'signed-agreement.pdf'),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
        // As for KYC downloads: should a browser ever render it, it runs nothing and loads nothing.
        'Content-Security-Policy': "default-src 'none'; sandbox",
      };
      // Hono answers HEAD through this GET route and drops the body unread: release the file at once.
      if (c.req.method === 'HEAD') {
        stored.stream.destroy();
        return c.body(null, 200, headers);
      }
      return c.body(Readable.toWeb(stored.stream) as unknown as ReadableStream<Uint8Array>, 200, headers);
    });
}
