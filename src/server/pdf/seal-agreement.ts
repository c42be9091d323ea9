/**
 * One signed agreement, start to finish, on the calling thread: stamp it (signature, time, signature page) and seal
 * it. The sealing pool (agreement-sealer.ts) runs this in a worker thread; a sealer with no workers runs it here.
 */
import type { SealCertificate, SealingKey } from '../providers/sealing/sealing-key.ts';
import { sealPdf } from './seal-pdf.ts';
import type { SignatureRecord } from './signature-record.ts';
import { sha256Hex, stampSignedAgreement } from './stamp-signed-agreement.ts';

export type SealAgreementInput = {
  /** The agreement file exactly as the investor was shown it. */
  presentedPdf: Uint8Array;
  /** The agreement configuration's `signature`: the names of its signature and date fields. */
  fields: { field: string; dateField: string };
  record: SignatureRecord;
  /** The drawn signature, checked by domain/legal/check-signature-png.ts. */
  signaturePng: Uint8Array;
  /** The seal's signing time, from the caller's clock (the job's "now"). */
  sealedAt: Date;
};

export type SealedAgreement = {
  /** The sealed PDF, to store as the investor's signed document. */
  pdf: Uint8Array;
  /** SHA-256 (hex) of `pdf`, for stored_files and the audit trail. */
  sha256: string;
  /** SHA-256 (hex) of the agreement as presented, as printed on the signature page. */
  presentedSha256: string;
  /** Whether the signature and the time went onto the agreement's own fields (false for a PDF without them). */
  stamped: { signature: boolean; date: boolean };
  /** The seal's certificate, for the audit trail. */
  certificate: Pick<SealCertificate, 'subject' | 'fingerprintSha256'>;
};

export async function sealAgreementHere(
  input: SealAgreementInput,
  key: Pick<SealingKey, 'signer' | 'certificate'>,
  contact: string,
): Promise<SealedAgreement> {
  const certificate = { subject: key.certificate.subject, fingerprintSha256: key.certificate.fingerprintSha256 };
  const stamped = await stampSignedAgreement({
    presentedPdf: input.presentedPdf,
    fields: input.fields,
    record: input.record,
    signaturePng: input.signaturePng,
    seal: certificate,
  });
  const pdf = await sealPdf(stamped.pdf, { signer: key.signer(), signingTime: input.sealedAt, contact });
  return { pdf, sha256: sha256Hex(pdf), presentedSha256: stamped.presentedSha256, stamped: stamped.stamped, certificate };
}
