/**
 * Screens one investor's names (and date of birth) against the current lists and records, in one transaction, the run
 * (what it read, which engine, how long) and every entry that matched: an entry already found for this investor
 * (this source, this id) is not recorded twice, so the reviewer's word on it stands and only truly new hits are
 * counted as new. Individuals are screened by their full name; entities by their name and their signatory's.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { screeningHits, userDetails } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { SCREENING_ENGINE_VERSION, screenName } from '../../screening/screening-index.ts';
import { recordCheck } from '../checks/record-check.ts';
import type { IndexedList } from './current-screening-lists.ts';

export type ScreeningPurpose = 'review' | 'monitoring';
export type ScreeningOutcome = { hits: number; newHits: number } | 'no-investor';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function screenInvestor(db: Db, lists: IndexedList[], { userId, round, purpose, now, startedAt }: { userId: string; round: number; purpose: ScreeningPurpose; now: Date; startedAt: number }): Promise<ScreeningOutcome> {
  const [investor] = await db
    .select({ investorType: userDetails.investorType, fullName: userDetails.fullName, dateOfBirth: userDetails.dateOfBirth, entityName: userDetails.entityName, signatory: userDetails.authorizedSignatory })
    .from(userDetails)
    .where(eq(userDetails.userId, userId))
    .limit(1);
  if (!investor) return 'no-investor';
  const names = (investor.investorType === 'entity' ? [investor.entityName, investor.signatory] : [investor.fullName]).filter((n): n is string => !!n && n.trim() !== '');
  const dateOfBirth = investor.investorType === 'entity' ? null : investor.dateOfBirth;

  const found = lists.flatMap((list) =>
    screenName(list.index, { names, dateOfBirth }).map((hit) => ({ list, hit, entry: list.kinds.get(hit.ref) ?? { kind: 'other' as const, programme: null } })),
  );

  return db.transaction(async (tx) => {
    const inserted = found.length
      ? await tx
          .insert(screeningHits)
          .values(
            found.map(({ list, hit, entry }) => ({
              userId,
              listId: list.id,
              source: list.source,
              entryRef: hit.ref,
              entryName: hit.entryName,
              entryKind: entry.kind,
              programme: entry.programme,
              queryName: hit.queryName,
              score: hit.score,
              reasons: hit.reasons,
              birthDate: hit.birthDate,
              foundAt: now,
              foundInRound: round,
            })),
          )
          .onConflictDoNothing({ target: [screeningHits.userId, screeningHits.source, screeningHits.entryRef] })
          .returning({ id: screeningHits.id })
      : [];
    const inputs: Record<string, string> = { names: sha256(JSON.stringify({ names, dateOfBirth })) };
    for (const list of lists) inputs[`list ${list.source}`] = list.sha256;
    await recordCheck(tx, {
      userId,
      round,
      kind: 'screening',
      result: { namesScreened: names, lists: lists.map((l) => l.source), purpose, hits: found.length, newHits: inserted.length },
      inputs,
      engine: SCREENING_ENGINE_VERSION,
      startedAt,
      at: now,
      audit: { purpose, lists: lists.map((l) => ({ source: l.source, sha256: l.sha256 })), hits: found.length, newHits: inserted.length },
    });
    return { hits: found.length, newHits: inserted.length };
  });
}
