/**
 * The signing secret when JWT_SECRET is not set: 32 random bytes created once in DATA_DIR/secrets/jwt-secret
 * (mode 0600), so tokens survive a restart. Several servers sharing one PostgreSQL must set JWT_SECRET instead.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSecretFileOnce, ensureSecretsDir, secretsDir } from './secret-file.ts';
import { MIN_JWT_SECRET_BYTES } from './env.ts';

export const jwtSecretPath = (dataDir: string): string => join(secretsDir(dataDir), 'jwt-secret');

const decode = (text: string): Uint8Array => new Uint8Array(Buffer.from(text.trim(), 'base64url'));

export async function loadOrCreateJwtSecret(dataDir: string): Promise<Uint8Array> {
  await ensureSecretsDir(dataDir);
  const path = jwtSecretPath(dataDir);
  await createSecretFileOnce(path, randomBytes(MIN_JWT_SECRET_BYTES).toString('base64url') + '\n');
  const secret = decode(await readFile(path, 'utf8'));
  if (secret.byteLength < MIN_JWT_SECRET_BYTES) {
    throw new Error(`The JWT secret in ${path} is shorter than ${MIN_JWT_SECRET_BYTES} bytes. Delete the file to generate a new one (this signs everyone out).`);
  }
  return secret;
}
