/**
 * The `seal-agreement` job (payload {signatureId}, enqueued by the agreements step's completion): makes the investor's
 * signed document from one signature. It reads the signature, the exact agreement version signed and the investor as
 * registered; stamps and seals the PDF through the sealer (worker threads: never on the event loop); writes the file
 * to the store; then records stored_files + signed_documents + the audit event in one transaction.
 *
 * Delivery is at least once (job-runner.ts), so every step tolerates a repeat:
 * - a signature that already has its document: nothing to do (a run after a commit whose `done` was lost);
 * - a crash after the file is written and before the commit: the file has no stored_files row, the orphan sweep
 *   removes it, and the retry seals and writes a new one;
 * - two runners sealing one signature at once: the unique index on signed_documents.signature_id lets one commit;
 *   the other removes its file and ends as done.
 * A signature that no longer exists (the investor's account was deleted) or cannot be sealed (a version whose bytes
 * no longer match their SHA-256) fails permanently; anything else (the sealer, the store, the database) is retried.
 */
import * as v from 'valibot';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/types.ts';
import { loadSignatureForSealing, UnsealableSignatureError } from '../domain/documents/load-signature-for-sealing.ts';
import { recordSignedDocument } from '../domain/documents/record-signed-document.ts';
import type { Log } from '../log.ts';
import type { AgreementSealer } from '../pdf/agreement-sealer.ts';
import type { FileStore } from '../storage/file-store.ts';
import { newStoredFileName } from '../storage/stored-name.ts';
import { PermanentJobError, type JobHandler } from './job-runner.ts';
import type { RequestsFirst } from './requests-first.ts';

export const SealAgreementPayloadSchema = v.strictObject({ signatureId: v.pipe(v.string(), v.uuid()) });
export type SealAgreementPayload = v.InferOutput<typeof SealAgreementPayloadSchema>;

export type SealAgreementJobDeps = {
  db: Db;
  sealer: Pick<AgreementSealer, 'sealAgreement'>;
  storage: FileStore;
  clock: Clock;
  log: Log;
};

async function* oneChunk(bytes: Uint8Array) {
  yield bytes;
}

export async function sealSignedAgreement({ db, sealer, storage, clock, log }: SealAgreementJobDeps, { signatureId }: SealAgreementPayload): Promise<void> {
  let signature;
  try {
    signature = await loadSignatureForSealing(db, signatureId);
  } catch (error) {
    if (error instanceof UnsealableSignatureError) throw new PermanentJobError(error.message);
    throw error;
  }
  if (!signature) throw new PermanentJobError('the signature no longer exists (the investor account was deleted)');
  if (signature === 'sealed') return;

  const sealedAt = clock.now();
  const sealed = await sealer.sealAgreement({
    presentedPdf: signature.presentedPdf,
    fields: signature.fields,
    record: signature.record,
    signaturePng: signature.signaturePng,
    sealedAt,
  });
  if (sealed.presentedSha256 !== signature.presentedSha256) throw new Error('the sealed document names another agreement version');

  const storedName = newStoredFileName('application/pdf');
  await storage.put(storedName, oneChunk(sealed.pdf), { contentType: 'application/pdf' });
  let outcome;
  try {
    outcome = await recordSignedDocument(db, signature, {
      storedName,
      size: sealed.pdf.byteLength,
      sha256: sealed.sha256,
      presentedSha256: sealed.presentedSha256,
      sealFingerprint: sealed.certificate.fingerprintSha256,
      sealSubject: sealed.certificate.subject,
      sealedAt,
    });
  } catch (error) {
    // Not committed: the file has no row. Removed now; should that fail, the orphan sweep removes it later.
    await storage.remove(storedName).catch((removeError: unknown) => log.error('Could not remove a sealed file whose rows were not written', { storedName, error: removeError }));
    throw error;
  }
  if (outcome === 'duplicate') {
    await storage.remove(storedName).catch((removeError: unknown) => log.error('Could not remove a duplicate sealed file', { storedName, error: removeError }));
    log.info('A signed agreement was already sealed by another runner', { signatureId });
    return;
  }
  log.info('Sealed a signed agreement', { agreement: signature.key, document: outcome.documentId, bytes: sealed.pdf.byteLength });
}

/**
 * The handler the runner calls. The runner claims jobs in batches (5) and runs a batch at once; here they seal one at
 * a time per worker thread (`concurrency`: the sealer's workers, at least 1), as fast, since the worker is the
 * bottleneck, while the job's database work (on PGlite it runs on the request thread) is spread out instead of a whole
 * batch's reads arriving at once. Measured on the shared 2-core machine (docs/decisions.md, issue 12), the status
 * call's p99 while 70 documents sealed was 2.0-2.8x its idle p99 with whole batches at once, 1.4-1.8x with a batch
 * of 1, and 2.0-2.4x with this limit: the machine's noise is of the same size as the difference. The server also
 * passes `requestsFirst` (requests-first.ts): each job waits while requests keep the event loop busy (at most 2 s),
 * which brought that ratio to 1.0-1.3 in five runs of five (the documents then seal after the burst).
 */
export function sealAgreementJobHandler(
  deps: SealAgreementJobDeps & { concurrency?: number; /** The server's: wait while requests keep the loop busy. */ requestsFirst?: RequestsFirst },
): JobHandler<SealAgreementPayload> {
  const limit = Math.max(1, deps.concurrency ?? 1);
  let running = 0;
  const waiting: (() => void)[] = [];
  const turn = async () => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
  };
  const done = () => {
    running--;
    waiting.shift()?.();
  };
  return {
    parse: (payload) => v.parse(SealAgreementPayloadSchema, payload),
    async run(payload) {
      await turn();
      try {
        await deps.requestsFirst?.();
        await sealSignedAgreement(deps, payload);
      } finally {
        done();
      }
    },
  };
}
