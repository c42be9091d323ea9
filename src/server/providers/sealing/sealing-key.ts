/**
 * The `sealing` provider: the foundation's key and certificate that seal every signed agreement (a PAdES signature,
 * pdf/seal-pdf.ts). Real: a PKCS#12 file named by SEALING_P12_PATH (config/sealing-env.ts reads and checks it at
 * start). Stand-in: a self-signed certificate generated once into DATA_DIR/secrets (self-signed-sealing-key.ts).
 * create-sealing-key.ts picks one from the settings.
 *
 * What the sealing needs is a signer for each document, and the certificate's subject and SHA-256 fingerprint for
 * the signature page, the logs and the audit trail. The key itself is a node:crypto KeyObject: it signs without
 * WebCrypto's promise round-trips, and it crosses into the sealing worker thread by structured clone
 * (`material`), so the worker never reads the key file or its password.
 */
import { X509Certificate, sign as cryptoSign, type KeyObject } from 'node:crypto';
import type { DigestAlgorithm, KeyType, SignatureAlgorithm, Signer } from '@libpdf/core';

/** The key and its certificates, as a worker thread receives them. */
export type SealingKeyMaterial = {
  privateKey: KeyObject;
  /** DER of the sealing certificate. */
  certificate: Uint8Array;
  /** DER of the issuing certificates, nearest first (empty for a self-signed certificate). */
  chain: Uint8Array[];
};

/** The certificate as the logs, the audit trail and the signature page name it. */
export type SealCertificate = {
  /** RFC 4514-style, most significant first: "CN=..., O=..., C=CH". */
  subject: string;
  issuer: string;
  /** SHA-256 of the DER certificate, colon-separated upper-case hex as certificate viewers show it. */
  fingerprintSha256: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  selfSigned: boolean;
};

export type SealingKeySource = 'pkcs12' | 'self-signed';

export type SealingKey = {
  readonly source: SealingKeySource;
  readonly certificate: SealCertificate;
  /** What a worker thread needs to rebuild the same key (see sealingKeyFromMaterial). */
  readonly material: SealingKeyMaterial;
  /** A signer for one document (cheap; one per document keeps signers free of shared state). */
  signer(): Signer;
};

const NODE_DIGEST: Record<DigestAlgorithm, string> = { 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' };

/** RSA (PKCS#1 v1.5) or ECDSA with a node:crypto private key; ECDSA signatures come out DER-encoded, as CMS wants. */
export class KeyObjectSigner implements Signer {
  readonly keyType: KeyType;
  readonly signatureAlgorithm: SignatureAlgorithm;

  constructor(
    private readonly privateKey: KeyObject,
    readonly certificate: Uint8Array,
    readonly certificateChain: Uint8Array[] = [],
  ) {
    const type = privateKey.asymmetricKeyType;
    if (type === 'rsa') {
      this.keyType = 'RSA';
      this.signatureAlgorithm = 'RSASSA-PKCS1-v1_5';
    } else if (type === 'ec') {
      this.keyType = 'EC';
      this.signatureAlgorithm = 'ECDSA';
    } else {
      throw new Error(`Sealing keys must be RSA or EC (P-256, P-384), not ${type ?? 'unknown'}`);
    }
  }

  async sign(data: Uint8Array, algorithm: DigestAlgorithm): Promise<Uint8Array> {
    return new Uint8Array(cryptoSign(NODE_DIGEST[algorithm], data, { key: this.privateKey, dsaEncoding: 'der' }));
  }
}

/** X509Certificate prints a name in DER order, one RDN a line ("C=CH\nO=b\nCN=a"); RFC 4514 reads "CN=a, O=b, C=CH". */
const distinguishedName = (text: string): string =>
  text
    .split('\n')
    .filter(Boolean)
    .reverse()
    .join(', ');

export function describeCertificate(der: Uint8Array): SealCertificate {
  const x509 = new X509Certificate(der);
  return {
    subject: distinguishedName(x509.subject),
    issuer: distinguishedName(x509.issuer),
    fingerprintSha256: x509.fingerprint256,
    serialNumber: x509.serialNumber,
    notBefore: new Date(x509.validFrom),
    notAfter: new Date(x509.validTo),
    selfSigned: x509.subject === x509.issuer && x509.verify(x509.publicKey),
  };
}

export function sealingKeyFromMaterial(material: SealingKeyMaterial, source: SealingKeySource): SealingKey {
  const certificate = describeCertificate(material.certificate);
  // Fails now, at start, for a key type the signer cannot use.
  new KeyObjectSigner(material.privateKey, material.certificate, material.chain);
  return {
    source,
    certificate,
    material,
    signer: () => new KeyObjectSigner(material.privateKey, material.certificate, material.chain),
  };
}
