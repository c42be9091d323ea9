/**
 * The investor's own investment (issue 28), bearer:
 *   GET /status   where it stands (src/shared/investment-status.ts), read from the case on the lifecycle chart
 *   GET /statement the sealed PDF statement of the case as it stands (src/shared/investment-statement.ts), one per
 *                  version of the case; there is no id to ask for: only the caller's own
 */
import { Hono } from 'hono';
import { STATEMENT_FILE_NAME } from '../../shared/investment-statement.ts';
import { messages } from '../../shared/messages.ts';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { investorStatus } from '../domain/investment/investor-status.ts';
import { createStatementIssuer } from '../domain/investment-statement/issue-investment-statement.ts';
import { AppError } from '../errors/app-error.ts';
import { bearerAuth } from '../http/bearer-auth.ts';
import { requestContext } from '../http/request-context.ts';
import { storedFileAnswer } from '../http/stored-file-answer.ts';

export function investmentRoutes(deps: AppDeps) {
  const statements = createStatementIssuer(deps);
  return new Hono<AppEnv>().use(bearerAuth(deps)).get('/status', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await investorStatus(deps.db, c.get('auth').userId, { explorerTxUrl: deps.config.explorerTxUrl ?? null, bank: deps.providers.bank, log: deps.log }));
  }).get('/statement', async (c) => {
    const statement = await statements.issue(requestContext(c, deps));
    const stored = await deps.storage.open(statement.storedName);
    if (!stored) {
      deps.log.error('An investment statement is missing from the store', { statement: statement.id, storedName: statement.storedName });
      throw new AppError('NOT_FOUND', messages.server.notFound);
    }
    return storedFileAnswer(c, stored, { contentType: 'application/pdf', downloadName: STATEMENT_FILE_NAME, fallbackName: 'investment-statement.pdf' });
  });
}
