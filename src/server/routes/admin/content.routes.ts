/**
 * Issuer content in the back-office (issue 15), under /api/admin/content; changes for the issuer-admin, reading for
 * every issuer-admin and auditor (staffAuth lets auditors read).
 *   GET    /                                                sections and agreements, counts, versions, history
 *   GET    /disclosure/:id/pdf                              a section's document (inline, sandboxed, not stored)
 *   GET    /agreements/:key/versions/:versionId/pdf         any version of an agreement
 *   POST   /disclosure/:id                                  multipart: title, order, minReadingSeconds, [file]
 *   POST   /disclosure                                      multipart: slug, title, order, minReadingSeconds, [file]
 *   DELETE /disclosure/:id                                  retire a section (not the last one)
 *   POST   /agreements/:key                                 multipart: title, checkboxes (JSON), [file]
 * Uploads are streamed to the file store under the size limit, sniffed (PDF only), checked to open, read into the
 * database by the change, and removed from the store whatever happens: the PDFs live in their content rows.
 */
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { contentMessages } from '../../../shared/admin/content-messages.ts';
import {
  AgreementFieldsSchema,
  CHECKBOXES_FIELD_MAX_BYTES,
  CONTENT_PDF_MAX_BYTES,
  NewSectionFieldsSchema,
  SectionFieldsSchema,
  isAgreementKey,
} from '../../../shared/admin/content.ts';
import { ROLES } from '../../../shared/admin/staff-roles.ts';
import type { AppDeps, AppEnv } from '../../app-context.ts';
import { addSection, replaceAgreement, retireSection, updateSection } from '../../domain/admin/content-change.ts';
import { listAdminContent } from '../../domain/admin/content-list.ts';
import { checkPdfOpens } from '../../domain/admin/content-pdf-check.ts';
import { getAgreementVersionPdf, getSectionPdf, type ContentPdf } from '../../domain/admin/content-pdf.ts';
import { isUuid } from '../../domain/is-uuid.ts';
import { AppError } from '../../errors/app-error.ts';
import { declareOwnBody } from '../../http/own-body-routes.ts';
import { parseInput } from '../../http/read-json.ts';
import { receiveUpload } from '../../http/receive-upload.ts';
import { staffRequestContext } from '../../http/request-context.ts';
import { staffAuth } from '../../http/staff-auth.ts';

declareOwnBody('/api/admin/content/disclosure', 'multipart-stream');
declareOwnBody('/api/admin/content/disclosure/:id', 'multipart-stream');
declareOwnBody('/api/admin/content/agreements/:key', 'multipart-stream');

const FILE_FIELD = 'file';

function pdfAnswer(c: Context<AppEnv>, pdf: ContentPdf): Response {
  return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Length': String(pdf.bytes.byteLength),
    'Content-Disposition': `inline; filename="${pdf.name}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * The form's fields, checked by `schema` (also as they arrive, so a refused form stores no file), and the uploaded
 * PDF's bytes (null: no file sent). The stored upload is removed before this returns or throws.
 */
async function receiveContentForm<TSchema extends v.GenericSchema<Record<string, string>, unknown>>(
  c: Context<AppEnv>,
  deps: AppDeps,
  schema: TSchema,
  maxFieldBytes?: number,
): Promise<{ fields: v.InferOutput<TSchema>; pdf: Uint8Array | null }> {
  const { storage, log } = deps;
  const partial = v.partial(schema as unknown as v.ObjectSchema<v.ObjectEntries, undefined>);
  const { fields, file } = await receiveUpload(c, storage, {
    maxBytes: CONTENT_PDF_MAX_BYTES,
    fileField: FILE_FIELD,
    maxFieldBytes,
    checkFields: (so) => void parseInput(partial, so, { messages: 'schema', fallback: contentMessages.invalidFields }),
  }).catch((error: unknown) => {
    // The upload code's refusals speak of KYC files; the same refusals in this form's words.
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', contentMessages.tooLarge);
    if (error instanceof AppError && error.code === 'UNSUPPORTED_MEDIA_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE', contentMessages.notPdf);
    throw error;
  });
  try {
    const parsed = parseInput(schema, fields, { messages: 'schema', fallback: contentMessages.invalidFields });
    if (!file) return { fields: parsed, pdf: null };
    if (file.contentType !== 'application/pdf') throw new AppError('UNSUPPORTED_MEDIA_TYPE', contentMessages.notPdf);
    const stored = await storage.open(file.fileName);
    if (!stored) throw new Error('the upload just stored is missing');
    const bytes = await readAll(stored.stream);
    await checkPdfOpens(bytes);
    return { fields: parsed, pdf: bytes };
  } finally {
    if (file) await storage.remove(file.fileName).catch((error: unknown) => log.error('Could not remove a content upload', { fileName: file.fileName, error }));
  }
}

export function contentRoutes(deps: AppDeps) {
  const { db } = deps;
  const issuerAdmin = staffAuth(deps, ROLES.issuerAdmin);
  return new Hono<AppEnv>()
    .get('/', issuerAdmin, async (c) => c.json(await listAdminContent(db)))
    .get('/disclosure/:id/pdf', issuerAdmin, async (c) => pdfAnswer(c, await getSectionPdf(db, c.req.param('id'))))
    .get('/agreements/:key/versions/:versionId/pdf', issuerAdmin, async (c) =>
      pdfAnswer(c, await getAgreementVersionPdf(db, c.req.param('key'), c.req.param('versionId'))),
    )
    .post('/disclosure', issuerAdmin, async (c) => {
      const ctx = staffRequestContext(c, deps);
      const { fields, pdf } = await receiveContentForm(c, deps, NewSectionFieldsSchema);
      return c.json(await addSection(db, fields, pdf, ctx), 201);
    })
    .post('/disclosure/:id', issuerAdmin, async (c) => {
      const id = c.req.param('id');
      // Before a byte of the body is read: an id that cannot be a section's.
      if (!isUuid(id)) throw new AppError('NOT_FOUND', contentMessages.sectionNotFound);
      const ctx = staffRequestContext(c, deps);
      const { fields, pdf } = await receiveContentForm(c, deps, SectionFieldsSchema);
      return c.json(await updateSection(db, id, fields, pdf, ctx));
    })
    .delete('/disclosure/:id', issuerAdmin, async (c) => c.json(await retireSection(db, c.req.param('id'), staffRequestContext(c, deps))))
    .post('/agreements/:key', issuerAdmin, async (c) => {
      const key = c.req.param('key');
      if (!isAgreementKey(key)) throw new AppError('NOT_FOUND', contentMessages.agreementNotFound);
      const ctx = staffRequestContext(c, deps);
      const { fields, pdf } = await receiveContentForm(c, deps, AgreementFieldsSchema, CHECKBOXES_FIELD_MAX_BYTES);
      return c.json(await replaceAgreement(db, key, fields, pdf, ctx));
    });
}
