/**
 * The rows `caseFromRows` reads, for a set of investors at once (one query per table, whatever their number): the
 * investment, the disclosure step, the KYC verification and the approvals of its current round, the agreements, the
 * payments with the sum received for each, the refunds and the issuance. Investors without an investment row (none
 * exist outside tests that build rows by hand) are left out.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { RefundStatus } from '../../../shared/admin/money.ts';
import type { KycResubmitStep, KycStatus } from '../../../shared/kyc.ts';
import type { AgreementStatus } from '../../../shared/legal.ts';
import type { PaymentMethod, PaymentStatus } from '../../../shared/payment-status.ts';
import {
  disclosureProgress,
  fundsReceipts,
  investments,
  kycReviews,
  kycVerifications,
  legalAgreements,
  payments,
  refunds,
  tokenIssuances,
} from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { PAID_TWICE_PREFIX } from '../payment/settled-payment.ts';
import type { CaseRows } from './case-from-rows.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function byUser<T extends { userId: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row]);
  return map;
}

export async function loadCaseRows(db: Db, userIds: readonly string[]): Promise<Map<string, CaseRows>> {
  const out = new Map<string, CaseRows>();
  if (userIds.length === 0) return out;
  const ids = [...new Set(userIds)];

  const heads = await db
    .select({
      userId: investments.userId,
      amount: investments.amount,
      disclosureCompleted: disclosureProgress.completed,
      kycStatus: kycVerifications.status,
      kycCompletedAt: kycVerifications.completedAt,
      kycRound: kycVerifications.reviewRound,
      resubmissionSteps: kycVerifications.resubmissionSteps,
      legalStatus: legalAgreements.status,
      wallet: legalAgreements.walletAddress,
    })
    .from(investments)
    .leftJoin(disclosureProgress, eq(disclosureProgress.userId, investments.userId))
    .leftJoin(kycVerifications, eq(kycVerifications.userId, investments.userId))
    .leftJoin(legalAgreements, eq(legalAgreements.userId, investments.userId))
    .where(inArray(investments.userId, ids));

  const [approvals, paymentRows, receivedRows, refundRows, issuanceRows] = await Promise.all([
    db
      .select({ userId: kycReviews.userId, reviewerId: kycReviews.reviewerId, round: kycReviews.round })
      .from(kycReviews)
      .where(and(inArray(kycReviews.userId, ids), eq(kycReviews.decision, 'APPROVED')))
      .orderBy(asc(kycReviews.decidedAt)),
    db
      .select({
        userId: payments.userId,
        id: payments.id,
        method: payments.paymentMethod,
        status: payments.paymentStatus,
        totalCents: payments.totalCents,
        createdAt: payments.createdAt,
        completedAt: payments.completedAt,
        failureReason: payments.failureReason,
      })
      .from(payments)
      .where(inArray(payments.userId, ids))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select({ paymentId: fundsReceipts.paymentId, cents: sql<string>`sum(${fundsReceipts.amountCents})` })
      .from(fundsReceipts)
      .innerJoin(payments, eq(payments.id, fundsReceipts.paymentId))
      .where(inArray(payments.userId, ids))
      .groupBy(fundsReceipts.paymentId),
    db.select({ userId: refunds.userId, paymentId: refunds.paymentId, status: refunds.status }).from(refunds).where(inArray(refunds.userId, ids)),
    db
      .select({ userId: tokenIssuances.userId, wallet: tokenIssuances.walletAddress, transactionHash: tokenIssuances.transactionHash })
      .from(tokenIssuances)
      .where(inArray(tokenIssuances.userId, ids)),
  ]);

  const approvalsOf = byUser(approvals);
  const paymentsOf = byUser(paymentRows);
  const refundsOf = byUser(refundRows);
  const received = new Map(receivedRows.map((r) => [r.paymentId, Number(r.cents)]));
  const issuanceOf = new Map(issuanceRows.map((i) => [i.userId, { wallet: i.wallet, transactionHash: i.transactionHash }]));
  for (const head of heads) {
    const round = head.kycRound ?? 1;
    out.set(head.userId, {
      amountCents: Math.round(head.amount * 100),
      disclosureCompleted: head.disclosureCompleted ?? false,
      kyc: {
        status: (head.kycStatus ?? 'PENDING') as KycStatus,
        submittedAt: iso(head.kycCompletedAt),
        round,
        resubmissionSteps: (head.resubmissionSteps ?? []) as KycResubmitStep[],
        approvers: (approvalsOf.get(head.userId) ?? []).filter((a) => a.round === round && a.reviewerId !== null).map((a) => a.reviewerId!),
      },
      agreements: { status: (head.legalStatus ?? 'PENDING') as AgreementStatus, wallet: head.wallet },
      payments: (paymentsOf.get(head.userId) ?? []).map((p) => ({
          id: p.id,
          method: p.method as PaymentMethod,
          status: p.status as PaymentStatus,
          totalCents: p.totalCents,
          paidTwice: p.status === 'ON_HOLD' && (p.failureReason ?? '').startsWith(PAID_TWICE_PREFIX),
          receivedCents: received.get(p.id) ?? 0,
          createdAt: p.createdAt.toISOString(),
          completedAt: iso(p.completedAt),
        })),
      refunds: (refundsOf.get(head.userId) ?? []).map((r) => ({ paymentId: r.paymentId, status: r.status as RefundStatus })),
      issuance: issuanceOf.get(head.userId) ?? null,
    });
  }
  return out;
}
