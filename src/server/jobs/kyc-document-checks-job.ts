/**
 * The `kyc-document-checks` job (payload {userId, round}, enqueued when KYC is submitted or resubmitted, and when
 * monitoring reopens a case): reads the identity document's machine-readable zone (domain/checks/). OCR runs in
 * tesseract.js's worker thread, started at the first document this process reads and stopped at shutdown
 * (`close`); one document at a time, after the requests waiting (requestsFirst), so investors are not kept waiting.
 */
import * as v from 'valibot';
import type { Clock } from '../clock.ts';
import { createMrzOcr, type MrzOcr } from '../checks/mrz/mrz-ocr.ts';
import type { Db } from '../db/types.ts';
import { checkIdentityDocument } from '../domain/checks/check-identity-document.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { JobHandler } from './job-runner.ts';
import type { RequestsFirst } from './requests-first.ts';

export const DocumentChecksPayloadSchema = v.strictObject({ userId: v.pipe(v.string(), v.uuid()), round: v.pipe(v.number(), v.integer(), v.minValue(1)) });
export type DocumentChecksPayload = v.InferOutput<typeof DocumentChecksPayloadSchema>;


export type DocumentChecksJobDeps = { db: Db; storage: FileStore; clock: Clock; requestsFirst?: RequestsFirst; ocr?: MrzOcr };

export function documentChecksJobHandler(deps: DocumentChecksJobDeps): JobHandler<DocumentChecksPayload> & { close(): Promise<void> } {
  const ocr = deps.ocr ?? createMrzOcr();
  let queue: Promise<unknown> = Promise.resolve();
  return {
    parse: (payload) => v.parse(DocumentChecksPayloadSchema, payload),
    run(payload) {
      const turn = queue.then(async () => {
        await deps.requestsFirst?.();
        await checkIdentityDocument({ db: deps.db, storage: deps.storage, ocr, clock: deps.clock }, payload);
      });
      queue = turn.catch(() => undefined);
      return turn;
    },
    close: () => ocr.terminate(),
  };
}
