/** A KYC case as the server answers it, for the case chart's and page's tests. */
import type { KycCase } from '../../../src/shared/admin/kyc-review.ts';

export const CASE_USER_ID = '2f1c7a3e-7d55-4a8e-9a53-3c9d2b7f0a11';

export function kycCase(over: Partial<KycCase['kyc']> = {}, fourEyes = false): KycCase {
  return {
    userId: CASE_USER_ID,
    email: 'ada@example.com',
    registration: {
      investorType: 'INDIVIDUAL',
      fullName: 'Ada Lovelace',
      dateOfBirth: '1985-12-10',
      nationality: 'British',
      entityName: null,
      jurisdiction: null,
      authorizedSignatory: null,
      walletAddress: '0x' + 'ab'.repeat(20),
      primaryJurisdiction: 'uk',
      investmentAmount: fourEyes ? 150_000 : 25_000,
      tokenQuantity: 29_411.764706,
      currentStep: 'agreements',
      registeredAt: '2026-11-20T09:00:00.000Z',
    },
    wallets: { signed: null, registration: '0x' + 'ab'.repeat(20) },
    disclosure: { completed: true, completedAt: '2026-11-20T10:00:00.000Z', reads: [{ section: 'Risk Factors', readAt: '2026-11-20T09:30:00.000Z', detail: { timeSpentSeconds: 120 } }] },
    kyc: { status: 'UNDER_REVIEW', reviewRound: 1, submittedAt: '2026-11-21T10:00:00.000Z', aml: null, resubmission: null, ...over },
    documents: [
      { id: '11111111-1111-4111-8111-111111111111', documentType: 'identity', step: 1, originalName: 'passport.png', contentType: 'image/png', sizeBytes: 2048, sha256: 'a'.repeat(64), uploadedAt: '2026-11-21T09:00:00.000Z', replacedAt: null },
      { id: '22222222-2222-4222-8222-222222222222', documentType: 'identity', step: 1, originalName: 'old-passport.pdf', contentType: 'application/pdf', sizeBytes: 4096, sha256: 'b'.repeat(64), uploadedAt: '2026-11-20T09:00:00.000Z', replacedAt: '2026-11-21T09:00:00.000Z' },
    ],
    reviews: [],
    fourEyes: { applies: fourEyes, aboveEur: 100_000, approvalsThisRound: [] },
    assignee: null,
    notes: [],
    reviewers: [],
    payment: null,
  };
}

/** A four-eyes case whose round already has the first approval, given by `reviewerId`. */
export function firstApprovedCase(reviewerId: string, reviewerName = 'Grace Compliance'): KycCase {
  const kase = kycCase({}, true);
  const decidedAt = '2026-11-22T10:00:00.000Z';
  return {
    ...kase,
    reviews: [{ id: '33333333-3333-4333-8333-333333333333', round: 1, decision: 'APPROVED', reason: null, steps: [], message: null, reviewerId, reviewerName, decidedAt }],
    fourEyes: { ...kase.fourEyes, approvalsThisRound: [{ reviewerId, reviewerName, decidedAt }] },
  };
}
