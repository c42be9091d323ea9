/**
 * The reviewer aids of a review round (issue 30), as jobs in the caller's transaction: screening then risk
 * (`kyc-screening`), and the identity document's machine-readable zone (`kyc-document-checks`). One job of each kind
 * per investor and round, however often this is called.
 */
import type { Db } from '../../db/types.ts';
import { enqueueJob } from '../../jobs/enqueue-job.ts';

export type ReviewRound = { userId: string; round: number };

export const kycScreeningJobKey = ({ userId, round }: ReviewRound) => `kyc-screening:${userId}:${round}`;
export const documentChecksJobKey = ({ userId, round }: ReviewRound) => `kyc-document-checks:${userId}:${round}`;

export async function enqueueReviewerAids(tx: Db, round: ReviewRound, now: Date): Promise<void> {
  await enqueueJob(tx, { kind: 'kyc-screening', payload: round, dedupeKey: kycScreeningJobKey(round) }, now);
  await enqueueJob(tx, { kind: 'kyc-document-checks', payload: round, dedupeKey: documentChecksJobKey(round) }, now);
}
