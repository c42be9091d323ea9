/**
 * The rows of a sealed document, in ONE transaction: its stored_files row (so the orphan sweep keeps the file), the
 * signed_documents row (the investor's download) and the audit event. The file is already in the store; the caller
 * removes it if this does not commit. signed_documents has one row per signature (unique index): when another
 * runner committed first, this answers 'duplicate' and writes nothing.
 */
import { signedDocuments, storedFiles } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import { NO_CLIENT } from '../request-context.ts';
import type { SignatureForSealing } from './load-signature-for-sealing.ts';

export type SealedFile = {
  storedName: string;
  size: number;
  /** SHA-256 of the sealed PDF. */
  sha256: string;
  /** SHA-256 of the agreement as presented (on the signature page). */
  presentedSha256: string;
  sealFingerprint: string;
  sealSubject: string;
  sealedAt: Date;
};

/** The download name of a signed agreement: its title, as a PDF. */
export const signedDocumentFileName = (title: string) => `${title} (signed).pdf`;

export async function recordSignedDocument(db: Db, signature: SignatureForSealing, file: SealedFile): Promise<{ documentId: string } | 'duplicate'> {
  try {
    return await db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(storedFiles)
        .values({
          ownerId: signature.userId,
          purpose: 'agreement_signed',
          storedName: file.storedName,
          originalName: signedDocumentFileName(signature.title),
          contentType: 'application/pdf',
          sizeBytes: file.size,
          sha256: file.sha256,
          createdAt: file.sealedAt,
        })
        .returning({ id: storedFiles.id });
      const [document] = await tx
        .insert(signedDocuments)
        .values({
          userId: signature.userId,
          signatureId: signature.signatureId,
          key: signature.key,
          title: signature.title,
          storedFileId: (stored as { id: string }).id,
          sizeBytes: file.size,
          presentedSha256: file.presentedSha256,
          sealFingerprint: file.sealFingerprint,
          sealedAt: file.sealedAt,
          createdAt: file.sealedAt,
        })
        .returning({ id: signedDocuments.id });
      const documentId = (document as { id: string }).id;
      await recordAuditEvent(tx, {
        userId: signature.userId,
        action: 'legal.agreement.sealed',
        detail: {
          agreement: signature.key,
          signatureId: signature.signatureId,
          versionId: signature.versionId,
          documentId,
          presentedSha256: file.presentedSha256,
          sha256: file.sha256,
          size: file.size,
          seal: { subject: file.sealSubject, fingerprintSha256: file.sealFingerprint },
        },
        meta: NO_CLIENT,
        at: file.sealedAt,
      });
      return { documentId };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'signed_documents_signature')) return 'duplicate';
    throw error;
  }
}
