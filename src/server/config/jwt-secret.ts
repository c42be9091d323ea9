/**
 * The signing secret when JWT_SECRET is not set: 32 random bytes created once in DATA_DIR/secrets/jwt-secret
 * (mode 0600), so tokens survive a restart. Several servers sharing one PostgreSQL must set JWT_SECRET instead.
 */
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MIN_JWT_SECRET_BYTES } from './env.ts';

export const jwtSecretPath = (dataDir: string): string => join(dataDir, 'secrets', 'jwt-secret');

const decode = (text: string): Uint8Array => new Uint8Array(Buffer.from(text.trim(), 'base64url'));

export async function loadOrCreateJwtSecret(dataDir: string): Promise<Uint8Array> {
  const path = jwtSecretPath(dataDir);
  await mkdir(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  // Written whole to a private temporary file, then hard-linked into place: link() fails if the file exists,
  // so two starts racing never overwrite each other's secret nor read a half-written one.
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(temporary, randomBytes(MIN_JWT_SECRET_BYTES).toString('base64url') + '\n', { flag: 'wx', mode: 0o600 });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
  await chmod(path, 0o600);
  const secret = decode(await readFile(path, 'utf8'));
  if (secret.byteLength < MIN_JWT_SECRET_BYTES) {
    throw new Error(`The JWT secret in ${path} is shorter than ${MIN_JWT_SECRET_BYTES} bytes. Delete the file to generate a new one (this signs everyone out).`);
  }
  return secret;
}
