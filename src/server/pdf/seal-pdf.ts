/**
 * The foundation's electronic seal on a finished document: a PAdES baseline B-B signature made with @libpdf/core
 * (SubFilter ETSI.CAdES.detached; its CMS carries the ESS signing-certificate-v2 attribute that binds the certificate
 * to the signature, which @signpdf's does not), added as an incremental update over the whole file, with the
 * foundation's reason, location and contact and the caller's clock as signing time.
 *
 * What B-B does not give: a trusted time (B-T needs a timestamp authority) and long-term validation data (B-LT).
 * @libpdf/core also writes the CMS signing-time attribute, which ETSI EN 319 142-1 leaves out of PAdES baseline
 * signatures (the /M entry carries the claimed time); readers accept it, strict validators may remark on it.
 */
import { PDF, type Signer } from '@libpdf/core';

export const SEAL_REASON = 'Electronic seal of G2G Token Foundation on a document signed in its investor portal';
export const SEAL_LOCATION = 'Zug, Switzerland';
/** The seal's signature field; the document's own fields keep their names. */
export const SEAL_FIELD_NAME = 'G2G Token Foundation seal';

export type SealOptions = {
  signer: Signer;
  /** The claimed signing time, from the caller's clock. */
  signingTime: Date;
  contact: string;
  reason?: string;
  location?: string;
};

export async function sealPdf(bytes: Uint8Array, options: SealOptions): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  const { signer } = options;
  // Room for the CMS: the certificates, the signature and the attributes, with margin (hex doubles it in the file).
  const certificates = signer.certificate.byteLength + (signer.certificateChain ?? []).reduce((n, c) => n + c.byteLength, 0);
  const { bytes: sealed, warnings } = await pdf.sign({
    signer,
    level: 'B-B',
    subFilter: 'ETSI.CAdES.detached',
    digestAlgorithm: 'SHA-256',
    signingTime: options.signingTime,
    reason: options.reason ?? SEAL_REASON,
    location: options.location ?? SEAL_LOCATION,
    contactInfo: options.contact,
    fieldName: SEAL_FIELD_NAME,
    estimatedSize: Math.max(12288, certificates + 4096),
  });
  if (warnings.length) throw new Error(`Sealing gave warnings: ${warnings.map((w) => `${w.code}: ${w.message}`).join('; ')}`);
  return sealed;
}
