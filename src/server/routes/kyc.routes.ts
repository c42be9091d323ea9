/**
 * KYC/AML verification (bearer). Everything but GET /status is refused (409) until the disclosure step is complete.
 *   GET  /status               the verification, its steps, the investor's files and AML answers
 *   POST /upload-document      multipart: type, step, file -> 201 the stored file (streamed; 10 MB; JPEG/PNG/PDF)
 *   POST /save-step            {step, stepData} for steps 1-4, in order -> the status
 *   POST /complete             -> {nextStep: 'agreements', status, completedAt} once steps 1-4 are saved
 *   GET  /download/:fileName   one of the investor's own files; anything else 404
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { KYC_DOCUMENT_STEP, KYC_MAX_BYTES, SaveKycStepSchema, resubmitStepOfDocument, UploadFieldsSchema, kycDownloadPath, type KycDocumentType, type KycUploadResponse } from '../../shared/kyc.ts';
import { messages } from '../../shared/messages.ts';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { completeKyc } from '../domain/kyc/complete-kyc.ts';
import { findKycDocument } from '../domain/kyc/find-kyc-document.ts';
import { getKycStatus } from '../domain/kyc/get-kyc-status.ts';
import { checkKycAccess, refuseIfKycComplete, refuseIfNotRequested } from '../domain/kyc/kyc-access.ts';
import { recordKycDocument } from '../domain/kyc/record-kyc-document.ts';
import { saveKycStep } from '../domain/kyc/save-kyc-step.ts';
import { AppError } from '../errors/app-error.ts';
import { bearerAuth } from '../http/bearer-auth.ts';
import { storedFileAnswer } from '../http/stored-file-answer.ts';
import { parseInput, readJson } from '../http/read-json.ts';
import { declareOwnBody } from '../http/own-body-routes.ts';
import { receiveUpload } from '../http/receive-upload.ts';
import { requestContext } from '../http/request-context.ts';
import { STORED_FILE_EXTENSIONS, isStoredFileName } from '../storage/stored-name.ts';

/** Streams its multipart body under its own 10 MB limit, so the JSON body limit leaves it alone. */
declareOwnBody('/api/kyc/upload-document', 'multipart-stream');

const notFound = () => new AppError('NOT_FOUND', messages.server.notFound);

/** `step`, when sent, must be the type's step. */
function refuseWrongStep({ type, step }: { type?: KycDocumentType | undefined; step?: string | undefined }) {
  if (type !== undefined && step !== undefined && Number(step) !== KYC_DOCUMENT_STEP[type]) throw new AppError('BAD_REQUEST', messages.server.invalidRequest);
}

/**
 * The upload's fields as they arrive (`type` may still be missing: it can come after the file), so a field that will
 * be refused stops the upload before its file is stored. Checked again, complete, after the body.
 */
const UploadFieldsSoFarSchema = v.partial(UploadFieldsSchema);
function checkFieldsSoFar(fields: Readonly<Record<string, string>>) {
  const soFar = parseInput(UploadFieldsSoFarSchema, fields, { messages: 'schema' });
  refuseWrongStep(soFar);
  return soFar;
}

/** The download name: the original name, with the detected type's extension when it carried another. */
function downloadName(originalName: string, fileName: string): string {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1);
  const accepted = ext === 'jpg' ? ['jpg', 'jpeg'] : [ext];
  const own = originalName.slice(originalName.lastIndexOf('.') + 1).toLowerCase();
  return originalName.includes('.') && accepted.includes(own) ? originalName : `${originalName}.${ext}`;
}

export function kycRoutes(deps: AppDeps) {
  const { db, run, storage, log } = deps;

  return new Hono<AppEnv>()
    .use(bearerAuth(deps))
    .get('/status', async (c) => c.json(await getKycStatus(run, c.get('auth').userId)))
    .post('/upload-document', async (c) => {
      const ctx = requestContext(c, deps);
      // Refused before a byte of the body is read or stored.
      const kyc = await checkKycAccess(db, ctx.userId);
      refuseIfKycComplete(kyc);
      const { fields, file } = await receiveUpload(c, storage, {
        maxBytes: KYC_MAX_BYTES,
        fileField: 'file',
        // During a resubmission, a type the reviewer did not ask for is refused before its file is stored (when the
        // type comes first; recordKycDocument refuses it under the lock in any case).
        checkFields: (soFar) => {
          const { type } = checkFieldsSoFar(soFar);
          if (type) refuseIfNotRequested(kyc, resubmitStepOfDocument(type));
        },
      });
      if (!file) throw new AppError('BAD_REQUEST', messages.server.invalidRequest);
      try {
        const { type, step } = parseInput(UploadFieldsSchema, fields, { messages: 'schema' });
        refuseWrongStep({ type, step });
        // A selfie is a camera picture; a PDF cannot be one.
        if (type === 'selfie' && file.contentType === 'application/pdf') throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.kyc.invalidType);
        const superseded = await recordKycDocument(db, { documentType: type, ...file }, ctx);
        for (const name of superseded) {
          await storage.remove(name).catch((removeError: unknown) => log.error('Could not remove a superseded upload', { fileName: name, error: removeError }));
        }
      } catch (error) {
        await storage.remove(file.fileName).catch((removeError: unknown) => log.error('Could not remove a refused upload', { fileName: file.fileName, error: removeError }));
        throw error;
      }
      const answer: KycUploadResponse = {
        fileName: file.fileName,
        originalName: file.originalName,
        filePath: kycDownloadPath(file.fileName),
        fileType: file.contentType,
        fileSize: file.size,
      };
      return c.json(answer, 201);
    })
    .post('/save-step', async (c) => {
      const ctx = requestContext(c, deps);
      await checkKycAccess(db, ctx.userId);
      await saveKycStep(db, await readJson(c, SaveKycStepSchema, { messages: 'schema' }), ctx);
      return c.json(await getKycStatus(run, ctx.userId));
    })
    .post('/complete', async (c) => {
      const answer = await completeKyc(db, requestContext(c, deps));
      deps.jobs.wake();
      return c.json(answer);
    })
    .get('/download/:fileName', async (c) => {
      const fileName = c.req.param('fileName');
      // Before anything else: only a name the server could have generated goes on (no path, no encoding tricks).
      if (!isStoredFileName(fileName)) throw notFound();
      const { userId } = c.get('auth');
      await checkKycAccess(db, userId);
      const doc = await findKycDocument(db, userId, fileName);
      if (!doc) throw notFound();
      const stored = await storage.open(doc.fileName);
      if (!stored) {
        log.error('A KYC file is missing from the store', { fileName: doc.fileName });
        throw notFound();
      }
return storedFileAnswer(c, stored, {
        contentType: doc.contentType,
        downloadName: downloadName(doc.originalName, doc.fileName),
        fallbackName: `document.${STORED_FILE_EXTENSIONS[doc.contentType]}`,
      });
    });
}
