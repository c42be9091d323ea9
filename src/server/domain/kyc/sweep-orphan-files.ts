/**
 * Removes stored files that no KYC row names: left by a crash between a file's rename into place and its row's
 * commit, or by a row removal whose file removal failed. A file younger than an hour may be an upload whose row is
 * about to be written, so it stays until the next sweep.
 */
import { inArray } from 'drizzle-orm';
import { kycDocuments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import type { FileStore } from '../../storage/file-store.ts';

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
    const known = new Set(
      (await db.select({ fileName: kycDocuments.fileName }).from(kycDocuments).where(inArray(kycDocuments.fileName, batch))).map((r) => r.fileName),
    );
    for (const name of batch.filter((n) => !known.has(n))) {
      await storage.remove(name);
      removed++;
    }
  }
  return removed;
}
