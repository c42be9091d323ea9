/**
 * POST /api/admin/kyc/cases/:userId/notes (issue 29): the compliance team's internal notes on a case, who wrote each
 * and when; never part of anything the investor reads. One note per writer and request id: the same note sent again
 * (a retry after a lost answer, a double click) answers the note already written. The note and its audit event (the
 * note's id and length: the words stay in the note) are one transaction.
 */
import { and, asc, eq } from 'drizzle-orm';
import { kycReviewMessages } from '../../../shared/admin/kyc-messages.ts';
import type { KycCaseNote, KycNotePayload } from '../../../shared/admin/kyc-review.ts';
import { kycCaseNotes, kycVerifications, staffMembers } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { isUuid } from '../is-uuid.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { StaffRequestContext } from '../request-context.ts';
import { caseNotFound } from './kyc-case-not-found.ts';

const noteColumns = { id: kycCaseNotes.id, staffId: kycCaseNotes.staffId, staffName: staffMembers.displayName, body: kycCaseNotes.body, at: kycCaseNotes.createdAt };
const asNote = (row: { id: string; staffId: string; staffName: string; body: string; at: Date }): KycCaseNote => ({ ...row, at: row.at.toISOString() });

/** A case's notes, oldest first. */
export async function caseNotes(db: Db, userId: string): Promise<KycCaseNote[]> {
  const rows = await db
    .select(noteColumns)
    .from(kycCaseNotes)
    .innerJoin(staffMembers, eq(staffMembers.id, kycCaseNotes.staffId))
    .where(eq(kycCaseNotes.userId, userId))
    .orderBy(asc(kycCaseNotes.createdAt), asc(kycCaseNotes.id));
  return rows.map(asNote);
}

async function noteOfRequest(db: Db, userId: string, staffId: string, requestId: string): Promise<KycCaseNote | null> {
  const [row] = await db
    .select(noteColumns)
    .from(kycCaseNotes)
    .innerJoin(staffMembers, eq(staffMembers.id, kycCaseNotes.staffId))
    .where(and(eq(kycCaseNotes.userId, userId), eq(kycCaseNotes.staffId, staffId), eq(kycCaseNotes.requestId, requestId)))
    .limit(1);
  return row ? asNote(row) : null;
}

/** The note written, and whether this request wrote it (false: the same request came before). */
export async function addKycNote(db: Db, userId: string, payload: KycNotePayload, ctx: StaffRequestContext): Promise<{ note: KycCaseNote; created: boolean }> {
  if (!isUuid(userId)) throw caseNotFound();
  const { staffId, now, meta } = ctx;
  return db.transaction(async (tx) => {
    const [kase] = await tx.select({ userId: kycVerifications.userId }).from(kycVerifications).where(eq(kycVerifications.userId, userId)).limit(1);
    if (!kase) throw caseNotFound();
    const [inserted] = await tx
      .insert(kycCaseNotes)
      .values({ userId, staffId, body: payload.body, requestId: payload.requestId, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: kycCaseNotes.id });
    const note = await noteOfRequest(tx, userId, staffId, payload.requestId);
    // The same request id already used on another case: refuse it rather than answer that case's note.
    if (!note) throw new AppError('CONFLICT', kycReviewMessages.requestIdUsed);
    if (!inserted) return { note, created: false };
    // Last: from here to the commit the transaction holds the audit chain's head.
    await recordAuditEvent(tx, { userId, staffId, action: 'admin.kyc.note', detail: { noteId: inserted.id, length: payload.body.length }, meta, at: now });
    return { note, created: true };
  });
}
