/**
 * PUT /api/admin/kyc/cases/:userId/edd/:item (issue 30): a compliance reviewer ticks (or unticks) one item of the
 * enhanced-due-diligence checklist of the round they see (expectedRound: a resubmission since starts a new checklist,
 * 409). Only while the case is under review; the item and who ticked it, with an audit event, in one transaction with
 * the verification row locked, so a tick cannot slip past a decision being taken. Answers the case's checks.
 */
import { and, eq } from 'drizzle-orm';
import { kycReviewMessages } from '../../../shared/admin/kyc-messages.ts';
import { EDD_ITEMS, type EddItem } from '../../../shared/admin/kyc-checks.ts';
import { kycEddItems, kycVerifications } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { isUuid } from '../is-uuid.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { StaffRequestContext } from '../request-context.ts';
import { caseNotFound } from './kyc-case-not-found.ts';
import { caseChecks } from './kyc-checks-read.ts';

const isItem = (item: string): item is EddItem => (EDD_ITEMS as readonly string[]).includes(item);

export async function setEddItem(db: Db, userId: string, item: string, { done, expectedRound }: { done: boolean; expectedRound: number }, ctx: StaffRequestContext) {
  if (!isUuid(userId)) throw caseNotFound();
  if (!isItem(item)) throw new AppError('NOT_FOUND', kycReviewMessages.eddItemUnknown);
  return db.transaction(async (tx) => {
    const [kyc] = await tx.select({ status: kycVerifications.status, round: kycVerifications.reviewRound }).from(kycVerifications).where(eq(kycVerifications.userId, userId)).for('update');
    if (!kyc) throw caseNotFound();
    if (kyc.status !== 'UNDER_REVIEW') throw new AppError('CONFLICT', kycReviewMessages.notUnderReview);
    if (kyc.round !== expectedRound) throw new AppError('CONFLICT', kycReviewMessages.staleRound);
    const where = and(eq(kycEddItems.userId, userId), eq(kycEddItems.round, kyc.round), eq(kycEddItems.item, item));
    const changed = done
      ? await tx.insert(kycEddItems).values({ userId, round: kyc.round, item, staffId: ctx.staffId, doneAt: ctx.now }).onConflictDoNothing().returning({ item: kycEddItems.item })
      : await tx.delete(kycEddItems).where(where).returning({ item: kycEddItems.item });
    // A repeat (ticked twice, unticked twice) changes nothing and records nothing.
    if (changed.length) {
      await recordAuditEvent(tx, { userId, staffId: ctx.staffId, action: 'admin.kyc.edd', detail: { round: kyc.round, item, done }, meta: ctx.meta, at: ctx.now });
    }
    return caseChecks(tx, userId);
  });
}
