/**
 * Whether `sha256` is the hash of a sealed agreement the portal issued (a stored file of purpose agreement_signed with
 * its signed_documents row), and if so its title and when it was signed. Only sealed files count: a KYC upload, a
 * staff upload or the agreement as presented before signing (signed_documents.presented_sha256) never matches.
 * `signedAt` is the signature's time (agreement_signatures.signed_at), the date printed on the document's signature
 * page and listed on the investor's downloads page; the seal time is minutes later at most and not on the page.
 * Both indexed (migration 0012): stored_files by hash among sealed files, signed_documents by stored file.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { agreementSignatures, signedDocuments, storedFiles } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

export type IssuedDocument = { title: string; signedAt: Date };

/**
 * The query itself (a test explains it). The purpose is a literal, not a parameter, so the planner can always prove
 * the partial index's predicate (a generic plan for a parameter could not).
 */
export const issuedDocumentQuery = (db: Db, sha256: string) =>
  db
    .select({ title: signedDocuments.title, signedAt: agreementSignatures.signedAt })
    .from(storedFiles)
    .innerJoin(signedDocuments, eq(signedDocuments.storedFileId, storedFiles.id))
    .innerJoin(agreementSignatures, eq(agreementSignatures.id, signedDocuments.signatureId))
    .where(and(sql`${storedFiles.purpose} = 'agreement_signed'`, eq(storedFiles.sha256, sha256)))
    // Two sealed files with one hash would be one file issued twice: either answer is true; pick one steadily.
    .orderBy(asc(agreementSignatures.signedAt))
    .limit(1);

export async function findIssuedDocument(db: Db, sha256: string): Promise<IssuedDocument | null> {
  const [row] = await issuedDocumentQuery(db, sha256);
  return row ?? null;
}
