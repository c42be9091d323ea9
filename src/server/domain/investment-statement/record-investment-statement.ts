/**
 * The rows of an issued statement, in one transaction: its stored_files row (so the orphan sweep keeps the file), the
 * investment_statements row, then the audit event (last, so the chain's head is held only to the commit). The file is
 * already in the store; the caller removes it if this does not commit. One statement per version of a case (unique
 * index): when a parallel request committed first, this answers 'duplicate' and writes nothing.
 */
import { investmentStatements, storedFiles } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { RequestMeta } from '../request-context.ts';
import type { IssuedStatement } from './find-investment-statement.ts';

export type StatementToRecord = {
  userId: string;
  caseVersion: number;
  storedName: string;
  size: number;
  sha256: string;
  seal: { subject: string; fingerprintSha256: string };
  issuedAt: Date;
  /** The investor's request that made it. */
  meta: RequestMeta;
};

/** The download's name as stored_files keeps it (data only, never a path). */
const ORIGINAL_NAME = 'investment-statement.pdf';

export async function recordInvestmentStatement(db: Db, statement: StatementToRecord): Promise<IssuedStatement | 'duplicate'> {
  const { userId, caseVersion, storedName, size, sha256, seal, issuedAt } = statement;
  try {
    return await db.transaction(async (tx) => {
      const [file] = await tx
        .insert(storedFiles)
        .values({ ownerId: userId, purpose: 'investment_statement', storedName, originalName: ORIGINAL_NAME, contentType: 'application/pdf', sizeBytes: size, sha256, createdAt: issuedAt })
        .returning({ id: storedFiles.id });
      if (!file) throw new Error('recording a statement wrote no stored_files row');
      const [row] = await tx
        .insert(investmentStatements)
        .values({ userId, caseVersion, storedFileId: file.id, sha256, issuedAt })
        .returning({ id: investmentStatements.id });
      if (!row) throw new Error('recording a statement wrote no row');
      await recordAuditEvent(tx, {
        userId,
        action: 'investment.statement.issued',
        detail: { statementId: row.id, caseVersion, sha256, size, seal },
        meta: statement.meta,
        at: issuedAt,
      });
      return { id: row.id, caseVersion, storedName, sha256, issuedAt };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'investment_statements_user_version')) return 'duplicate';
    throw error;
  }
}
