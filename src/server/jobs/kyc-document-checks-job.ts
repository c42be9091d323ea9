/**
 * The `kyc-document-checks` job (payload {userId, round}, enqueued when KYC is submitted or resubmitted, and when
 * monitoring reopens a case): reads the identity document's machine-readable zone, then compares the selfie's face
 * with the document's photo (domain/checks/). OCR runs in tesseract.js's worker thread and the face models in a worker
 * of their own, each started at the first document this process checks and stopped at shutdown (`close`); one
 * investor at a time, after the requests waiting (requestsFirst), so investors are not kept waiting. A retry after a
 * failure skips the check the round already has.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { KycCheckKind } from '../../shared/admin/kyc-checks.ts';
import { createFaceComparer, type FaceComparer } from '../checks/face/face-comparer.ts';
import { createMrzOcr, type MrzOcr } from '../checks/mrz/mrz-ocr.ts';
import type { Clock } from '../clock.ts';
import { kycChecks } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { checkFaces } from '../domain/checks/check-faces.ts';
import { checkIdentityDocument } from '../domain/checks/check-identity-document.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { JobHandler } from './job-runner.ts';
import type { RequestsFirst } from './requests-first.ts';

export const DocumentChecksPayloadSchema = v.strictObject({ userId: v.pipe(v.string(), v.uuid()), round: v.pipe(v.number(), v.integer(), v.minValue(1)) });
export type DocumentChecksPayload = v.InferOutput<typeof DocumentChecksPayloadSchema>;

export type DocumentChecksJobDeps = { db: Db; storage: FileStore; clock: Clock; requestsFirst?: RequestsFirst; ocr?: MrzOcr; faces?: FaceComparer };

async function hasRun(db: Db, { userId, round }: DocumentChecksPayload, kind: KycCheckKind): Promise<boolean> {
  const [row] = await db.select({ id: kycChecks.id }).from(kycChecks).where(and(eq(kycChecks.userId, userId), eq(kycChecks.round, round), eq(kycChecks.kind, kind))).limit(1);
  return row !== undefined;
}

export function documentChecksJobHandler(deps: DocumentChecksJobDeps): JobHandler<DocumentChecksPayload> & { close(): Promise<void> } {
  const ocr = deps.ocr ?? createMrzOcr();
  const faces = deps.faces ?? createFaceComparer();
  let queue: Promise<unknown> = Promise.resolve();
  return {
    parse: (payload) => v.parse(DocumentChecksPayloadSchema, payload),
    run(payload) {
      const turn = queue.then(async () => {
        await deps.requestsFirst?.();
        if (!(await hasRun(deps.db, payload, 'mrz'))) await checkIdentityDocument({ db: deps.db, storage: deps.storage, ocr, clock: deps.clock, decode: (bytes, maxSide) => faces.decodeImage(bytes, maxSide) }, payload);
        await deps.requestsFirst?.();
        if (!(await hasRun(deps.db, payload, 'face'))) await checkFaces({ db: deps.db, storage: deps.storage, faces, clock: deps.clock }, payload);
      });
      queue = turn.catch(() => undefined);
      return turn;
    },
    close: async () => {
      await Promise.all([ocr.terminate(), faces.close()]);
    },
  };
}
