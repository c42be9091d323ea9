/**
 * The investor's signed documents (bearer), sealed by the seal-agreement jobs:
 *   GET /list        {documents: [{id, section, title, type, size, signedAt}], hasSignedDocuments, message, pending}
 *   GET /file/:id    one of the investor's own sealed PDFs, as an attachment; anything else (another investor's id,
 *                    an unknown one, not an id at all, a path) is the same 404
 */
import { Hono } from 'hono';
import { messages } from '../../shared/messages.ts';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { findSignedDocument } from '../domain/documents/find-signed-document.ts';
import { listSignedDocuments } from '../domain/documents/list-signed-documents.ts';
import { AppError } from '../errors/app-error.ts';
import { bearerAuth } from '../http/bearer-auth.ts';
import { storedFileAnswer } from '../http/stored-file-answer.ts';

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
return storedFileAnswer(c, stored, { contentType: 'application/pdf', downloadName: doc.downloadName, fallbackName: 'signed-agreement.pdf' });
    });
}
