/**
 * GET /api/downloads/list: the investor's sealed documents in the order the agreements are shown, how many signed
 * agreements are still being sealed, and the page's message (spec "Downloads page": 'No Documents Available',
 * 'Documents Not Generated Yet', 'N of 7 signed legal documents available').
 *
 * `pending` counts signatures without a sealed document once the step is COMPLETED: the completion enqueues the
 * sealing, so before it nothing is being made and the page must not wait for anything.
 */
import { eq } from 'drizzle-orm';
import type { DocumentsResponse } from '../../../shared/documents.ts';
import { AGREEMENT_KEYS, type AgreementKey } from '../../../shared/legal.ts';
import { messages } from '../../../shared/messages.ts';
import { agreementSignatures, legalAgreements, signedDocuments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

const order = (key: string) => AGREEMENT_KEYS.indexOf(key as AgreementKey);

export async function listSignedDocuments(db: Db, userId: string): Promise<DocumentsResponse> {
  const [rows, [step]] = await Promise.all([
    db
      .select({
        signatureKey: agreementSignatures.key,
        signedAt: agreementSignatures.signedAt,
        id: signedDocuments.id,
        key: signedDocuments.key,
        title: signedDocuments.title,
        size: signedDocuments.sizeBytes,
      })
      .from(agreementSignatures)
      .leftJoin(signedDocuments, eq(signedDocuments.signatureId, agreementSignatures.id))
      .where(eq(agreementSignatures.userId, userId)),
    db.select({ status: legalAgreements.status }).from(legalAgreements).where(eq(legalAgreements.userId, userId)).limit(1),
  ]);
  const documents = rows
    .filter((r) => r.id !== null)
    .sort((a, b) => order(a.signatureKey) - order(b.signatureKey))
    .map((r) => ({
      id: r.id as string,
      section: r.key as AgreementKey,
      title: r.title as string,
      type: 'application/pdf' as const,
      size: r.size as number,
      signedAt: r.signedAt.toISOString(),
    }));
  const pending = step?.status === 'COMPLETED' ? rows.length - documents.length : 0;
  const words = messages.downloads;
  return {
    documents,
    hasSignedDocuments: documents.length > 0,
    message: documents.length > 0 ? words.available(documents.length, AGREEMENT_KEYS.length) : pending > 0 ? words.notGenerated : words.none,
    pending,
  };
}
