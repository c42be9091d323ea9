/**
 * A finished PDF the portal made itself (the investor's statement), sealed on the calling thread: nothing to stamp,
 * only the foundation's seal with the caller's reason and time. The sealing pool (agreement-sealer.ts) runs this in a
 * worker thread; a sealer with no workers runs it here.
 */
import type { SealCertificate, SealingKey } from '../providers/sealing/sealing-key.ts';
import { sealPdf } from './seal-pdf.ts';
import { sha256Hex } from './stamp-signed-agreement.ts';

export type SealFinishedPdfInput = {
  /** The document as made, ready to seal. */
  pdf: Uint8Array;
  /** The seal's signing time, from the caller's clock. */
  sealedAt: Date;
  /** The seal's reason (the agreements' reason speaks of a signed document, which this is not). */
  reason: string;
};

export type SealedPdf = {
  /** The sealed PDF, to store. */
  pdf: Uint8Array;
  /** SHA-256 (hex) of `pdf`, for stored_files, /verify and the audit trail. */
  sha256: string;
  /** The seal's certificate, for the audit trail. */
  certificate: Pick<SealCertificate, 'subject' | 'fingerprintSha256'>;
};

export async function sealFinishedPdfHere(input: SealFinishedPdfInput, key: Pick<SealingKey, 'signer' | 'certificate'>, contact: string): Promise<SealedPdf> {
  const pdf = await sealPdf(input.pdf, { signer: key.signer(), signingTime: input.sealedAt, contact, reason: input.reason });
  return { pdf, sha256: sha256Hex(pdf), certificate: { subject: key.certificate.subject, fingerprintSha256: key.certificate.fingerprintSha256 } };
}
