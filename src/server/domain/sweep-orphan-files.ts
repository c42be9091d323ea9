/**
 * Storage housekeeping: removes files in the store that no stored_files row records, whatever they were for. Such
 * a file was left by a crash between its rename into place and its row's commit, or by a row removal whose file
 * removal failed; nothing can reach it (every download looks its row up first). A file younger than an hour may be
 * an upload whose rows are about to be written, so it stays until a later sweep.
 */
import { inArray } from 'drizzle-orm';
import { storedFiles } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import type { FileStore } from '../storage/file-store.ts';

export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

export async function sweepOrphanFiles(db: Db, storage: FileStore, now: Date): Promise<number> {
  const candidates: string[] = [];
  for await (const file of storage.list()) {
    if (now.getTime() - file.storedAt.getTime() > ORPHAN_GRACE_MS) candidates.push(file.name);
  }
  let removed = 0;
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH);
    const recorded = new Set(
      (await db.select({ storedName: storedFiles.storedName }).from(storedFiles).where(inArray(storedFiles.storedName, batch))).map((r) => r.storedName),
    );
    for (const name of batch.filter((n) => !recorded.has(n))) {
      await storage.remove(name);
      removed++;
    }
  }
  return removed;
}
