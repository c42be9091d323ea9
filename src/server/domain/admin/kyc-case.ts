/**
 * GET /api/admin/kyc/cases/:userId: everything a reviewer needs for one investor, in a fixed number of queries
 * (investor and verification; disclosure reads; documents, replaced ones included; reviews with reviewer names;
 * the threshold): registration data, the investor's wallets (the one signed for with the agreements, where tokens go,
 * and the registration one: investor-wallets.ts), the disclosure reading record, every KYC document, the AML answers,
 * the review history and the resubmission state, who holds the case and the team's internal notes, and the investor's
 * latest payment (issue 29), and the reviewer aids' results (issue 30). An
 * unknown investor, or one without a verification row, is a 404.
 */
import { and, asc, eq } from 'drizzle-orm';
import { KYC_REVIEW_DECISIONS, type KycCase } from '../../../shared/admin/kyc-review.ts';
import { ANNUAL_VOLUMES, FUNDS_SOURCES, KYC_DOCUMENT_TYPES, KYC_FILE_TYPES, KYC_RESUBMIT_STEPS, KYC_STATUSES, type KycResubmitStep } from '../../../shared/kyc.ts';
import { disclosureProgress, disclosureReads, disclosureSections, kycDocuments, kycReviews, kycVerifications, legalAgreements, staffMembers, userDetails, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { isUuid } from '../is-uuid.ts';
import { oneOf } from '../row-mapping.ts';
import { signedWalletOf } from './investor-wallets.ts';
import { caseNotFound } from './kyc-case-not-found.ts';
import { activeReviewers, caseAssignee } from './kyc-assignment.ts';
import { caseNotes } from './kyc-notes.ts';
import { casePayment } from './kyc-case-payment.ts';
import { getKycChecks } from './kyc-checks-read.ts';
import { kycFourEyesThreshold, needsTwoApprovals } from './kyc-four-eyes.ts';

export { caseNotFound };

const resubmitSteps = (steps: readonly string[] | null): KycResubmitStep[] =>
  (steps ?? []).filter((s): s is KycResubmitStep => (KYC_RESUBMIT_STEPS as readonly string[]).includes(s));

export async function getKycCase(db: Db, userId: string): Promise<KycCase> {
  if (!isUuid(userId)) throw caseNotFound();
  const [row] = await db
    .select({
      kyc: kycVerifications,
      details: userDetails,
      email: users.email,
      disclosureCompleted: disclosureProgress.completed,
      disclosureCompletedAt: disclosureProgress.completedAt,
      legal: { status: legalAgreements.status, completedAt: legalAgreements.completedAt, walletAddress: legalAgreements.walletAddress },
    })
    .from(kycVerifications)
    .innerJoin(userDetails, eq(userDetails.userId, kycVerifications.userId))
    .innerJoin(users, eq(users.id, kycVerifications.userId))
    .leftJoin(disclosureProgress, eq(disclosureProgress.userId, kycVerifications.userId))
    .leftJoin(legalAgreements, eq(legalAgreements.userId, kycVerifications.userId))
    .where(eq(kycVerifications.userId, userId))
    .limit(1);
  if (!row) throw caseNotFound();
  const [reads, documents, reviews, threshold, assignee, notes, reviewers, payment, checks] = await Promise.all([
    db
      .select({
        title: disclosureSections.title,
        position: disclosureSections.position,
        openedAt: disclosureReads.openedAt,
        timeSpent: disclosureReads.timeSpent,
        scrolledAt: disclosureReads.scrolledAt,
        completedAt: disclosureReads.completedAt,
      })
      .from(disclosureReads)
      .innerJoin(disclosureSections, eq(disclosureSections.id, disclosureReads.sectionId))
      .where(eq(disclosureReads.userId, userId))
      .orderBy(asc(disclosureSections.position)),
    db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId)).orderBy(asc(kycDocuments.seq)),
    db
      .select({ review: kycReviews, reviewerName: staffMembers.displayName })
      .from(kycReviews)
      .innerJoin(staffMembers, eq(staffMembers.id, kycReviews.reviewerId))
      .where(eq(kycReviews.userId, userId))
      .orderBy(asc(kycReviews.decidedAt), asc(kycReviews.id)),
    kycFourEyesThreshold(db),
    caseAssignee(db, userId),
    caseNotes(db, userId),
    activeReviewers(db),
    casePayment(db, userId),
    getKycChecks(db, userId, { round: row.kyc.reviewRound, submitted: row.kyc.completedAt !== null }),
  ]);
  const { kyc, details } = row;
  const status = oneOf(kyc.status, KYC_STATUSES, 'PENDING');
  const history = reviews.map(({ review: r, reviewerName }) => ({
    id: r.id,
    round: r.round,
    decision: oneOf(r.decision, KYC_REVIEW_DECISIONS, 'REJECTED'),
    reason: r.reason,
    steps: resubmitSteps(r.steps),
    message: r.message,
    reviewerId: r.reviewerId,
    reviewerName,
    decidedAt: r.decidedAt.toISOString(),
  }));
  return {
    userId,
    email: row.email,
    registration: {
      investorType: details.investorType,
      fullName: details.fullName,
      dateOfBirth: details.dateOfBirth,
      nationality: details.nationality,
      entityName: details.entityName,
      jurisdiction: details.jurisdiction,
      authorizedSignatory: details.authorizedSignatory,
      walletAddress: details.walletAddress,
      primaryJurisdiction: details.primaryJurisdiction,
      investmentAmount: details.investmentAmount,
      tokenQuantity: details.tokenQuantity,
      currentStep: details.currentStep,
      registeredAt: details.createdAt.toISOString(),
    },
    wallets: { signed: signedWalletOf(row.legal), registration: details.walletAddress },
    disclosure: {
      completed: row.disclosureCompleted ?? false,
      completedAt: row.disclosureCompletedAt?.toISOString() ?? null,
      reads: reads.map((r) => ({
        section: r.title,
        readAt: r.openedAt.toISOString(),
        detail: { position: r.position, timeSpentSeconds: r.timeSpent, scrolledToEndAt: r.scrolledAt?.toISOString() ?? null, completedAt: r.completedAt?.toISOString() ?? null },
      })),
    },
    kyc: {
      status,
      reviewRound: kyc.reviewRound,
      submittedAt: kyc.completedAt?.toISOString() ?? null,
      aml: kyc.amlSubmittedAt
        ? {
            fundsSource: oneOf(kyc.amlFundsSource, FUNDS_SOURCES, 'other'),
            annualVolume: oneOf(kyc.amlAnnualVolume, ANNUAL_VOLUMES, '0-25k'),
            occupation: kyc.amlOccupation ?? '',
            additionalInfo: kyc.amlAdditionalInfo ?? '',
            declarationsConfirmed: kyc.amlPepDeclared && kyc.amlSanctionsDeclared && kyc.amlCriminalDeclared && kyc.amlFundsDeclared,
          }
        : null,
      resubmission:
        status === 'RESUBMISSION_REQUESTED' && kyc.resubmissionRequestedAt
          ? { steps: resubmitSteps(kyc.resubmissionSteps), message: kyc.resubmissionMessage ?? '', requestedAt: kyc.resubmissionRequestedAt.toISOString() }
          : null,
    },
    documents: documents.map((d) => ({
      id: d.id,
      documentType: oneOf(d.documentType, KYC_DOCUMENT_TYPES, 'identity'),
      step: d.step,
      originalName: d.originalName,
      contentType: oneOf(d.contentType, KYC_FILE_TYPES, 'application/pdf'),
      sizeBytes: d.sizeBytes,
      sha256: d.sha256,
      uploadedAt: d.createdAt.toISOString(),
      replacedAt: d.replacedAt?.toISOString() ?? null,
    })),
    reviews: history,
    fourEyes: {
      applies: needsTwoApprovals(details.investmentAmount, threshold, checks.risk?.level ?? null),
      aboveEur: threshold,
      approvalsThisRound: history
        .filter((r) => r.round === kyc.reviewRound && r.decision === 'APPROVED')
        .map(({ reviewerId, reviewerName, decidedAt }) => ({ reviewerId, reviewerName, decidedAt })),
    },
    assignee,
    notes,
    reviewers,
    payment,
    checks,
  };
}

/** One document of THIS investor by id (another investor's is null, like an id nobody has). */
export async function findCaseDocument(db: Db, userId: string, documentId: string) {
  if (!isUuid(userId) || !isUuid(documentId)) return null;
  const [doc] = await db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.id, documentId)))
    .limit(1);
  return doc ?? null;
}
