import { and, eq } from 'drizzle-orm';
import type { KycFileType } from '../../../shared/kyc.ts';
import { kycDocuments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

export type KycDocumentRecord = { fileName: string; originalName: string; contentType: KycFileType; size: number };

/** One of THIS investor's files by its stored name; another investor's is null, exactly like a name nobody has. */
export async function findKycDocument(db: Db, userId: string, fileName: string): Promise<KycDocumentRecord | null> {
  const [doc] = await db
    .select({ fileName: kycDocuments.fileName, originalName: kycDocuments.originalName, contentType: kycDocuments.contentType, size: kycDocuments.sizeBytes })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.fileName, fileName)));
  return doc ? { ...doc, contentType: doc.contentType as KycFileType } : null;
}
