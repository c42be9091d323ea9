/**
 * Ongoing monitoring (issue 30): when a newly loaded list names an investor whose KYC was approved (or half approved
 * under four-eyes), the case goes back to compliance as a new review round (the lifecycle's MONITORING.NEW_HIT): the
 * verified flags drop, the queue shows it again, and the round's checks are run by a `kyc-screening` job. A case under
 * review, asked to resubmit or rejected stays where it is: its reviewers see the new hit in the case. The investor is
 * not emailed: telling someone they match a sanctions list before compliance looked would tip them off.
 */
import { eq } from 'drizzle-orm';
import { kycVerifications } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { enqueueReviewerAids } from '../checks/enqueue-reviewer-aids.ts';
import { decideOnCase } from '../investment/case-decision.ts';
import { investorCase } from '../investment/investor-cases.ts';
import { recordCase } from '../investment/record-case.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import { NO_CLIENT } from '../request-context.ts';

/** The new round, or null when the case stays where it is. */
export async function reopenOnNewHit(db: Db, userId: string, { list, now }: { list: string; now: Date }): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [kyc] = await tx.select({ round: kycVerifications.reviewRound }).from(kycVerifications).where(eq(kycVerifications.userId, userId)).for('update');
    if (!kyc) return null;
    const event = { type: 'MONITORING.NEW_HIT' as const, at: now.toISOString(), list };
    const current = await investorCase(tx, userId);
    if (!current?.snapshot.can(event)) return null;
    const { trace: lifecycle } = await decideOnCase(tx, userId, event, () => 'not reopened');
    const round = kyc.round + 1;
    await tx
      .update(kycVerifications)
      .set({ status: 'UNDER_REVIEW', reviewRound: round, completedAt: now, identityVerified: false, biometricVerified: false, addressVerified: false, amlScreeningPassed: false, updatedAt: now })
      .where(eq(kycVerifications.userId, userId));
    await enqueueReviewerAids(tx, { userId, round }, now);
    await recordCase(tx, userId, lifecycle, now);
    await recordAuditEvent(tx, { userId, action: 'kyc.reopened', detail: { round, list, lifecycle }, meta: NO_CLIENT, at: now });
    return round;
  });
}
