/**
 * Which transition of the lifecycle chart the journey highlights for a step (issue 27): the ones its audit event
 * recorded when it did, else those of its event that end in its state; ids the chart does not have are dropped.
 */
import { describe, expect, it } from 'vitest';
import type { JourneyStep } from '../../../src/shared/admin/audit.ts';
import { transitionsOfStep } from '../../../src/client/admin/audit/JourneyChart.tsx';

const step = (over: Partial<JourneyStep>): JourneyStep => ({
  seq: 1,
  at: '2026-11-24T10:00:00.000Z',
  action: 'admin.kyc.approved',
  lifecycleState: 'investment.case.review.approved',
  lifecycleFact: 'STAFF.KYC_APPROVED',
  lifecycleTransitions: [],
  label: 'KYC approved',
  ip: null,
  documentHashes: [],
  staffEmail: null,
  staffName: null,
  ...over,
});

describe('transitionsOfStep', () => {
  it('takes the recorded transition exactly', () => {
    expect([...transitionsOfStep(step({ lifecycleTransitions: ['investment.case.review.firstApprovalGiven:STAFF.KYC_APPROVED:1'] }))]).toEqual([
      'investment.case.review.firstApprovalGiven:STAFF.KYC_APPROVED:1',
    ]);
  });

  it('without a record (or with ids the chart lacks), every transition of the event into the state', () => {
    const guessed = [...transitionsOfStep(step({ lifecycleTransitions: ['investment.nowhere:X:0'] }))].sort();
    expect(guessed).toEqual([
      'investment.case.review.firstApprovalGiven:STAFF.KYC_APPROVED:0',
      'investment.case.review.firstApprovalGiven:STAFF.KYC_APPROVED:1',
      'investment.case.review.underReview:STAFF.KYC_APPROVED:0',
    ]);
    expect(transitionsOfStep(step({ lifecycleFact: null })).size).toBe(0);
  });
});
