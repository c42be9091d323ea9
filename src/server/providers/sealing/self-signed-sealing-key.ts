/**
 * The sealing stand-in: with no SEALING_P12_PATH, a self-signed RSA-2048 certificate for "G2G Token Foundation
 * (portal seal, self-signed)" is generated on first start into DATA_DIR/secrets/ and reused at every later start
 * (same key, same fingerprint), so documents sealed before a restart still name the certificate that sealed them.
 *
 * Stored as a PKCS#12 (sealing-self-signed.p12) with a random password in the file beside it
 * (sealing-self-signed.p12.password), both 0600 in the 0700 secrets directory. The password protects nothing the
 * file modes do not (it sits next to the file, as the JWT secret does); the reason for a PKCS#12 is that it is the
 * same format, read by the same checked loader, as the real configuration: the stand-in exercises that code on
 * every start, and an operator can inspect it with `openssl pkcs12` or point SEALING_P12_PATH at a copy.
 *
 * PDF readers show a self-signed seal as intact but its signer as unknown: fine for development and demos, not for
 * investors. The start log says so and how to configure the foundation's certificate.
 */
import { generateKeyPair, randomBytes, type KeyObject } from 'node:crypto';
import { access, chmod, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { loadSealingP12 } from '../../config/sealing-env.ts';
import { ConfigError } from '../../config/env.ts';
import { createSecretFileOnce, ensureSecretsDir, secretsDir } from '../../config/secret-file.ts';
import type { Log } from '../../log.ts';
import { writePkcs12 } from './pkcs12.ts';
import { sealingKeyFromMaterial, type SealingKey } from './sealing-key.ts';

/** In the usual order of a certificate's name (country first); read back it is "CN=..., O=..., L=Zug, C=CH". */
export const SELF_SIGNED_SUBJECT = {
  countryName: 'CH',
  localityName: 'Zug',
  organizationName: 'G2G Token Foundation',
  commonName: 'G2G Token Foundation (portal seal, self-signed)',
} as const;

/** Ten years: the stand-in should not expire under a long-running demo; it is renewed on start if it has. */
const VALIDITY_YEARS = 10;

export const selfSignedSealingPaths = (dataDir: string) => {
  const dir = secretsDir(dataDir);
  return { dir, p12: join(dir, 'sealing-self-signed.p12'), password: join(dir, 'sealing-self-signed.p12.password') };
};

/** The self-signed certificate (forge builds it; node:crypto made the key). */
export function createSelfSignedCertificate(privateKey: KeyObject, publicKey: KeyObject, now: Date): Uint8Array {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }) as string);
  // A positive 128-bit serial (the top bit clear), unique in practice.
  const serial = randomBytes(16);
  serial[0] = (serial[0] as number) & 0x7f;
  cert.serialNumber = serial.toString('hex');
  // An hour of slack for clocks a little behind the one that made it.
  cert.validity.notBefore = new Date(now.getTime() - 3600_000);
  cert.validity.notAfter = new Date(now.getTime());
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + VALIDITY_YEARS);
  const attributes = Object.entries(SELF_SIGNED_SUBJECT).map(([name, value]) => ({ name, value }));
  cert.setSubject(attributes);
  cert.setIssuer(attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  const signingKey = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  cert.sign(signingKey as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return new Uint8Array(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'));
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );

export async function loadOrCreateSelfSignedSealingKey({ dataDir, now, log }: { dataDir: string; now: Date; log: Log }): Promise<SealingKey> {
  const paths = selfSignedSealingPaths(dataDir);
  await ensureSecretsDir(dataDir);

  // The password first: a start that stops between the two files leaves a password that the next start reuses.
  await createSecretFileOnce(paths.password, randomBytes(24).toString('base64url') + '\n');
  const password = (await readFile(paths.password, 'utf8')).trim();

  let generated = false;
  if (!(await exists(paths.p12))) {
    const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
    const certificate = createSelfSignedCertificate(privateKey, publicKey, now);
    await createSecretFileOnce(paths.p12, writePkcs12(privateKey, certificate, password, SELF_SIGNED_SUBJECT.commonName));
    generated = true;
  }
  await chmod(paths.p12, 0o600);

  let material;
  try {
    material = await loadSealingP12({ path: paths.p12, password }, now);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // Expired (after ten years) or not yet valid (the clock went back): keep the old file, make a new one.
    if (!/expired|not valid before/.test(error.message) || generated) {
      const detail = error.message.replace(/^Invalid environment variable \S+: /, '');
      throw new Error(
        `The self-signed sealing key in ${paths.dir} cannot be used: ${detail} Delete ${paths.p12} and ${paths.password} to generate a new one, or set SEALING_P12_PATH.`,
        { cause: error },
      );
    }
    const aside = `${paths.p12}.${now.toISOString().replace(/[-:.]/g, '')}.old`;
    await rename(paths.p12, aside);
    log.warn(`The self-signed sealing certificate is out of its validity period; kept as ${aside}, generating a new one`);
    return loadOrCreateSelfSignedSealingKey({ dataDir, now, log });
  }

  const key = sealingKeyFromMaterial(material, 'self-signed');
  log.warn(
    `Signed agreements are sealed with a SELF-SIGNED certificate (${key.certificate.subject}, SHA-256 ${key.certificate.fingerprintSha256}), ` +
      `${generated ? 'generated now in' : 'kept in'} ${paths.p12}. PDF readers will show the seal as unchanged but its signer as unknown. ` +
      `For investors, set SEALING_P12_PATH (and SEALING_P12_PASSWORD) to the foundation's sealing certificate (docs/server.md, "Sealing").`,
  );
  return key;
}
