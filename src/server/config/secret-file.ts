/**
 * Files the server makes once and keeps private (the JWT secret, the self-signed sealing key): DATA_DIR/secrets is
 * 0700 and each file 0600. A file is written whole to a private temporary name, then hard-linked into place: link()
 * fails if the name exists, so two starts racing never overwrite each other's file nor read a half-written one.
 */
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const secretsDir = (dataDir: string): string => join(dataDir, 'secrets');

/** Creates DATA_DIR/secrets (0700, tightened if it exists) and returns its path. */
export async function ensureSecretsDir(dataDir: string): Promise<string> {
  const dir = secretsDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  return dir;
}

/** Writes `content` to `path` (0600) unless a file is there already, in which case the existing file wins. */
export async function createSecretFileOnce(path: string, content: string | Uint8Array): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(temporary, content, { flag: 'wx', mode: 0o600 });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
  await chmod(path, 0o600);
}
