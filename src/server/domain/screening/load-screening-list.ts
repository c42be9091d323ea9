/**
 * Loads an operator's screening list (the EU consolidated sanctions XML or an OpenSanctions simple CSV) as the current
 * version of its source, in one transaction: the previous version of the source keeps its row (hits name it) and loses
 * its entries; the made-up demo list steps aside for the first real one. Loading the very file that is already current
 * changes nothing. Every approved investor is then screened against the new version (a `screening-rescreen` job).
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { screeningEntries, screeningLists } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { enqueueJob } from '../../jobs/enqueue-job.ts';
import { parseScreeningList } from '../../screening/read-screening-list.ts';
import type { ParsedScreeningList } from '../../screening/screening-types.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import { NO_CLIENT } from '../request-context.ts';

/** The source of the list shipped for a fresh start: made-up names only. */
export const DEMO_SCREENING_SOURCE = 'Demo list (made-up names)';

const DEFAULT_SOURCES: Record<ParsedScreeningList['format'], string> = {
  'eu-fsf-xml': 'EU consolidated financial sanctions',
  'opensanctions-csv': 'OpenSanctions',
};

const INSERT_BATCH = 1_000;

export type LoadedScreeningList = { listId: string; source: string; entryCount: number; unchanged: boolean; replaced: string[] };

export async function loadScreeningList(db: Db, { text, source, now }: { text: string; source?: string; now: Date }): Promise<LoadedScreeningList> {
  const parsed = parseScreeningList(text);
  const sha256 = createHash('sha256').update(text).digest('hex');
  const name = (source ?? DEFAULT_SOURCES[parsed.format]).trim().slice(0, 200) || DEFAULT_SOURCES[parsed.format];
  const entries = dedupeByRef(parsed.entries);

  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: screeningLists.id, sha256: screeningLists.sha256, entryCount: screeningLists.entryCount })
      .from(screeningLists)
      .where(and(eq(screeningLists.source, name), isNull(screeningLists.replacedAt)))
      .for('update');
    if (current?.sha256 === sha256) return { listId: current.id, source: name, entryCount: current.entryCount, unchanged: true, replaced: [] };

    // The source's previous version, and the demo list once a real one arrives.
    const retiring = await tx
      .update(screeningLists)
      .set({ replacedAt: now })
      .where(and(isNull(screeningLists.replacedAt), inArray(screeningLists.source, name === DEMO_SCREENING_SOURCE ? [name] : [name, DEMO_SCREENING_SOURCE])))
      .returning({ id: screeningLists.id });
    for (const { id } of retiring) await tx.delete(screeningEntries).where(eq(screeningEntries.listId, id));

    const [list] = await tx
      .insert(screeningLists)
      .values({ source: name, format: parsed.format, sha256, publishedAt: parsed.publishedAt ? new Date(parsed.publishedAt) : null, entryCount: entries.length, loadedAt: now })
      .returning({ id: screeningLists.id });
    if (!list) throw new Error('The list row was not written.');
    for (let i = 0; i < entries.length; i += INSERT_BATCH) {
      await tx.insert(screeningEntries).values(
        entries.slice(i, i + INSERT_BATCH).map((e) => ({ listId: list.id, ref: e.ref, names: e.names, birthDates: e.birthDates, kind: e.kind, programme: e.programme, countries: e.countries })),
      );
    }
    await enqueueJob(tx, { kind: 'screening-rescreen', payload: { listId: list.id }, dedupeKey: `screening-rescreen:${list.id}` }, now);
    await recordAuditEvent(tx, {
      userId: null,
      action: 'screening.list_loaded',
      detail: { listId: list.id, source: name, format: parsed.format, sha256, entries: entries.length, publishedAt: parsed.publishedAt, replaced: retiring.map((r) => r.id) },
      meta: NO_CLIENT,
      at: now,
    });
    return { listId: list.id, source: name, entryCount: entries.length, unchanged: false, replaced: retiring.map((r) => r.id) };
  });
}

/** A list that repeats an id keeps its first entry (the primary key is the list and the id). */
function dedupeByRef<T extends { ref: string }>(entries: T[]): T[] {
  const seen = new Set<string>();
  return entries.filter((e) => (seen.has(e.ref) ? false : (seen.add(e.ref), true)));
}
