/**
 * Public document verification, no sign-in (issue 16; src/shared/verify-document.ts):
 *   POST /document {sha256} -> 200 {issued: true, kind, title, signedAt} | {issued: false}   (kind: agreement | statement)
 * The browser hashes the file; only the hash arrives. The answer names nothing personal (no name, address, id or
 * client address), and a sealed document's hash is 256 bits, so answering "no" for every other value tells nobody
 * anything they could enumerate. Refusals, in words: over the client's limit 429 with Retry-After (checked and
 * counted before the body is read, so malformed checks count too), a body over 1 KB 413, not JSON 415/400, anything
 * but `{sha256: <64 lower-case hex>}` 400.
 * A check is not an audit event: an anonymous stranger could otherwise grow the trail at will. One log line each.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { messages } from '../../shared/messages.ts';
import { VerifyDocumentRequestSchema, verifyWords, type VerifyDocumentResponse } from '../../shared/verify-document.ts';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { admitDocumentCheck } from '../domain/verify/admit-document-check.ts';
import { findIssuedDocument } from '../domain/verify/find-issued-document.ts';
import { AppError } from '../errors/app-error.ts';
import { readJson } from '../http/read-json.ts';
import { anonymousRequestContext } from '../http/request-context.ts';

/** `{"sha256":"<64 hex>"}` is 78 bytes; anything near this limit is not a check. */
export const VERIFY_BODY_LIMIT_BYTES = 1024;

export function verifyDocumentRoutes(deps: AppDeps) {
  const { db, log } = deps;
  const limit = bodyLimit({
    maxSize: VERIFY_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', messages.server.tooLarge);
    },
  });

  return new Hono<AppEnv>().post('/document', limit, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { now, meta } = anonymousRequestContext(c, deps);
    const admission = await admitDocumentCheck(db, meta.ip, now);
    if (!admission.admitted) {
      log.info('Document check refused: over the client limit', { retryAfterSeconds: admission.retryAfterSeconds });
      c.header('Retry-After', String(admission.retryAfterSeconds));
      return c.json({ error: verifyWords.tooManyChecks }, 429);
    }
    const { sha256 } = await readJson(c, VerifyDocumentRequestSchema);
    const found = await findIssuedDocument(db, sha256);
    log.info('Document checked', { issued: found !== null });
    const answer: VerifyDocumentResponse = found ? { issued: true, kind: found.kind, title: found.title, signedAt: found.signedAt.toISOString() } : { issued: false };
    return c.json(answer);
  });
}
