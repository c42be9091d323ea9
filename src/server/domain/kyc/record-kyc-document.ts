/**
 * The metadata rows of an uploaded file (its stored_files row and its kyc_documents row), written after the file is
 * completely stored (the caller removes the file if this fails). One transaction with the audit event; refused like every KYC change before disclosure is
 * complete or after KYC is.
 *
 * Uploads are bounded per investor: a new file of a type takes the place of an earlier one of that type that no
 * saved step points at (its row goes, and the caller removes its file), and an investor holds at most
 * MAX_KYC_DOCUMENTS rows in all (replaced ones included), so nobody can fill the shared disk.
 */
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { KYC_DOCUMENT_STEP, resubmitStepOfDocument, type KycDocumentType, type KycFileType } from '../../../shared/kyc.ts';
import { messages } from '../../../shared/messages.ts';
import { AppError } from '../../errors/app-error.ts';
import { kycDocuments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import { forgetStoredFiles, recordStoredFile } from '../stored-files.ts';
import type { RequestContext } from '../request-context.ts';
import { lockKycForChange, refuseIfKycComplete, refuseIfNotRequested } from './kyc-access.ts';
import { referencedFileNames } from './kyc-row.ts';

/** Four documents, each replaced a few times over, is far more than a real verification needs. */
const MAX_KYC_DOCUMENTS = 30;

export type KycDocumentInput = {
  documentType: KycDocumentType;
  fileName: string;
  originalName: string;
  contentType: KycFileType;
  size: number;
  sha256: string;
};

/** Returns the stored names of the unsaved uploads this one took the place of (their files are the caller's to remove). */
export async function recordKycDocument(db: Db, doc: KycDocumentInput, { userId, now, meta }: RequestContext): Promise<string[]> {
  return db.transaction(async (tx) => {
    const kyc = await lockKycForChange(tx, userId);
    refuseIfKycComplete(kyc);
    refuseIfNotRequested(kyc, resubmitStepOfDocument(doc.documentType));
    const referenced = referencedFileNames(kyc);
    const pending = (
      await tx
        .select({ fileName: kycDocuments.fileName })
        .from(kycDocuments)
        .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.documentType, doc.documentType), isNull(kycDocuments.replacedAt)))
    )
      .map((r) => r.fileName)
      .filter((name) => !referenced.has(name));
    if (pending.length) await tx.delete(kycDocuments).where(and(eq(kycDocuments.userId, userId), inArray(kycDocuments.fileName, pending)));
    await forgetStoredFiles(tx, 'kyc_document', pending);
    const [held] = await tx.select({ n: count() }).from(kycDocuments).where(eq(kycDocuments.userId, userId));
    if ((held?.n ?? 0) >= MAX_KYC_DOCUMENTS) throw new AppError('TOO_MANY_REQUESTS', messages.kyc.tooManyUploads);
    const { fileName: storedName, originalName, contentType, size, sha256 } = doc;
    await recordStoredFile(tx, { ownerId: userId, purpose: 'kyc_document', storedName, originalName, contentType, size, sha256 }, now);
    await tx.insert(kycDocuments).values({
      userId,
      documentType: doc.documentType,
      step: KYC_DOCUMENT_STEP[doc.documentType],
      fileName: doc.fileName,
      originalName: doc.originalName,
      contentType: doc.contentType,
      sizeBytes: doc.size,
      sha256: doc.sha256,
      createdAt: now,
    });
    await recordAuditEvent(tx, {
      userId,
      action: 'kyc.document.uploaded',
      // The original name is personal data of no use to an auditor; the hash identifies the bytes.
      detail: { documentType: doc.documentType, fileName: doc.fileName, contentType: doc.contentType, size: doc.size, sha256: doc.sha256 },
      meta,
      at: now,
    });
    return pending;
  });
}
