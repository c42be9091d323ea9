/**
 * The current version of every screening source, each with its index built once per process: building one from
 * 50,000 entries costs a few hundred milliseconds and the entries change only when a list is loaded. Which versions
 * are current is read from the database on every use, so a list loaded by the command (another process) or by another
 * instance is used at the next check.
 */
import { eq, isNull } from 'drizzle-orm';
import { SCREENING_ENTRY_KINDS } from '../../../shared/admin/kyc-checks.ts';
import { screeningEntries, screeningLists } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { buildScreeningIndex, type ScreeningIndex } from '../../screening/screening-index.ts';
import { oneOf } from '../row-mapping.ts';

export type ScreeningListVersion = { id: string; source: string; sha256: string; loadedAt: Date };
export type IndexedList = ScreeningListVersion & { index: ScreeningIndex; kinds: Map<string, { kind: (typeof SCREENING_ENTRY_KINDS)[number]; programme: string | null }> };

export type ScreeningLists = { current(db: Db): Promise<IndexedList[]> };

export function createScreeningLists(): ScreeningLists {
  const built = new Map<string, Promise<IndexedList>>();

  async function build(db: Db, version: ScreeningListVersion): Promise<IndexedList> {
    const rows = await db.select().from(screeningEntries).where(eq(screeningEntries.listId, version.id));
    const entries = rows.map((r) => ({ ref: r.ref, names: r.names, birthDates: r.birthDates, kind: oneOf(r.kind, SCREENING_ENTRY_KINDS, 'other'), programme: r.programme, countries: r.countries }));
    return { ...version, index: buildScreeningIndex(entries), kinds: new Map(entries.map((e) => [e.ref, { kind: e.kind, programme: e.programme }])) };
  }

  return {
    async current(db) {
      const versions = await db
        .select({ id: screeningLists.id, source: screeningLists.source, sha256: screeningLists.sha256, loadedAt: screeningLists.loadedAt })
        .from(screeningLists)
        .where(isNull(screeningLists.replacedAt));
      const ids = new Set(versions.map((v) => v.id));
      for (const id of built.keys()) if (!ids.has(id)) built.delete(id);
      return Promise.all(
        versions.map((version) => {
          let list = built.get(version.id);
          if (!list) {
            list = build(db, version);
            built.set(version.id, list);
            list.catch(() => built.delete(version.id));
          }
          return list;
        }),
      );
    },
  };
}
