/**
 * One of the investor's own sealed documents by its download id, with the stored file that holds its bytes; null for
 * anything else (not an id, another investor's, unknown), which the route answers with one and the same 404.
 */
import { and, eq } from 'drizzle-orm';
import { signedDocuments, storedFiles } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { signedDocumentFileName } from './record-signed-document.ts';

/** Lower-case, as the database writes them: anything else is not an id it gave out. */
const DOCUMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type SignedDocumentFile = { id: string; title: string; downloadName: string; storedName: string; size: number };

export const isSignedDocumentId = (id: string): boolean => DOCUMENT_ID.test(id);

export async function findSignedDocument(db: Db, userId: string, id: string): Promise<SignedDocumentFile | null> {
  // Before any query: PostgreSQL would raise on a malformed uuid instead of finding nothing.
  if (!isSignedDocumentId(id)) return null;
  const [row] = await db
    .select({ id: signedDocuments.id, title: signedDocuments.title, storedName: storedFiles.storedName, size: storedFiles.sizeBytes })
    .from(signedDocuments)
    .innerJoin(storedFiles, and(eq(storedFiles.id, signedDocuments.storedFileId), eq(storedFiles.ownerId, userId)))
    .where(and(eq(signedDocuments.id, id), eq(signedDocuments.userId, userId)))
    .limit(1);
  return row ? { ...row, downloadName: signedDocumentFileName(row.title) } : null;
}
