import { eq } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import type { LegalProgressResponse } from '../../shared/schemas.ts';
import type { Db } from '../db/types.ts';
import { legalAgreements } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { isoOrNull, oneOf } from './row-mapping.ts';

const LEGAL_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED'] as const;

/** Legal agreements progress and status. The agreement configurations arrive with the agreements issue. */
export async function getLegalProgress(db: Db, userId: string): Promise<LegalProgressResponse> {
  const [row] = await db.select().from(legalAgreements).where(eq(legalAgreements.userId, userId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', messages.server.notFound);
  return {
    status: oneOf(row.status, LEGAL_STATUSES, 'PENDING'),
    completedAt: isoOrNull(row.completedAt),
    walletAddress: row.walletAddress,
    configurations: {},
    agreements: row.agreements,
  };
}
