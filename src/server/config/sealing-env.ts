/**
 * Sealing settings from the environment, and the check of the foundation's sealing key at start.
 *
 *   SEALING_P12_PATH      a PKCS#12 (.p12/.pfx) with the sealing key and its certificate (and chain). Unset: the
 *                         self-signed stand-in in DATA_DIR/secrets (providers/sealing/self-signed-sealing-key.ts).
 *   SEALING_P12_PASSWORD  its password (unset: the empty password). Never repeated in a message.
 *   SEALING_CONTACT       the contact written into each seal's signature dictionary (default: the foundation).
 *   SEALING_WORKERS       worker threads that stamp and seal (0-8, default 1; 0 seals on the server's own thread).
 *   SEALING_ALLOW_SELF_SIGNED  `true`: with NODE_ENV=production, seal with the self-signed stand-in (warned at every
 *                         start). Without it, production without SEALING_P12_PATH stops the start: PDF readers cannot
 *                         tell who sealed a self-signed document, and each instance would make its own key.
 *
 * loadSealingP12 reads and opens the file at start, so a missing file, a wrong password, a file without a private
 * key or an expired certificate stops the server with a message naming the variable, instead of failing every
 * investor's documents later.
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Pkcs12Error, readPkcs12 } from '../providers/sealing/pkcs12.ts';
import { describeCertificate, type SealingKeyMaterial } from '../providers/sealing/sealing-key.ts';
import { ConfigError, type Env, readEnv } from './env.ts';
import { isProduction, readOptIn } from './production-opt-in.ts';

/** The opt-in that lets the self-signed stand-in seal with NODE_ENV=production. */
export const SELF_SIGNED_SEAL_OPT_IN = 'SEALING_ALLOW_SELF_SIGNED';

/** `optIn`: production runs the stand-in because of this variable (the start warns naming it); absent outside production. */
export type SealingKeySettings = { kind: 'pkcs12'; path: string; password: string } | { kind: 'self-signed'; optIn?: typeof SELF_SIGNED_SEAL_OPT_IN };

export type SealingSettings = {
  key: SealingKeySettings;
  /** Worker threads for stamping and sealing; 0 runs them on the calling thread. */
  workers: number;
  /** ContactInfo of each seal. */
  contact: string;
};

export const DEFAULT_SEALING_CONTACT = 'G2G Token Foundation, Zug, Switzerland';
export const DEFAULT_SEALING_WORKERS = 1;
const MAX_SEALING_WORKERS = 8;
/** A sealing PKCS#12 is a few kilobytes; anything this big is the wrong file. */
const MAX_P12_BYTES = 1024 * 1024;

export function loadSealingSettings(env: Env, cwd: string = process.cwd()): SealingSettings {
  const path = readEnv(env, 'SEALING_P12_PATH');
  // A password is taken as given (spaces may be part of it); only an empty value counts as unset.
  const password = env.SEALING_P12_PASSWORD === undefined || env.SEALING_P12_PASSWORD === '' ? undefined : env.SEALING_P12_PASSWORD;
  if (path === undefined && password !== undefined) throw new ConfigError('SEALING_P12_PASSWORD', 'is set but SEALING_P12_PATH is not.');
  const production = isProduction(env);
  const allowSelfSigned = readOptIn(env, SELF_SIGNED_SEAL_OPT_IN);
  if (path === undefined && production && !allowSelfSigned) {
    throw new ConfigError(
      'SEALING_P12_PATH',
      `is required when NODE_ENV=production: the foundation's sealing certificate (PKCS#12). Without it every signed agreement would be sealed with a self-signed certificate whose signer PDF readers cannot verify. To accept that knowingly (e.g. while the certificate is on order), set ${SELF_SIGNED_SEAL_OPT_IN}=true.`,
    );
  }

  const rawWorkers = readEnv(env, 'SEALING_WORKERS');
  if (rawWorkers !== undefined && (!/^\d+$/.test(rawWorkers) || Number(rawWorkers) > MAX_SEALING_WORKERS)) {
    throw new ConfigError('SEALING_WORKERS', `"${rawWorkers}" is not a whole number between 0 and ${MAX_SEALING_WORKERS}.`);
  }
  const contact = readEnv(env, 'SEALING_CONTACT') ?? DEFAULT_SEALING_CONTACT;
  if (contact.length > 200 || /[\p{Cc}\p{Cf}]/u.test(contact)) {
    throw new ConfigError('SEALING_CONTACT', 'must be one line of at most 200 characters (e.g. an email address or a phone number).');
  }
  return {
    key: path === undefined ? { kind: 'self-signed', ...(production ? { optIn: SELF_SIGNED_SEAL_OPT_IN } : {}) } : { kind: 'pkcs12', path: resolve(cwd, path), password: password ?? '' },
    workers: rawWorkers === undefined ? DEFAULT_SEALING_WORKERS : Number(rawWorkers),
    contact,
  };
}

const iso = (date: Date) => date.toISOString().replace('.000Z', 'Z');

/**
 * Opens the configured PKCS#12 and checks that it can seal at `now`: a private key, its certificate, valid today.
 * `variables` names what the messages cite (the stand-in passes its own file's description).
 */
export async function loadSealingP12(
  settings: { path: string; password: string },
  now: Date,
  variables: { path: string; password: string } = { path: 'SEALING_P12_PATH', password: 'SEALING_P12_PASSWORD' },
): Promise<SealingKeyMaterial> {
  const { path, password } = settings;
  let bytes: Uint8Array;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new ConfigError(variables.path, `"${path}" is a directory, not a PKCS#12 (.p12/.pfx) file.`);
    if (info.size > MAX_P12_BYTES) throw new ConfigError(variables.path, `"${path}" is larger than 1 MB: not a PKCS#12 sealing key.`);
    bytes = new Uint8Array(await readFile(path));
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ConfigError(variables.path, `"${path}" does not exist.`);
    throw new ConfigError(variables.path, `"${path}" cannot be read (${code ?? (error as Error).message}).`);
  }

  let material: SealingKeyMaterial;
  try {
    material = readPkcs12(bytes, password);
  } catch (error) {
    if (!(error instanceof Pkcs12Error)) throw error;
    if (error.problem === 'wrong-password') {
      throw new ConfigError(
        variables.password,
        password === '' ? `is not set, and "${path}" needs a password.` : `does not open "${path}" (wrong password).`,
      );
    }
    throw new ConfigError(variables.path, `"${path}" ${error.message}`);
  }

  const certificate = describeCertificate(material.certificate);
  if (certificate.notAfter.getTime() < now.getTime()) {
    throw new ConfigError(variables.path, `the certificate in "${path}" (${certificate.subject}) expired on ${iso(certificate.notAfter)}: seals made with it would not be valid. Renew it.`);
  }
  if (certificate.notBefore.getTime() > now.getTime()) {
    throw new ConfigError(variables.path, `the certificate in "${path}" (${certificate.subject}) is not valid before ${iso(certificate.notBefore)}.`);
  }
  const type = material.privateKey.asymmetricKeyType;
  if (type !== 'rsa' && type !== 'ec') {
    throw new ConfigError(variables.path, `"${path}" holds a ${type ?? 'unknown'} key; a sealing key must be RSA or EC (P-256, P-384).`);
  }
  return material;
}
