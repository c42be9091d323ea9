/**
 * GET /api/admin/kyc/cases: the review queue, filtered, one page of KYC_QUEUE_LIMIT by a keyset cursor, in the order
 * asked for (KYC_QUEUE_SORTS): the oldest submission first by default (kyc_verifications.completed_at; for open
 * resubmission requests the time they were asked), which puts the overdue cases first; or the newest first, the
 * largest amount first, or by country of residence. Every order ends with the sort time and the user id, so the
 * cursor (the last row's key, naming its order: kyc-queue-cursor.ts) pages through every row exactly once, ties
 * included. ONE query for the page: the approvals of each row's round are a correlated count on kyc_reviews' index,
 * not a query per row. Each row says who holds the case (issue 29), its age since submission and whether it is
 * overdue against the review target (a setting); the queue can be narrowed to one reviewer's cases, or nobody's, and
 * to one country.
 */
import { and, asc, desc, eq, gte, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { KYC_QUEUE_LIMIT, type KYC_QUEUE_STATUSES, type KycQueueResponse, type KycQueueSort } from '../../../shared/admin/kyc-review.ts';
import type { PrimaryJurisdiction } from '../../../shared/registration.ts';
import type { StoredInvestorType } from '../../../shared/user-details.ts';
import { kycCaseAssignments, kycVerifications, staffMembers, userDetails, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { kycFourEyesThreshold, needsFourEyes } from './kyc-four-eyes.ts';
import { decodeQueueCursor, encodeQueueCursor, type QueueCursor } from './kyc-queue-cursor.ts';
import { kycReviewTargetHours } from './kyc-review-target.ts';

export type KycQueueFilters = {
  status: (typeof KYC_QUEUE_STATUSES)[number];
  sort?: KycQueueSort | undefined;
  q?: string | undefined;
  investorType?: StoredInvestorType | undefined;
  minAmount?: number | undefined;
  country?: PrimaryJurisdiction | undefined;
  /** 'none': cases nobody holds; a staff id: the cases they hold. */
  assignee?: 'none' | string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
};

const HOUR_MS = 3_600_000;

/** `%` and `_` typed by the reviewer are searched for as themselves. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type SortAt = typeof kycVerifications.completedAt;

/** The ORDER BY of a sort: its own key, then the sort time and the user id (the same direction, for one keyset). */
function orderOf(sort: KycQueueSort, sortAt: SortAt): SQL[] {
  if (sort === 'newest') return [desc(sortAt), desc(kycVerifications.userId)];
  const tail = [asc(sortAt), asc(kycVerifications.userId)];
  if (sort === 'amount') return [desc(userDetails.investmentAmount), ...tail];
  if (sort === 'country') return [asc(userDetails.primaryJurisdiction), ...tail];
  return tail;
}

/** The rows after the cursor's row in that order. */
function after(cursor: QueueCursor, sortAt: SortAt): SQL {
  const rest = sql`(${sortAt}, ${kycVerifications.userId}) > (${cursor.at}, ${cursor.userId})`;
  if (cursor.sort === 'newest') return sql`(${sortAt}, ${kycVerifications.userId}) < (${cursor.at}, ${cursor.userId})`;
  if (cursor.sort === 'amount') {
    const amount = String(cursor.amount);
    return sql`(${userDetails.investmentAmount} < ${amount}::numeric or (${userDetails.investmentAmount} = ${amount}::numeric and ${rest}))`;
  }
  if (cursor.sort === 'country') return sql`(${userDetails.primaryJurisdiction}, ${sortAt}, ${kycVerifications.userId}) > (${cursor.country}, ${cursor.at}, ${cursor.userId})`;
  return rest;
}

export async function listKycQueue(db: Db, filters: KycQueueFilters, now: Date): Promise<KycQueueResponse> {
  const [threshold, targetHours] = await Promise.all([kycFourEyesThreshold(db), kycReviewTargetHours(db)]);
  const sort = filters.sort ?? 'oldest';
  const limit = Math.min(filters.limit ?? KYC_QUEUE_LIMIT, KYC_QUEUE_LIMIT);
  const sortAt = filters.status === 'RESUBMISSION_REQUESTED' ? kycVerifications.resubmissionRequestedAt : kycVerifications.completedAt;
  const conditions: (SQL | undefined)[] = [eq(kycVerifications.status, filters.status), sql`${sortAt} is not null`];
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(or(ilike(users.email, pattern), ilike(userDetails.fullName, pattern), ilike(userDetails.entityName, pattern)));
  }
  if (filters.investorType) conditions.push(eq(userDetails.investorType, filters.investorType));
  if (filters.minAmount !== undefined) conditions.push(gte(userDetails.investmentAmount, filters.minAmount));
  if (filters.country) conditions.push(eq(userDetails.primaryJurisdiction, filters.country));
  if (filters.assignee === 'none') conditions.push(isNull(kycCaseAssignments.staffId));
  else if (filters.assignee) conditions.push(eq(kycCaseAssignments.staffId, filters.assignee));
  if (filters.cursor) conditions.push(after(decodeQueueCursor(filters.cursor, sort, filters.status), sortAt));
  const rows = await db
    .select({
      userId: kycVerifications.userId,
      fullName: userDetails.fullName,
      entityName: userDetails.entityName,
      email: users.email,
      investorType: userDetails.investorType,
      investmentAmount: userDetails.investmentAmount,
      country: userDetails.primaryJurisdiction,
      sortAt,
      submittedAt: kycVerifications.completedAt,
      reviewRound: kycVerifications.reviewRound,
      approvals: sql<number>`(select count(*) from kyc_reviews r
        where r.user_id = ${kycVerifications.userId} and r.round = ${kycVerifications.reviewRound} and r.decision = 'APPROVED')`.mapWith(Number),
      assigneeId: kycCaseAssignments.staffId,
      assigneeName: staffMembers.displayName,
    })
    .from(kycVerifications)
    .innerJoin(userDetails, eq(userDetails.userId, kycVerifications.userId))
    .innerJoin(users, eq(users.id, kycVerifications.userId))
    .leftJoin(kycCaseAssignments, eq(kycCaseAssignments.userId, kycVerifications.userId))
    .leftJoin(staffMembers, eq(staffMembers.id, kycCaseAssignments.staffId))
    .where(and(...conditions))
    .orderBy(...orderOf(sort, sortAt))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) => {
      const submittedAt = r.submittedAt ?? r.sortAt ?? new Date(0);
      const waitedMs = Math.max(0, now.getTime() - submittedAt.getTime());
      return {
        userId: r.userId,
        name: r.entityName ?? r.fullName ?? '',
        email: r.email,
        investorType: r.investorType,
        investmentAmount: r.investmentAmount,
        submittedAt: submittedAt.toISOString(),
        reviewRound: r.reviewRound,
        approvals: r.approvals,
        fourEyes: needsFourEyes(r.investmentAmount, threshold),
        assignee: r.assigneeId && r.assigneeName ? { staffId: r.assigneeId, name: r.assigneeName } : null,
        country: r.country,
        ageHours: Math.floor(waitedMs / HOUR_MS),
        overdue: filters.status === 'UNDER_REVIEW' && waitedMs > targetHours * HOUR_MS,
      };
    }),
    nextCursor:
      rows.length > limit && last?.sortAt
        ? encodeQueueCursor({
            sort,
            status: filters.status,
            at: last.sortAt,
            userId: last.userId,
            amount: sort === 'amount' ? last.investmentAmount : undefined,
            country: sort === 'country' ? last.country : undefined,
          })
        : null,
    fourEyesAboveEur: threshold,
    reviewTargetHours: targetHours,
    asOf: now.toISOString(),
  };
}
