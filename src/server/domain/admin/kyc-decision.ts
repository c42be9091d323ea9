/**
 * POST /api/admin/kyc/cases/:userId/decision (issue 15). ONE transaction, the investor's verification row locked
 * (FOR UPDATE) first, so parallel decisions on a case run one after the other and each sees what the other did:
 *   - only a case UNDER_REVIEW is decided (409 otherwise), and only for the round the reviewer saw (expectedRound;
 *     a resubmission since starts the next round: 409);
 *   - APPROVED: above the four-eyes threshold the first approval of a round is recorded and the case stays
 *     UNDER_REVIEW until a DIFFERENT reviewer approves (the same reviewer again: 409; the unique index on kyc_reviews
 *     is the backstop). Approvals of earlier rounds never count. Each of the two approvals comes from a reviewer who
 *     has held compliance without a break since before the round was submitted (staff_role_grants; 409 otherwise,
 *     issue 26): a role given once the case was waiting, by another admin or a new invitation, cannot decide it.
 *     The final approval sets the verified flags;
 *   - REJECTED (with a reason) and RESUBMISSION_REQUESTED (steps and a message: those steps reopen for the investor,
 *     every other stays as submitted).
 * Each decision writes a kyc_reviews row and an audit event; a decision that changes the status emails the investor
 * (a first approval changes nothing for them, so it does not).
 */
import { eq } from 'drizzle-orm';
import { kycReviewMails, kycReviewMessages } from '../../../shared/admin/kyc-messages.ts';
import type { KycDecisionPayload, KycDecisionResponse } from '../../../shared/admin/kyc-review.ts';
import { KYC_RESUBMIT_STEPS, KYC_RESUBMIT_STEP_LABELS, KYC_RESUBMIT_STEP_NUMBER, type KycResubmitStep } from '../../../shared/kyc.ts';
import { kycReviews, kycVerifications, userDetails, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { enqueueMail } from '../../jobs/mail-job.ts';
import { decideOnCase } from '../investment/case-decision.ts';
import { recordCase } from '../investment/record-case.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import { withStatusPageLine } from '../status-page-link.ts';
import type { StaffRequestContext } from '../request-context.ts';
import { caseNotFound } from './kyc-case.ts';
import { isUuid } from '../is-uuid.ts';
import { kycFourEyesThreshold, needsFourEyes, needsTwoApprovals } from './kyc-four-eyes.ts';
import { heldSince } from './role-grants.ts';
import { dueDiligenceComplete, latestRiskLevel } from '../checks/latest-checks.ts';
import { dueDiligenceDone } from '../../../../machines/investment/investment.rules.ts';

/** The role a reviewer decides in (staffAuth let them through with it). */
const ROLE = 'compliance';

/** What a resubmission request clears: the saved flag of each reopened step. */
const STEP_FLAG: Record<KycResubmitStep, 'identityDocumentUploaded' | 'biometricCompleted' | 'addressDocumentUploaded' | 'amlScreeningCompleted'> = {
  identity: 'identityDocumentUploaded',
  biometric: 'biometricCompleted',
  address: 'addressDocumentUploaded',
  aml: 'amlScreeningCompleted',
};

export async function decideKyc(db: Db, userId: string, payload: KycDecisionPayload, ctx: StaffRequestContext): Promise<KycDecisionResponse> {
  if (!isUuid(userId)) throw caseNotFound();
  const { staffId, now, meta, linkBase } = ctx;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ kyc: kycVerifications, amount: userDetails.investmentAmount, email: users.email })
      .from(kycVerifications)
      .innerJoin(userDetails, eq(userDetails.userId, kycVerifications.userId))
      .innerJoin(users, eq(users.id, kycVerifications.userId))
      .where(eq(kycVerifications.userId, userId))
      .for('update', { of: kycVerifications });
    if (!row) throw caseNotFound();
    const { kyc } = row;
    if (kyc.status !== 'UNDER_REVIEW') throw new AppError('CONFLICT', kycReviewMessages.notUnderReview);
    if (kyc.reviewRound !== payload.expectedRound) throw new AppError('CONFLICT', kycReviewMessages.staleRound);
    const round = kyc.reviewRound;
    const threshold = await kycFourEyesThreshold(tx);
    const fourEyes = needsFourEyes(row.amount, threshold);
    const base = { role: ROLE, round, investmentAmount: row.amount, fourEyes, fourEyesAboveEur: threshold };

    const review = (extra: Partial<typeof kycReviews.$inferInsert>) =>
      tx.insert(kycReviews).values({ userId, round, decision: payload.decision, reviewerId: staffId, decidedAt: now, ...extra });

    if (payload.decision === 'APPROVED') {
      // The lifecycle decides (STAFF.KYC_APPROVED): above the threshold two different reviewers, each holding
      // compliance without a break since before the round was submitted (kyc_verifications.completed_at, set by
      // complete-kyc.ts for every round); at or below it, one approval.
      // A case scored high risk (issue 30) needs two approvals whatever its amount, each after the round's
      // enhanced-due-diligence checklist is complete.
      const since = await heldSince(tx, staffId, ROLE);
      const [riskLevel, enhancedDueDiligence] = await Promise.all([latestRiskLevel(tx, userId), dueDiligenceComplete(tx, userId, round)]);
      const decision = await decideOnCase(
        tx,
        userId,
        { type: 'STAFF.KYC_APPROVED', reviewer: { staffId, complianceSince: since?.toISOString() ?? null }, fourEyesAboveCents: Math.round(threshold * 100), riskLevel, enhancedDueDiligence },
        (c) =>
          c?.context.firstApprover === staffId
            ? kycReviewMessages.alreadyApproved
            : !dueDiligenceDone(riskLevel, enhancedDueDiligence)
              ? kycReviewMessages.eddIncomplete
              : kycReviewMessages.complianceAfterSubmission,
      );
      const approval = { ...base, riskLevel, fourEyes: needsTwoApprovals(row.amount, threshold, riskLevel) };
      const lifecycle = decision.trace;
      await review({});
      if (decision.after.matches({ case: { review: 'firstApprovalGiven' } })) {
        await tx.update(kycVerifications).set({ updatedAt: now }).where(eq(kycVerifications.userId, userId));
        await recordCase(tx, userId, lifecycle, now);
        await recordAuditEvent(tx, { userId, staffId, action: 'admin.kyc.first-approval', detail: { ...approval, lifecycle }, meta, at: now });
        return { status: 'UNDER_REVIEW', reviewRound: round, decision: 'APPROVED', awaitingSecondApproval: true };
      }
      await tx
        .update(kycVerifications)
        .set({ status: 'APPROVED', identityVerified: true, biometricVerified: true, addressVerified: true, amlScreeningPassed: true, updatedAt: now })
        .where(eq(kycVerifications.userId, userId));
      await enqueueMail(tx, withStatusPageLine({ to: row.email, ...kycReviewMails.approved() }, linkBase), now, `kyc-review:${userId}:${round}:approved`);
      // Last: from here to the commit the transaction holds the audit chain's head.
      await recordCase(tx, userId, lifecycle, now);
      await recordAuditEvent(tx, { userId, staffId, action: 'admin.kyc.approved', detail: { ...approval, approvers: [decision.before.context.firstApprover, staffId].filter((id) => id !== null), lifecycle }, meta, at: now });
      return { status: 'APPROVED', reviewRound: round, decision: 'APPROVED', awaitingSecondApproval: false };
    }

    if (payload.decision === 'REJECTED') {
      const reason = payload.reason ?? '';
      const { trace: lifecycle } = await decideOnCase(tx, userId, { type: 'STAFF.KYC_REJECTED', reviewer: { staffId, complianceSince: null }, reason }, () => kycReviewMessages.notUnderReview);
      await review({ reason });
      await tx
        .update(kycVerifications)
        .set({ status: 'REJECTED', identityVerified: false, biometricVerified: false, addressVerified: false, amlScreeningPassed: false, updatedAt: now })
        .where(eq(kycVerifications.userId, userId));
      await enqueueMail(tx, withStatusPageLine({ to: row.email, ...kycReviewMails.rejected(reason) }, linkBase), now, `kyc-review:${userId}:${round}:rejected`);
      await recordCase(tx, userId, lifecycle, now);
      await recordAuditEvent(tx, { userId, staffId, action: 'admin.kyc.rejected', detail: { ...base, reason, lifecycle }, meta, at: now });
      return { status: 'REJECTED', reviewRound: round, decision: 'REJECTED', awaitingSecondApproval: false };
    }

    // RESUBMISSION_REQUESTED: the chosen steps, in step order, once each.
    const steps = KYC_RESUBMIT_STEPS.filter((s) => payload.steps?.includes(s));
    const message = payload.message ?? '';
    const { trace: lifecycle } = await decideOnCase(tx, userId, { type: 'STAFF.KYC_RESUBMISSION_REQUESTED', reviewer: { staffId, complianceSince: null }, steps }, () => kycReviewMessages.notUnderReview);
    await review({ steps, message });
    const reopened = Object.fromEntries(steps.map((s) => [STEP_FLAG[s], false]));
    await tx
      .update(kycVerifications)
      .set({
        status: 'RESUBMISSION_REQUESTED',
        ...reopened,
        // Submitted again by POST /api/kyc/complete once the reopened steps are saved.
        completedAt: null,
        finalReviewCompleted: false,
        currentStep: Math.min(...steps.map((s) => KYC_RESUBMIT_STEP_NUMBER[s])),
        identityVerified: false,
        biometricVerified: false,
        addressVerified: false,
        amlScreeningPassed: false,
        resubmissionSteps: steps,
        resubmissionMessage: message,
        resubmissionRequestedAt: now,
        updatedAt: now,
      })
      .where(eq(kycVerifications.userId, userId));
    await recordCase(tx, userId, lifecycle, now);
    await recordAuditEvent(tx, { userId, staffId, action: 'admin.kyc.resubmission-requested', detail: { ...base, steps, message, lifecycle }, meta, at: now });
    await enqueueMail(
      tx,
      withStatusPageLine({ to: row.email, ...kycReviewMails.resubmission(message, steps.map((s) => KYC_RESUBMIT_STEP_LABELS[s])) }, linkBase),
      now,
      `kyc-review:${userId}:${round}:resubmission`,
    );
    return { status: 'RESUBMISSION_REQUESTED', reviewRound: round, decision: 'RESUBMISSION_REQUESTED', awaitingSecondApproval: false };
  });
}

/** Records who viewed which document of which investor (GET .../documents/:documentId). */
export async function recordDocumentView(db: Db, userId: string, document: { id: string; documentType: string; sha256: string }, ctx: StaffRequestContext, role: string) {
  await recordAuditEvent(db, {
    userId,
    staffId: ctx.staffId,
    action: 'admin.kyc.document-viewed',
    detail: { role, documentId: document.id, documentType: document.documentType, sha256: document.sha256 },
    meta: ctx.meta,
    at: ctx.now,
  });
}
