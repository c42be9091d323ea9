/**
 * The investor's KYC row, read before every KYC change: KYC opens only once the disclosure step is complete
 * (409 otherwise), and a completed KYC changes no more. Changes lock the row (FOR UPDATE), so one investor's
 * concurrent saves, uploads and completion run one after the other.
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import { disclosureProgress, kycVerifications } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';

export type KycRow = typeof kycVerifications.$inferSelect;

async function readKyc(db: Db, userId: string, lock: boolean): Promise<KycRow> {
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

/** Inside the caller's transaction: the locked row, once disclosure is complete. */
export const lockKyc = (tx: Db, userId: string) => readKyc(tx, userId, true);

/** Without a lock, before work that must not start when it would be refused anyway (reading an upload's body). */
export const readKycGate = (db: Db, userId: string) => readKyc(db, userId, false);

export function refuseIfKycComplete(kyc: KycRow): void {
  if (kyc.completedAt) throw new AppError('CONFLICT', messages.kyc.alreadyComplete);
}

/** Steps 1 to 4 as saved, in order. */
export const savedSteps = (kyc: KycRow): [boolean, boolean, boolean, boolean] => [
  kyc.identityDocumentUploaded,
  kyc.biometricCompleted,
  kyc.addressDocumentUploaded,
  kyc.amlScreeningCompleted,
];

/** The stored names the saved steps point at (step 3 holds both address documents, comma-separated). */
export function referencedFileNames(kyc: KycRow): Set<string> {
  const names = [kyc.identityDocumentName, kyc.selfieDocumentName, ...(kyc.addressDocumentName ?? '').split(',')];
  return new Set(names.map((n) => n?.trim() ?? '').filter(Boolean));
}
