/**
 * The rows of a sealed document, in one transaction: its stored_files row (so the orphan sweep keeps the file) and the
 * signed_documents row (the investor's download) in one statement, then the audit event through recordAuditEvent (the
 * hash chain, from no client), last so the chain's head is held only to the commit. The file is already in the store; the caller
 * removes it if this does not commit. signed_documents has one row per signature (unique index): when another
 * runner committed first, this answers 'duplicate' and writes nothing.
 */
import { sql } from 'drizzle-orm';
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
  const at = file.sealedAt.toISOString();
  const detail = {
    agreement: signature.key,
    signatureId: signature.signatureId,
    versionId: signature.versionId,
    presentedSha256: file.presentedSha256,
    sha256: file.sha256,
    size: file.size,
    seal: { subject: file.sealSubject, fingerprintSha256: file.sealFingerprint },
  };
  try {
    return await db.transaction(async (tx) => {
      const result = (await tx.execute(sql`
        with file as (
          insert into ${storedFiles} (owner_id, purpose, stored_name, original_name, content_type, size_bytes, sha256, created_at)
          values (${signature.userId}::uuid, 'agreement_signed', ${file.storedName}, ${signedDocumentFileName(signature.title)}, 'application/pdf',
                  ${file.size}::integer, ${file.sha256}, ${at}::timestamptz)
          returning id
        )
        insert into ${signedDocuments} (user_id, signature_id, key, title, stored_file_id, size_bytes, presented_sha256, seal_fingerprint, sealed_at, created_at)
        select ${signature.userId}::uuid, ${signature.signatureId}::uuid, ${signature.key}, ${signature.title}, file.id, ${file.size}::integer,
               ${file.presentedSha256}, ${file.sealFingerprint}, ${at}::timestamptz, ${at}::timestamptz
        from file
        returning id
      `)) as unknown as { rows: { id: string }[] };
      const documentId = result.rows[0]?.id;
      if (!documentId) throw new Error('recording a sealed document wrote no row');
      await recordAuditEvent(tx, { userId: signature.userId, action: 'legal.agreement.sealed', detail: { ...detail, documentId }, meta: NO_CLIENT, at: file.sealedAt });
      return { documentId };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'signed_documents_signature')) return 'duplicate';
    throw error;
  }
}
