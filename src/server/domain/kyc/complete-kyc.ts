/**
 * POST complete: once steps 1 to 4 are saved, KYC goes UNDER_REVIEW with its completion time and the investor moves
 * on to the agreements (never backwards), in one transaction with an audit event naming the documents by hash and
 * the job that screens the investor and scores the risk (issue 30).
 * Completing again answers the same and writes nothing.
 */
import { and, asc, eq, isNull, notInArray } from 'drizzle-orm';
import { KYC_STATUSES, type KycCompleteResponse } from '../../../shared/kyc.ts';
import { messages } from '../../../shared/messages.ts';
import { kycDocuments, kycVerifications } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { enqueueReviewerAids } from '../checks/enqueue-reviewer-aids.ts';
import { advanceCurrentStep } from '../advance-current-step.ts';
import { decideOnCase } from '../investment/case-decision.ts';
import { recordCase } from '../investment/record-case.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { RequestContext } from '../request-context.ts';
import { oneOf } from '../row-mapping.ts';
import { lockKycForChange } from './kyc-access.ts';
import { referencedFileNames, savedSteps } from './kyc-row.ts';

const NEXT_STEP = 'agreements';

export async function completeKyc(db: Db, { userId, now, meta }: RequestContext): Promise<KycCompleteResponse> {
  return db.transaction(async (tx) => {
    const kyc = await lockKycForChange(tx, userId);
    if (kyc.completedAt) return { nextStep: NEXT_STEP, status: oneOf(kyc.status, KYC_STATUSES, 'UNDER_REVIEW'), completedAt: kyc.completedAt.toISOString() };
    if (savedSteps(kyc).some((saved) => !saved)) throw new AppError('CONFLICT', messages.kyc.stepsFirst);

    // A resubmission (issue 15) goes back to the queue as the next review round; its request is answered.
    const resubmitted = kyc.status === 'RESUBMISSION_REQUESTED';
    const at = now.toISOString();
    const { trace: lifecycle } = await decideOnCase(
      tx,
      userId,
      resubmitted ? { type: 'INVESTOR.KYC_RESUBMITTED', at } : { type: 'INVESTOR.KYC_SUBMITTED', at },
      () => messages.kyc.disclosureFirst,
    );
    const reviewRound = resubmitted ? kyc.reviewRound + 1 : kyc.reviewRound;
    await tx
      .update(kycVerifications)
      .set({
        status: 'UNDER_REVIEW',
        completedAt: now,
        finalReviewCompleted: true,
        currentStep: 5,
        updatedAt: now,
        ...(resubmitted ? { reviewRound, resubmissionSteps: null, resubmissionMessage: null, resubmissionRequestedAt: null } : {}),
      })
      .where(eq(kycVerifications.userId, userId));
    await advanceCurrentStep(tx, userId, NEXT_STEP);
    // Uploads no saved step points at are not part of what is submitted for review.
    const referenced = [...referencedFileNames(kyc)];
    await tx
      .update(kycDocuments)
      .set({ replacedAt: now })
      .where(and(eq(kycDocuments.userId, userId), isNull(kycDocuments.replacedAt), referenced.length ? notInArray(kycDocuments.fileName, referenced) : undefined));
    const documents = await tx
      .select({ documentType: kycDocuments.documentType, fileName: kycDocuments.fileName, sha256: kycDocuments.sha256 })
      .from(kycDocuments)
      .where(and(eq(kycDocuments.userId, userId), isNull(kycDocuments.replacedAt)))
      .orderBy(asc(kycDocuments.seq));
    await recordCase(tx, userId, lifecycle, now);
    // The reviewer aids of this round (screening and risk; the identity document's MRZ) run as durable jobs.
    await enqueueReviewerAids(tx, { userId, round: reviewRound }, now);
    await recordAuditEvent(tx, { userId, action: resubmitted ? 'kyc.resubmitted' : 'kyc.completed', detail: { documents, ...(resubmitted ? { reviewRound, steps: kyc.resubmissionSteps ?? [] } : {}), lifecycle }, meta, at: now });
    return { nextStep: NEXT_STEP, status: 'UNDER_REVIEW', completedAt: now.toISOString() };
  });
}
