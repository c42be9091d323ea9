/**
 * The rows of a sealed document, in ONE statement (so one transaction): its stored_files row (so the orphan sweep keeps the file), the
 * signed_documents row (the investor's download) and the audit event (as record-audit-event.ts writes one, from no client). The file is already in the store; the caller
 * removes it if this does not commit. signed_documents has one row per signature (unique index): when another
 * runner committed first, this answers 'duplicate' and writes nothing.
 */
import { sql } from 'drizzle-orm';
import { auditEvents, signedDocuments, storedFiles } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
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
    // One statement: atomic as a transaction, and one round trip. On PGlite a transaction holds the database (and the
    // request thread's other queries) from BEGIN to COMMIT across its awaits; this holds it for one query.
    const result = (await db.execute(sql`
      with file as (
        insert into ${storedFiles} (owner_id, purpose, stored_name, original_name, content_type, size_bytes, sha256, created_at)
        values (${signature.userId}::uuid, 'agreement_signed', ${file.storedName}, ${signedDocumentFileName(signature.title)}, 'application/pdf',
                ${file.size}::integer, ${file.sha256}, ${at}::timestamptz)
        returning id
      ), document as (
        insert into ${signedDocuments} (user_id, signature_id, key, title, stored_file_id, size_bytes, presented_sha256, seal_fingerprint, sealed_at, created_at)
        select ${signature.userId}::uuid, ${signature.signatureId}::uuid, ${signature.key}, ${signature.title}, file.id, ${file.size}::integer,
               ${file.presentedSha256}, ${file.sealFingerprint}, ${at}::timestamptz, ${at}::timestamptz
        from file
        returning id
      ), audit as (
        insert into ${auditEvents} (user_id, action, detail, ip, user_agent, at)
        select ${signature.userId}::uuid, 'legal.agreement.sealed', ${JSON.stringify(detail)}::jsonb || jsonb_build_object('documentId', document.id), null, null, ${at}::timestamptz
        from document
      )
      select id from document
    `)) as unknown as { rows: { id: string }[] };
    const documentId = result.rows[0]?.id;
    if (!documentId) throw new Error('recording a sealed document wrote no row');
    return { documentId };
  } catch (error) {
    if (isUniqueViolation(error, 'signed_documents_signature')) return 'duplicate';
    throw error;
  }
}
