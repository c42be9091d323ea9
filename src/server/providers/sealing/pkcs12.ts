/**
 * PKCS#12 (.p12/.pfx) files of sealing keys: read with node-forge (legacy 3DES/RC2 and OpenSSL 3's AES/PBKDF2
 * files alike), the private key handed to node:crypto, and the certificate chosen by matching the key (not by its
 * position in the file, which varies between tools); the other certificates form the chain, nearest issuer first.
 * Errors say what is wrong in words an operator can act on; config/sealing-env.ts names the variable.
 */
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import type { SealingKeyMaterial } from './sealing-key.ts';

export type Pkcs12Problem = 'not-pkcs12' | 'wrong-password' | 'no-private-key' | 'no-certificate' | 'unsupported-key';

export class Pkcs12Error extends Error {
  override readonly name = 'Pkcs12Error';
  constructor(
    readonly problem: Pkcs12Problem,
    message: string,
  ) {
    super(message);
  }
}

const binary = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('binary');
const fromBinary = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'binary'));
const der = (asn1: forge.asn1.Asn1): Uint8Array => fromBinary(forge.asn1.toDer(asn1).getBytes());

function privateKeyOf(bag: forge.pkcs12.Bag): KeyObject {
  // forge decodes RSA keys; any other (EC) it leaves as the PKCS#8 structure in `asn1`.
  const info = bag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key as forge.pki.rsa.PrivateKey)) : bag.asn1;
  if (!info) throw new Pkcs12Error('no-private-key', 'the file holds an empty key bag.');
  try {
    return createPrivateKey({ key: Buffer.from(der(info)), format: 'der', type: 'pkcs8' });
  } catch (error) {
    throw new Pkcs12Error('unsupported-key', `its private key cannot be read (${(error as Error).message}).`);
  }
}

export function readPkcs12(bytes: Uint8Array, password: string): SealingKeyMaterial {
  let p12: forge.pkcs12.Pkcs12Pfx;
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(binary(bytes));
  } catch {
    throw new Pkcs12Error('not-pkcs12', 'is not a PKCS#12 (.p12/.pfx) file.');
  }
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = (error as Error).message;
    if (/MAC could not be verified|Invalid password/i.test(message)) throw new Pkcs12Error('wrong-password', 'the password does not open the file.');
    // Without a MAC, a wrong password shows up as undecryptable contents.
    if (/decrypt|padding|Too few bytes|Unparsed DER/i.test(message)) throw new Pkcs12Error('wrong-password', 'the password does not open the file.');
    throw new Pkcs12Error('not-pkcs12', `cannot be read as PKCS#12 (${message}).`);
  }

  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
  ];
  if (keyBags.length === 0) throw new Pkcs12Error('no-private-key', 'holds no private key (export it with its key, e.g. openssl pkcs12 -export -inkey ...).');

  const certificates = (p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [])
    .map((bag) => (bag.cert ? der(forge.pki.certificateToAsn1(bag.cert)) : bag.asn1 ? der(bag.asn1) : null))
    .filter((c): c is Uint8Array => c !== null)
    .map((c) => ({ der: c, x509: new X509Certificate(c) }));
  if (certificates.length === 0) throw new Pkcs12Error('no-certificate', 'holds no certificate.');

  for (const bag of keyBags) {
    const privateKey = privateKeyOf(bag);
    const own = certificates.find((c) => c.x509.checkPrivateKey(privateKey));
    if (!own) continue;
    // The chain: from the sealing certificate up, each next one the issuer of the previous.
    const chain: Uint8Array[] = [];
    let current = own.x509;
    const rest = certificates.filter((c) => c !== own);
    for (;;) {
      const issuer = rest.find((c) => !chain.includes(c.der) && c.x509.subject !== current.subject && current.checkIssued(c.x509));
      if (!issuer) break;
      chain.push(issuer.der);
      current = issuer.x509;
    }
    return { privateKey, certificate: own.der, chain };
  }
  throw new Pkcs12Error('no-certificate', 'holds no certificate that matches its private key.');
}

/** A PKCS#12 of an RSA key and its certificate (AES-256, SHA-256 key derivation), for the self-signed stand-in. */
export function writePkcs12(privateKey: KeyObject, certificate: Uint8Array, password: string, friendlyName: string): Uint8Array {
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  const cert = forge.pki.certificateFromAsn1(forge.asn1.fromDer(binary(certificate)));
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: 'aes256', friendlyName, generateLocalKeyId: true });
  return der(asn1);
}
