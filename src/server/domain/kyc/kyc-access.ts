/**
 * Who may touch an investor's KYC: it opens only once the disclosure step is complete (409 before), and a completed
 * KYC changes no more. Every KYC change locks the investor's row first (FOR UPDATE), so one investor's concurrent
 * saves, uploads and completion run one after the other.
 */
import { eq } from 'drizzle-orm';
import { kycReviewMessages } from '../../../shared/admin/kyc-messages.ts';
import type { KycResubmitStep } from '../../../shared/kyc.ts';
import { messages } from '../../../shared/messages.ts';
import { disclosureProgress, kycVerifications } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import type { KycRow } from './kyc-row.ts';

async function readKycRow(db: Db, userId: string, lock: boolean): Promise<KycRow> {
  const query = db
    .select({ kyc: kycVerifications, disclosureCompleted: disclosureProgress.completed })
    .from(kycVerifications)
    .innerJoin(disclosureProgress, eq(disclosureProgress.userId, kycVerifications.userId))
    .where(eq(kycVerifications.userId, userId));
  const [row] = lock ? await query.for('update', { of: kycVerifications }) : await query;
  if (!row) throw new AppError('NOT_FOUND', messages.server.notFound);
  if (!row.disclosureCompleted) throw new AppError('CONFLICT', messages.kyc.disclosureFirst);
  return row.kyc;
}

/** Inside the caller's transaction, before a change: the row, locked, once disclosure is complete. */
export const lockKycForChange = (tx: Db, userId: string) => readKycRow(tx, userId, true);

/**
 * The row, once disclosure is complete, WITHOUT a lock: for refusing early, before work that must not start when
 * it would be refused anyway (reading an upload's body) and before reads. A change must still lockKycForChange.
 */
export const checkKycAccess = (db: Db, userId: string) => readKycRow(db, userId, false);

export function refuseIfKycComplete(kyc: KycRow): void {
  if (kyc.completedAt) throw new AppError('CONFLICT', messages.kyc.alreadyComplete);
}

/**
 * While a reviewer's request for resubmission is open (issue 15), only the steps they named may change (409 for any
 * other); outside a resubmission every step keeps its usual rules.
 */
export function refuseIfNotRequested(kyc: KycRow, step: KycResubmitStep): void {
  if (kyc.status === 'RESUBMISSION_REQUESTED' && !(kyc.resubmissionSteps ?? []).includes(step)) throw new AppError('CONFLICT', kycReviewMessages.resubmitOnlyRequested);
}
