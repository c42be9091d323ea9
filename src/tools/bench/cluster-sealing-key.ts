/**
 * The one sealing key both instances share (SEALING_P12_PATH): a self-signed RSA-2048 certificate in a PKCS#12, made
 * once per bench run with the server's own code (the stand-in's certificate and writer), so every seal of the run,
 * whichever instance made it, names the same certificate.
 */
import { generateKeyPair, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { writePkcs12 } from '../../server/providers/sealing/pkcs12.ts';
import { createSelfSignedCertificate } from '../../server/providers/sealing/self-signed-sealing-key.ts';

export async function writeSealingP12(dir: string): Promise<{ path: string; password: string }> {
  const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const password = randomBytes(18).toString('base64url');
  const path = join(dir, 'sealing.p12');
  writeFileSync(path, writePkcs12(privateKey, createSelfSignedCertificate(privateKey, publicKey, new Date()), password, 'G2G cluster bench seal'), { mode: 0o600 });
  return { path, password };
}
