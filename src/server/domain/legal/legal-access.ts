/**
 * Who may use the agreements step: it opens once the investor's KYC is done, submitted and under review or approved
 * (409 before, as KYC waits for the disclosure step, and again after a rejection or while a resubmission is asked for). Every change locks the investor's legal_agreements row first (FOR UPDATE): one investor's saves,
 * signings and completion run one after the other, and the content loader takes the same lock before it replaces an
 * agreement, so a signing never reads a version that is being retired under it.
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import { kycVerifications, legalAgreements } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { refuseUnlessKycDone } from '../kyc/kyc-done.ts';

export type LegalRow = typeof legalAgreements.$inferSelect;

async function readLegalRow(db: Db, userId: string, lock: boolean): Promise<LegalRow> {
  const query = db
    .select({ legal: legalAgreements, kycStatus: kycVerifications.status, kycCompletedAt: kycVerifications.completedAt })
    .from(legalAgreements)
    .innerJoin(kycVerifications, eq(kycVerifications.userId, legalAgreements.userId))
    .where(eq(legalAgreements.userId, userId));
  const [row] = lock ? await query.for('update', { of: legalAgreements }) : await query;
  if (!row) throw new AppError('NOT_FOUND', messages.server.notFound);
  refuseUnlessKycDone(row.kycStatus, row.kycCompletedAt);
  return row.legal;
}

/** Inside the caller's transaction, before a change: the row, locked, once KYC is complete. */
export const lockLegalForChange = (tx: Db, userId: string) => readLegalRow(tx, userId, true);

/** The row once KYC is complete, without a lock: for reads, and for refusing before work that would be refused. */
export const checkLegalAccess = (db: Db, userId: string) => readLegalRow(db, userId, false);
