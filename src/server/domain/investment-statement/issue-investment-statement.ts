/**
 * GET /api/investment/statement's work: the investor's sealed statement at their case's current version, made once
 * per version. An unchanged case answers the statement already issued (one query: no new row, no new seal).
 * Otherwise: read the facts in one snapshot, set the PDF (legal-pdf.ts), seal it in the sealing pool (off the event
 * loop; the calling thread with 0 workers), write it to the store, then record its rows and audit event in one
 * transaction (record-investment-statement.ts).
 *
 * Each failure leaves nothing behind:
 * - the transaction fails: the file, written before it, is removed (should that fail too, the orphan sweep removes
 *   it: it has no stored_files row);
 * - requests at one version at once: on this server they share one making (`making`); across servers the unique
 *   (user, version) lets one commit and the other removes its file and answers the winner's.
 */
import { STATEMENT_NO_CASE } from '../../../shared/investment-statement.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Log } from '../../log.ts';
import type { AgreementSealer } from '../../pdf/agreement-sealer.ts';
import { createLegalPdf } from '../../pdf/legal-pdf.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { newStoredFileName } from '../../storage/stored-name.ts';
import type { RequestContext } from '../request-context.ts';
import { currentStatement, statementAt, type IssuedStatement } from './find-investment-statement.ts';
import { readStatementFacts } from './read-statement-facts.ts';
import { recordInvestmentStatement } from './record-investment-statement.ts';
import { STATEMENT_SEAL_REASON, statementDocument } from './statement-document.ts';

export type StatementIssuerDeps = { db: Db; storage: FileStore; sealer: Pick<AgreementSealer, 'sealPdf'>; clock: Clock; log: Log };

export type StatementIssuer = {
  /** The statement at the case's current version, made now if there is none yet. 404 in words without a case. */
  issue(request: Pick<RequestContext, 'userId' | 'meta'>): Promise<IssuedStatement>;
};

async function* oneChunk(bytes: Uint8Array) {
  yield bytes;
}

async function makeStatement({ db, storage, sealer, clock, log }: StatementIssuerDeps, { userId, meta }: Pick<RequestContext, 'userId' | 'meta'>): Promise<IssuedStatement> {
  const facts = await readStatementFacts(db, userId);
  // The version read with the facts: the case may have moved on since the caller looked, and this states it as read.
  const caseVersion = facts.status.version;
  const issuedAt = clock.now();
  const sealed = await sealer.sealPdf({ pdf: await createLegalPdf(statementDocument(facts, issuedAt)), sealedAt: issuedAt, reason: STATEMENT_SEAL_REASON });

  const storedName = newStoredFileName('application/pdf');
  await storage.put(storedName, oneChunk(sealed.pdf), { contentType: 'application/pdf' });
  const remove = (why: string) => storage.remove(storedName).catch((error: unknown) => log.error(why, { storedName, error }));
  let outcome;
  try {
    outcome = await recordInvestmentStatement(db, { userId, caseVersion, storedName, size: sealed.pdf.byteLength, sha256: sealed.sha256, seal: sealed.certificate, issuedAt, meta });
  } catch (error) {
    await remove('Could not remove a statement whose rows were not written');
    throw error;
  }
  if (outcome !== 'duplicate') {
    log.info('Issued an investment statement', { statement: outcome.id, caseVersion, bytes: sealed.pdf.byteLength });
    return outcome;
  }
  await remove('Could not remove a duplicate statement');
  log.info('An investment statement was issued by another request first', { caseVersion });
  const winner = await statementAt(db, userId, caseVersion);
  if (!winner) throw new Error('a statement lost to another at its version, and that one cannot be read');
  return winner;
}

export function createStatementIssuer(deps: StatementIssuerDeps): StatementIssuer {
  const making = new Map<string, Promise<IssuedStatement>>();
  return {
    async issue(request) {
      const current = await currentStatement(deps.db, request.userId);
      if (!current) throw new AppError('NOT_FOUND', STATEMENT_NO_CASE);
      if (current.statement) return current.statement;
      const key = `${request.userId}:${current.version}`;
      let made = making.get(key);
      if (!made) {
        made = makeStatement(deps, request).finally(() => making.delete(key));
        making.set(key, made);
      }
      return made;
    },
  };
}
