/**
 * The stored_files rows: what each file in the file store is. Written and removed inside the transaction of the row
 * that uses the file (a KYC document now), so the store's housekeeping (sweep-orphan-files.ts) can tell a kept file
 * from an orphan by this table alone, whatever the file is for.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { storedFiles } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import type { StoredFilePurpose } from '../storage/stored-file-purposes.ts';
import type { StoredFileType } from '../storage/stored-name.ts';

export type StoredFileRecord = {
  /** The investor it belongs to; null for files of the system. */
  ownerId: string | null;
  purpose: StoredFilePurpose;
  storedName: string;
  originalName: string;
  contentType: StoredFileType;
  size: number;
  sha256: string;
};

export async function recordStoredFile(tx: Db, file: StoredFileRecord, now: Date): Promise<void> {
  await tx.insert(storedFiles).values({
    ownerId: file.ownerId,
    purpose: file.purpose,
    storedName: file.storedName,
    originalName: file.originalName,
    contentType: file.contentType,
    sizeBytes: file.size,
    sha256: file.sha256,
    createdAt: now,
  });
}

/** Removes the rows of files about to be removed from the store (after the rows that named them are gone). */
export async function forgetStoredFiles(tx: Db, purpose: StoredFilePurpose, storedNames: string[]): Promise<void> {
  if (storedNames.length === 0) return;
  await tx.delete(storedFiles).where(and(eq(storedFiles.purpose, purpose), inArray(storedFiles.storedName, storedNames)));
}
