/**
 * The reviewer aids of one case as the case page shows them (issue 30): the latest screening run and every hit found
 * for the investor (with the list version it came from, whether that version is still current, and the reviewer's
 * word), the latest risk score with its rules, the identity document's MRZ reading and the face comparison, and the enhanced-due-diligence checklist of the current round (required
 * when the score is high). A check that has not yet run for the current round is pending.
 */
import { and, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { EDD_ITEM_LABELS, EDD_ITEMS, SCREENING_ENTRY_KINDS, SCREENING_HIT_DECISIONS, type KycCheckKind, type KycChecks } from '../../../shared/admin/kyc-checks.ts';
import { kycEddItems, kycVerifications, screeningHits, screeningLists, staffMembers } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { isUuid } from '../is-uuid.ts';
import { oneOf } from '../row-mapping.ts';
import { caseNotFound } from './kyc-case-not-found.ts';
import { FaceResultSchema, latestCheck, MrzResultSchema, RiskResultSchema, type CheckRow } from '../checks/latest-checks.ts';

const ScreeningResultSchema = v.object({ namesScreened: v.array(v.string()), lists: v.array(v.string()) });
const BIRTH_DATE = ['matches', 'differs', 'unknown'] as const;

const runOf = (row: CheckRow) => ({ round: row.round, engine: row.engine, durationMs: row.durationMs, finishedAt: row.finishedAt.toISOString(), inputs: row.inputs });

export async function getKycChecks(db: Db, userId: string, { round, submitted }: { round: number; submitted: boolean }): Promise<KycChecks> {
  const [screening, risk, mrz, face, edd, hits] = await Promise.all([
    latestCheck(db, userId, 'screening'),
    latestCheck(db, userId, 'risk'),
    latestCheck(db, userId, 'mrz'),
    latestCheck(db, userId, 'face'),
    db
      .select({ item: kycEddItems.item, staffName: staffMembers.displayName, at: kycEddItems.doneAt })
      .from(kycEddItems)
      .innerJoin(staffMembers, eq(staffMembers.id, kycEddItems.staffId))
      .where(and(eq(kycEddItems.userId, userId), eq(kycEddItems.round, round))),
    db
      .select({ hit: screeningHits, list: { id: screeningLists.id, source: screeningLists.source, loadedAt: screeningLists.loadedAt, replacedAt: screeningLists.replacedAt }, staffName: staffMembers.displayName })
      .from(screeningHits)
      .innerJoin(screeningLists, eq(screeningLists.id, screeningHits.listId))
      .leftJoin(staffMembers, eq(staffMembers.id, screeningHits.decidedBy))
      .where(eq(screeningHits.userId, userId))
      .orderBy(desc(screeningHits.score), desc(screeningHits.foundAt)),
  ]);
  const screeningResult = screening ? v.safeParse(ScreeningResultSchema, screening.result) : null;
  const riskResult = risk ? v.safeParse(RiskResultSchema, risk.result) : null;
  const pending: KycCheckKind[] = [];
  if (submitted && (!screening || screening.round < round)) pending.push('screening');
  if (submitted && (!risk || risk.round < round)) pending.push('risk');
  if (submitted && (!mrz || mrz.round < round)) pending.push('mrz');
  if (submitted && (!face || face.round < round)) pending.push('face');
  const faceResult = face ? v.safeParse(FaceResultSchema, face.result) : null;
  const mrzResult = mrz ? v.safeParse(MrzResultSchema, mrz.result) : null;
  return {
    pending,
    screening:
      screening && screeningResult?.success
        ? {
            run: runOf(screening),
            namesScreened: screeningResult.output.namesScreened,
            lists: screeningResult.output.lists,
            hits: hits.map(({ hit, list, staffName }) => ({
              id: hit.id,
              list: { id: list.id, name: list.source, loadedAt: list.loadedAt.toISOString(), current: list.replacedAt === null },
              entryRef: hit.entryRef,
              entryName: hit.entryName,
              entryKind: oneOf(hit.entryKind, SCREENING_ENTRY_KINDS, 'other'),
              programme: hit.programme,
              queryName: hit.queryName,
              score: hit.score,
              reasons: hit.reasons,
              birthDate: oneOf(hit.birthDate, BIRTH_DATE, 'unknown'),
              foundAt: hit.foundAt.toISOString(),
              foundInRound: hit.foundInRound,
              decision:
                hit.decision && hit.decidedAt
                  ? { value: oneOf(hit.decision, SCREENING_HIT_DECISIONS, 'TRUE_MATCH'), reason: hit.decisionReason ?? '', staffName: staffName ?? '', decidedAt: hit.decidedAt.toISOString() }
                  : null,
            })),
          }
        : null,
    risk: risk && riskResult?.success ? { run: runOf(risk), ...riskResult.output } : null,
    mrz: mrz && mrzResult?.success ? { run: runOf(mrz), ...mrzResult.output } : null,
    face: face && faceResult?.success ? { run: runOf(face), ...faceResult.output } : null,
    edd: {
      required: riskResult?.success === true && riskResult.output.level === 'high',
      round,
      items: EDD_ITEMS.map((item) => {
        const done = edd.find((row) => row.item === item);
        return { item, label: EDD_ITEM_LABELS[item], done: done ? { staffName: done.staffName, at: done.at.toISOString() } : null };
      }),
    },
  };
}


/** GET /api/admin/kyc/cases/:userId/checks: the checks of a case by its investor (404 without a KYC row). */
export async function caseChecks(db: Db, userId: string): Promise<KycChecks> {
  if (!isUuid(userId)) throw caseNotFound();
  const [kyc] = await db.select({ round: kycVerifications.reviewRound, completedAt: kycVerifications.completedAt }).from(kycVerifications).where(eq(kycVerifications.userId, userId)).limit(1);
  if (!kyc) throw caseNotFound();
  return getKycChecks(db, userId, { round: kyc.round, submitted: kyc.completedAt !== null });
}
