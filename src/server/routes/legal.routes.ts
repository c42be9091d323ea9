/**
 * The legal agreements step (bearer). Everything but GET /progress is refused (409) until KYC is complete.
 *   GET  /progress          the agreements status (status, completedAt, walletAddress) with the configurations and the
 *                           investor's state of each agreement (the process reads the status on every page)
 *   GET  /configurations    the seven configurations presented to this investor (signed version, else current)
 *   GET  /pdf/:versionId    an agreement's PDF (a configuration's pdfPath; ETag; revalidated, never stored by shared caches)
 *   POST /save-progress     {agreements} or {agreements, walletAddress} -> the progress (signings checked and stored)
 *   POST /complete          {agreements?} -> LegalCompleteResponse once all seven are signed and the wallet is valid
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AGREEMENT_KEYS, CompleteLegalSchema, SaveLegalProgressSchema, SIGNATURE_DATA_URL_MAX_LENGTH } from '../../shared/legal.ts';
import { messages } from '../../shared/messages.ts';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { getLegalProgress } from '../domain/get-legal-progress.ts';
import { getAgreementConfigurations } from '../domain/legal/agreement-versions.ts';
import { completeLegal } from '../domain/legal/complete-legal.ts';
import { getAgreementPdfBytes, getAgreementPdfTag } from '../domain/legal/get-agreement-pdf.ts';
import { checkLegalAccess } from '../domain/legal/legal-access.ts';
import { saveLegalProgress } from '../domain/legal/save-legal-progress.ts';
import { AppError } from '../errors/app-error.ts';
import { bearerAuth } from '../http/bearer-auth.ts';
import { JSON_BODY_LIMIT_BYTES } from '../http/json-body-limit.ts';
import { declareOwnBody } from '../http/own-body-routes.ts';
import { readJson } from '../http/read-json.ts';
import { requestContext } from '../http/request-context.ts';

/**
 * Seven signatures of the largest accepted size as data URLs (about 1.9 MB) and the rest of the payload: the final
 * save re-sends every agreement. Counted while reading (413 past it), as the JSON limit does for other routes.
 */
export const LEGAL_BODY_LIMIT_BYTES = AGREEMENT_KEYS.length * SIGNATURE_DATA_URL_MAX_LENGTH + JSON_BODY_LIMIT_BYTES;
declareOwnBody('/api/legal/save-progress', 'json-own-limit');
declareOwnBody('/api/legal/complete', 'json-own-limit');

const legalBodyLimit = bodyLimit({
  maxSize: LEGAL_BODY_LIMIT_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', messages.server.tooLarge);
  },
});

/** Complete may come without a body (nothing in it is needed: the server completes from what it stored). */
async function readCompleteBody(c: Context<AppEnv>): Promise<void> {
  if ((await c.req.text()) === '') return;
  await readJson(c, CompleteLegalSchema, { messages: 'schema' });
}

export function legalRoutes(deps: AppDeps) {
  const { db } = deps;

  return new Hono<AppEnv>()
    .use(bearerAuth(deps))
    .get('/progress', async (c) => c.json(await getLegalProgress(db, c.get('auth').userId)))
    .get('/configurations', async (c) => {
      const { userId } = c.get('auth');
      await checkLegalAccess(db, userId);
      return c.json(await getAgreementConfigurations(db, userId));
    })
    .get('/pdf/:versionId', async (c) => {
      const { userId } = c.get('auth');
      await checkLegalAccess(db, userId);
      const versionId = c.req.param('versionId');
      const tag = await getAgreementPdfTag(db, userId, versionId);
      const etag = `"${tag.sha256}"`;
      const headers = {
        ETag: etag,
        // Same bytes for every investor shown them, but only for them: the browser may keep them and must ask again.
        'Cache-Control': 'private, no-cache',
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="g2g-${tag.key.replace(/_/g, '-')}.pdf"`,
        'X-Content-Type-Options': 'nosniff',
      };
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
      const bytes = await getAgreementPdfBytes(db, versionId);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Length': String(bytes.byteLength) });
    })
    .post('/save-progress', legalBodyLimit, async (c) => {
      const ctx = requestContext(c, deps);
      // Refused before the body (up to 2 MB) is read.
      await checkLegalAccess(db, ctx.userId);
      const payload = await readJson(c, SaveLegalProgressSchema, { messages: 'schema' });
      await saveLegalProgress(db, payload, ctx);
      return c.json(await getLegalProgress(db, ctx.userId));
    })
    .post('/complete', legalBodyLimit, async (c) => {
      const ctx = requestContext(c, deps);
      await checkLegalAccess(db, ctx.userId);
      await readCompleteBody(c);
      const { answer, enqueued } = await completeLegal(db, ctx);
      if (enqueued) deps.jobs.wake();
      return c.json(answer);
    });
}

