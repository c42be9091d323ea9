/**
 * POST /api/admin/kyc/cases/:userId/screening-hits/:hitId (issue 30): a compliance reviewer says whether a screening
 * hit is the investor (true match) or someone else (false positive), with a reason. A reviewer may correct an earlier
 * word; each one is audited with who gave it. The risk score is scored again in the same transaction, so the case
 * never shows a score that ignores the reviewers' words; the answer is the case's checks as they now stand. A hit of
 * another investor is a 404, like a hit nobody has.
 */
import { and, eq } from 'drizzle-orm';
import { kycReviewMessages } from '../../../shared/admin/kyc-messages.ts';
import type { ScreeningHitDecisionInput } from '../../../shared/admin/kyc-checks.ts';
import { screeningHits } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { isUuid } from '../is-uuid.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { StaffRequestContext } from '../request-context.ts';
import { scoreInvestorRisk } from '../risk/score-investor-risk.ts';
import { caseChecks } from './kyc-checks-read.ts';

export async function decideScreeningHit(db: Db, userId: string, hitId: string, { decision, reason }: { decision: ScreeningHitDecisionInput['decision']; reason: string }, ctx: StaffRequestContext) {
  if (!isUuid(userId) || !isUuid(hitId)) throw new AppError('NOT_FOUND', kycReviewMessages.hitNotFound);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ decision: screeningHits.decision, entryName: screeningHits.entryName, source: screeningHits.source, entryRef: screeningHits.entryRef })
      .from(screeningHits)
      .where(and(eq(screeningHits.id, hitId), eq(screeningHits.userId, userId)))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', kycReviewMessages.hitNotFound);
    await tx.update(screeningHits).set({ decision, decisionReason: reason, decidedBy: ctx.staffId, decidedAt: ctx.now }).where(eq(screeningHits.id, hitId));
    await recordAuditEvent(tx, {
      userId,
      staffId: ctx.staffId,
      action: 'admin.kyc.screening-hit',
      detail: { hitId, source: before.source, entryRef: before.entryRef, entryName: before.entryName, decision, previous: before.decision, reasonLength: reason.length },
      meta: ctx.meta,
      at: ctx.now,
    });
    await scoreInvestorRisk(tx, { userId, now: ctx.now, startedAt: performance.now() });
    return caseChecks(tx, userId);
  });
}
