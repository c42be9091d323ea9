/**
 * The metadata row of an uploaded file, written after the file is completely stored (the caller removes the file
 * if this fails). One transaction with the audit event; refused like every KYC change before disclosure is
 * complete or after KYC is.
 */
import { KYC_DOCUMENT_STEP, type KycDocumentType, type KycFileType } from '../../../shared/kyc.ts';
import { kycDocuments } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import type { RequestMeta } from '../../http/request-meta.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import { lockKyc, refuseIfKycComplete } from './lock-kyc.ts';

export type KycContext = { userId: string; now: Date; meta: RequestMeta };

export type KycDocumentInput = {
  documentType: KycDocumentType;
  fileName: string;
  originalName: string;
  contentType: KycFileType;
  size: number;
  sha256: string;
};

export async function recordKycDocument(db: Db, doc: KycDocumentInput, { userId, now, meta }: KycContext): Promise<void> {
  await db.transaction(async (tx) => {
    refuseIfKycComplete(await lockKyc(tx, userId));
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
  });
}
