/**
 * POST /api/admin/kyc/cases/:userId/assignment (issue 29): who holds a case. A reviewer takes a case nobody holds,
 * gives it to another reviewer, or lets it go, always "as I saw it": `expectedAssignee` must still be who holds it, or
 * the answer is 409 naming who does now (two reviewers taking one case at once: one gets it, the other is told who).
 * The check and the change are one statement each (an insert that does nothing if the case is held, an update or a
 * delete where the holder is still the one expected), so no lock is taken on the investor's rows. Only an active
 * member of the compliance team can hold a case. Each change is an audit event in the same transaction; asking for
 * what already is changes nothing and records nothing.
 */
import { aliasedTable, and, asc, eq, isNull, sql } from 'drizzle-orm';
import { kycReviewMessages } from '../../../shared/admin/kyc-messages.ts';
import type { KycAssignmentPayload, KycAssignmentResponse, KycCaseAssignee } from '../../../shared/admin/kyc-review.ts';
import { kycCaseAssignments, kycVerifications, staffMembers } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { isUuid } from '../is-uuid.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { StaffRequestContext } from '../request-context.ts';
import { caseNotFound } from './kyc-case-not-found.ts';

const giver = aliasedTable(staffMembers, 'assignment_giver');

/** Who holds the case now, with names (null: nobody). */
export async function caseAssignee(db: Db, userId: string): Promise<KycCaseAssignee | null> {
  const [row] = await db
    .select({ staffId: kycCaseAssignments.staffId, name: staffMembers.displayName, since: kycCaseAssignments.assignedAt, assignedByName: giver.displayName })
    .from(kycCaseAssignments)
    .innerJoin(staffMembers, eq(staffMembers.id, kycCaseAssignments.staffId))
    .innerJoin(giver, eq(giver.id, kycCaseAssignments.assignedBy))
    .where(eq(kycCaseAssignments.userId, userId))
    .limit(1);
  return row ? { ...row, since: row.since.toISOString() } : null;
}

/** The active members of the compliance team, by name (who a case can be given to). */
export async function activeReviewers(db: Db): Promise<{ staffId: string; name: string }[]> {
  return db
    .select({ staffId: staffMembers.id, name: staffMembers.displayName })
    .from(staffMembers)
    .where(and(isNull(staffMembers.disabledAt), sql`'compliance' = any(${staffMembers.roles})`))
    .orderBy(asc(staffMembers.displayName), asc(staffMembers.id));
}

async function refuseUnlessReviewer(tx: Db, staffId: string): Promise<void> {
  const [member] = await tx
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(and(eq(staffMembers.id, staffId), isNull(staffMembers.disabledAt), sql`'compliance' = any(${staffMembers.roles})`))
    .limit(1);
  if (!member) throw new AppError('BAD_REQUEST', kycReviewMessages.notAReviewer);
}

/** The holder changed since the reviewer looked: say who holds it now. */
async function changedUnderfoot(tx: Db, userId: string): Promise<never> {
  const now = await caseAssignee(tx, userId);
  throw new AppError('CONFLICT', now ? kycReviewMessages.heldByOther(now.name) : kycReviewMessages.heldByNobody);
}

export async function assignKycCase(db: Db, userId: string, payload: KycAssignmentPayload, ctx: StaffRequestContext): Promise<KycAssignmentResponse> {
  if (!isUuid(userId)) throw caseNotFound();
  const { staffId, now, meta } = ctx;
  const { assignTo, expectedAssignee: expected } = payload;
  return db.transaction(async (tx) => {
    const [kase] = await tx.select({ userId: kycVerifications.userId }).from(kycVerifications).where(eq(kycVerifications.userId, userId)).limit(1);
    if (!kase) throw caseNotFound();
    if (assignTo !== null) await refuseUnlessReviewer(tx, assignTo);
    if (assignTo === expected) {
      // Nothing to change, provided it is as the reviewer saw it.
      const holder = await caseAssignee(tx, userId);
      if ((holder?.staffId ?? null) !== expected) return changedUnderfoot(tx, userId);
      return { assignee: holder };
    }

    let changed: unknown[];
    if (expected === null) {
      changed = await tx
        .insert(kycCaseAssignments)
        .values({ userId, staffId: assignTo as string, assignedAt: now, assignedBy: staffId })
        .onConflictDoNothing()
        .returning({ userId: kycCaseAssignments.userId });
    } else if (assignTo === null) {
      changed = await tx
        .delete(kycCaseAssignments)
        .where(and(eq(kycCaseAssignments.userId, userId), eq(kycCaseAssignments.staffId, expected)))
        .returning({ userId: kycCaseAssignments.userId });
    } else {
      changed = await tx
        .update(kycCaseAssignments)
        .set({ staffId: assignTo, assignedAt: now, assignedBy: staffId })
        .where(and(eq(kycCaseAssignments.userId, userId), eq(kycCaseAssignments.staffId, expected)))
        .returning({ userId: kycCaseAssignments.userId });
    }
    if (changed.length === 0) return changedUnderfoot(tx, userId);

    const assignee = await caseAssignee(tx, userId);
    const how = assignTo === null ? 'released' : assignTo === staffId && expected === null ? 'taken' : 'reassigned';
    // Last: from here to the commit the transaction holds the audit chain's head.
    await recordAuditEvent(tx, { userId, staffId, action: 'admin.kyc.assigned', detail: { how, from: expected, to: assignTo }, meta, at: now });
    return { assignee };
  });
}
