/**
 * The investor's statements as issued: the one at the case's current version (read with the case itself, so an
 * unchanged case costs one query and no sealing), or the one at a given version (the winner a parallel request lost
 * to). Always scoped by the investor.
 */
import { and, eq } from 'drizzle-orm';
import { investmentCases, investmentStatements, storedFiles } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

export type IssuedStatement = { id: string; caseVersion: number; storedName: string; sha256: string; issuedAt: Date };

const columns = {
  id: investmentStatements.id,
  caseVersion: investmentStatements.caseVersion,
  storedName: storedFiles.storedName,
  sha256: investmentStatements.sha256,
  issuedAt: investmentStatements.issuedAt,
};

/** null: the investor has no case. Otherwise its version, and the statement issued at it if there is one. */
export async function currentStatement(db: Db, userId: string): Promise<{ version: number; statement: IssuedStatement | null } | null> {
  const [row] = await db
    .select({ version: investmentCases.version, statement: columns })
    .from(investmentCases)
    .leftJoin(investmentStatements, and(eq(investmentStatements.userId, investmentCases.userId), eq(investmentStatements.caseVersion, investmentCases.version)))
    .leftJoin(storedFiles, eq(storedFiles.id, investmentStatements.storedFileId))
    .where(eq(investmentCases.userId, userId))
    .limit(1);
  if (!row) return null;
  // drizzle gives a left-joined object with all-null fields as null.
  return { version: row.version, statement: row.statement?.id ? (row.statement as IssuedStatement) : null };
}

export async function statementAt(db: Db, userId: string, caseVersion: number): Promise<IssuedStatement | null> {
  const [row] = await db
    .select(columns)
    .from(investmentStatements)
    .innerJoin(storedFiles, eq(storedFiles.id, investmentStatements.storedFileId))
    .where(and(eq(investmentStatements.userId, userId), eq(investmentStatements.caseVersion, caseVersion)))
    .limit(1);
  return row ?? null;
}
