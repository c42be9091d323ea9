/**
 * Whether `sha256` is the hash of a document the portal issued, and if so which kind, its title and its time:
 * - a sealed agreement (a stored file of purpose agreement_signed with its signed_documents row): `signedAt` is the
 *   signature's time (agreement_signatures.signed_at), the date printed on the document's signature page and listed
 *   on the investor's downloads page; the seal time is minutes later at most and not on the page;
 * - an investor's sealed statement (investment_statements, issue 28): its title is the statement's, `signedAt` the
 *   time it was issued and sealed, printed on it.
 * Only sealed files count: a KYC upload, a staff upload or the agreement as presented before signing
 * (signed_documents.presented_sha256) never matches. Each lookup is on an index: stored_files by hash among sealed
 * files and signed_documents by stored file (migration 0012), investment_statements by hash (migration 0016).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { STATEMENT_TITLE } from '../../../shared/investment-statement.ts';
import type { IssuedDocumentKind } from '../../../shared/verify-document.ts';
import { agreementSignatures, investmentStatements, signedDocuments, storedFiles } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

export type IssuedDocument = { kind: IssuedDocumentKind; title: string; signedAt: Date };

/**
 * The agreements' query itself (a test explains it). The purpose is a literal, not a parameter, so the planner can
 * always prove the partial index's predicate (a generic plan for a parameter could not).
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

/** The statements' query (a test explains it too). */
export const issuedStatementQuery = (db: Db, sha256: string) =>
  db
    .select({ issuedAt: investmentStatements.issuedAt })
    .from(investmentStatements)
    .where(eq(investmentStatements.sha256, sha256))
    .orderBy(asc(investmentStatements.issuedAt))
    .limit(1);

export async function findIssuedDocument(db: Db, sha256: string): Promise<IssuedDocument | null> {
  const [[agreement], [statement]] = await Promise.all([issuedDocumentQuery(db, sha256), issuedStatementQuery(db, sha256)]);
  if (agreement) return { kind: 'agreement', ...agreement };
  if (statement) return { kind: 'statement', title: STATEMENT_TITLE, signedAt: statement.issuedAt };
  return null;
}
