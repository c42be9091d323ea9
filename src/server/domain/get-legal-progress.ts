import { AGREEMENT_STATUSES, type AgreementsStatus } from '../../shared/legal.ts';
import { messages } from '../../shared/messages.ts';
import { preparedStatement, type StatementRunner } from '../db/prepared-statement.ts';
import { AppError } from '../errors/app-error.ts';
import { isoOrNull, oneOf } from './row-mapping.ts';

const LEGAL_PROGRESS = preparedStatement(
  'get_legal_progress',
  'select status, completed_at, wallet_address, agreements from legal_agreements where user_id = $1 limit 1',
  (row): AgreementsStatus & { configurations: Record<string, never>; agreements: Record<string, unknown> } => ({
    status: oneOf(row.textOrNull('status'), AGREEMENT_STATUSES, 'PENDING'),
    completedAt: isoOrNull(row.dateOrNull('completed_at')),
    walletAddress: row.textOrNull('wallet_address'),
    configurations: {},
    agreements: row.json('agreements') as Record<string, unknown>,
  }),
);

/** Legal agreements progress and status. The agreement configurations arrive with the agreements issue. */
export async function getLegalProgress(run: StatementRunner, userId: string) {
  const [progress] = await run(LEGAL_PROGRESS, [userId]);
  if (!progress) throw new AppError('NOT_FOUND', messages.server.notFound);
  return progress;
}
