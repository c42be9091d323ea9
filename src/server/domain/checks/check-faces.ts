/**
 * The selfie's face against the identity document's photo (issue 30): both current uploads compared on our server
 * (src/server/checks/face/: @vladmandic/human's models on the WASM backend, in a worker thread), recorded with both
 * documents' SHA-256, the engine and the time taken, plus an audit event naming only the outcome; then the risk is
 * scored again. A PDF identity document is compared by its first page. "No face", "several faces" and an unreadable
 * image are results of their own, never retried.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FaceCheck } from '../../../shared/admin/kyc-checks.ts';
import { FACE_ENGINE_VERSION, FACE_MATCH_THRESHOLD, FACE_REVIEW_BAND, type FaceComparer } from '../../checks/face/face-comparer.ts';
import { renderFirstPdfPage } from '../../checks/mrz/pdf-page.ts';
import type { Clock } from '../../clock.ts';
import { kycDocuments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { scoreInvestorRisk } from '../risk/score-investor-risk.ts';
import { readStoredFile } from './read-stored-file.ts';
import { recordCheck } from './record-check.ts';

export type FaceCheckDeps = { db: Db; storage: FileStore; faces: FaceComparer; clock: Clock };

/** An image the comparer reads: JPEG and PNG as they are, a PDF's first page drawn as a PNG (null: no page). */
async function asImage(bytes: Uint8Array, contentType: string): Promise<Uint8Array | null> {
  if (contentType !== 'application/pdf') return bytes;
  const page = await renderFirstPdfPage(bytes).catch(() => null);
  return page ? new Uint8Array(page.toBuffer('image/png')) : null;
}

export async function checkFaces({ db, storage, faces, clock }: FaceCheckDeps, { userId, round }: { userId: string; round: number }): Promise<'checked' | 'nothing'> {
  const startedAt = performance.now();
  const docs = await db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), inArray(kycDocuments.documentType, ['identity', 'selfie']), isNull(kycDocuments.replacedAt)))
    .orderBy(desc(kycDocuments.seq));
  const selfieDoc = docs.find((d) => d.documentType === 'selfie');
  const idDoc = docs.find((d) => d.documentType === 'identity');
  if (!selfieDoc || !idDoc) return 'nothing';
  const [selfieBytes, idBytes] = await Promise.all([readStoredFile(storage, selfieDoc.fileName), readStoredFile(storage, idDoc.fileName)]);
  const idImage = idBytes ? await asImage(idBytes, idDoc.contentType) : null;
  const compared = !selfieBytes ? ({ outcome: 'unreadable', image: 'selfie' } as const) : !idImage ? ({ outcome: 'unreadable', image: 'id' } as const) : await faces.compare(selfieBytes, idImage);
  const result: FaceCheck['result'] = compared.outcome === 'compared' ? { ...compared, threshold: FACE_MATCH_THRESHOLD, band: FACE_REVIEW_BAND } : compared;
  const now = clock.now();
  await db.transaction(async (tx) => {
    await recordCheck(tx, {
      userId,
      round,
      kind: 'face',
      result: { documents: { selfie: selfieDoc.originalName, id: idDoc.originalName }, result },
      inputs: { selfie: selfieDoc.sha256, id: idDoc.sha256 },
      engine: FACE_ENGINE_VERSION,
      startedAt,
      at: now,
      audit: { selfie: selfieDoc.sha256, id: idDoc.sha256, outcome: result.outcome, ...(result.outcome === 'compared' ? { similarity: result.similarity, verdict: result.verdict } : {}) },
    });
  });
  await scoreInvestorRisk(db, { userId, now: clock.now(), startedAt: performance.now() });
  return 'checked';
}
