/**
 * GET /api/admin/kyc/cases: the review queue, oldest submission first (kyc_verifications.completed_at; for open
 * resubmission requests the time they were asked), filtered, one page of KYC_QUEUE_LIMIT by a keyset cursor
 * (the last row's sort time and user id). ONE query for the page: the approvals of each row's round are a correlated
 * count on kyc_reviews' index, not a query per row. Each row says who holds the case (issue 29), and the queue can be
 * narrowed to the cases one reviewer holds, or nobody does.
 */
import { and, asc, eq, gte, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { kycReviewMessages } from '../../../shared/admin/kyc-messages.ts';
import { KYC_QUEUE_LIMIT, type KYC_QUEUE_STATUSES, type KycQueueResponse } from '../../../shared/admin/kyc-review.ts';
import type { StoredInvestorType } from '../../../shared/user-details.ts';
import { kycCaseAssignments, kycVerifications, staffMembers, userDetails, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { isUuid } from '../is-uuid.ts';
import { kycFourEyesThreshold, needsFourEyes } from './kyc-four-eyes.ts';

export type KycQueueFilters = {
  status: (typeof KYC_QUEUE_STATUSES)[number];
  q?: string | undefined;
  investorType?: StoredInvestorType | undefined;
  minAmount?: number | undefined;
  /** 'none': cases nobody holds; a staff id: the cases they hold. */
  assignee?: 'none' | string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
};

type Cursor = { at: Date; userId: string };

const encodeCursor = ({ at, userId }: Cursor) => Buffer.from(`${at.toISOString()}|${userId}`).toString('base64url');

function decodeCursor(raw: string): Cursor {
  const [iso, userId] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (!userId || !isUuid(userId) || Number.isNaN(at.getTime())) throw new AppError('BAD_REQUEST', kycReviewMessages.badCursor);
  return { at, userId };
}

/** `%` and `_` typed by the reviewer are searched for as themselves. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listKycQueue(db: Db, filters: KycQueueFilters): Promise<KycQueueResponse> {
  const threshold = await kycFourEyesThreshold(db);
  const limit = Math.min(filters.limit ?? KYC_QUEUE_LIMIT, KYC_QUEUE_LIMIT);
  const sortAt = filters.status === 'RESUBMISSION_REQUESTED' ? kycVerifications.resubmissionRequestedAt : kycVerifications.completedAt;
  const conditions: (SQL | undefined)[] = [eq(kycVerifications.status, filters.status), sql`${sortAt} is not null`];
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(or(ilike(users.email, pattern), ilike(userDetails.fullName, pattern), ilike(userDetails.entityName, pattern)));
  }
  if (filters.investorType) conditions.push(eq(userDetails.investorType, filters.investorType));
  if (filters.minAmount !== undefined) conditions.push(gte(userDetails.investmentAmount, filters.minAmount));
  if (filters.assignee === 'none') conditions.push(isNull(kycCaseAssignments.staffId));
  else if (filters.assignee) conditions.push(eq(kycCaseAssignments.staffId, filters.assignee));
  if (filters.cursor) {
    const { at, userId } = decodeCursor(filters.cursor);
    conditions.push(sql`(${sortAt}, ${kycVerifications.userId}) > (${at}, ${userId})`);
  }
  const rows = await db
    .select({
      userId: kycVerifications.userId,
      fullName: userDetails.fullName,
      entityName: userDetails.entityName,
      email: users.email,
      investorType: userDetails.investorType,
      investmentAmount: userDetails.investmentAmount,
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
    .orderBy(asc(sortAt), asc(kycVerifications.userId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) => ({
      userId: r.userId,
      name: r.entityName ?? r.fullName ?? '',
      email: r.email,
      investorType: r.investorType,
      investmentAmount: r.investmentAmount,
      submittedAt: (r.submittedAt ?? r.sortAt ?? new Date(0)).toISOString(),
      reviewRound: r.reviewRound,
      approvals: r.approvals,
      fourEyes: needsFourEyes(r.investmentAmount, threshold),
      assignee: r.assigneeId && r.assigneeName ? { staffId: r.assigneeId, name: r.assigneeName } : null,
    })),
    nextCursor: rows.length > limit && last?.sortAt ? encodeCursor({ at: last.sortAt, userId: last.userId }) : null,
    fourEyesAboveEur: threshold,
  };
}
