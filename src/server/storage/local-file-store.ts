/**
 * The file store on local disk: one flat directory (DATA_DIR/uploads, outside dist/ and never served as such),
 * mode 0700, files 0600. A file is written to a temporary name in the same directory, fsynced, then renamed, so a
 * reader sees all of it or nothing; the directory is fsynced after the rename so the name survives a crash.
 * Names are checked against the stored-name pattern (stored-name.ts) before any path is built, and symlinks are never followed.
 */
import { constants } from 'node:fs';
import { access, chmod, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { isStoredFileName } from './stored-name.ts';
import type { FileStore, StoredFile } from './file-store.ts';

export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

const TEMP_SUFFIX = '.tmp';
/** Temporary files older than this were left by a crash (an upload takes seconds); younger ones may be in flight. */
const STALE_TEMP_MS = 60 * 60 * 1000;

class StoredNameError extends Error {
  override readonly name = 'StoredNameError';
}

function assertStoredName(name: string) {
  if (!isStoredFileName(name)) throw new StoredNameError('Not a stored file name');
}

async function syncDirectory(dir: string) {
  // Makes the rename durable; not every platform can open a directory for this, which only weakens crash safety.
  try {
    const handle = await open(dir, constants.O_RDONLY);
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    /* best effort */
  }
}

/** Removes temporary files a crashed process left behind (never a stored file). */
async function sweepStaleTemporaryFiles(dir: string, now: number) {
  for (const name of await readdir(dir)) {
    if (!name.startsWith('.') || !name.endsWith(TEMP_SUFFIX)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true });
  }
}

/** Creates the directory (0700) if needed, sweeps stale temporary files, and returns the store. */
export async function openLocalFileStore(dir: string): Promise<FileStore & { readonly dir: string }> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  await sweepStaleTemporaryFiles(dir, Date.now());

  return {
    dir,
    description: `local ${dir}`,

    async put(name, bytes) {
      assertStoredName(name);
      const temporary = join(dir, `.${name}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
      const handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
      let handleOpen = true;
      try {
        for await (const chunk of bytes) {
          for (let offset = 0; offset < chunk.byteLength; ) offset += (await handle.write(chunk, offset)).bytesWritten;
        }
        await handle.sync();
        await handle.close();
        handleOpen = false;
        await rename(temporary, join(dir, name));
      } catch (error) {
        if (handleOpen) await handle.close().catch(() => undefined);
        await rm(temporary, { force: true }).catch(() => undefined);
        throw error;
      }
      await syncDirectory(dir);
    },

    async open(name): Promise<StoredFile | null> {
      if (!isStoredFileName(name)) return null;
      let handle;
      try {
        handle = await open(join(dir, name), constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ELOOP') return null;
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        // The stream closes the handle when it ends or is destroyed.
        return { size: info.size, stream: handle.createReadStream() };
      } catch (error) {
        await handle.close().catch(() => undefined);
        throw error;
      }
    },

    async remove(name) {
      assertStoredName(name);
      await rm(join(dir, name), { force: true });
    },

    async check() {
      // The directory the uploads go to is still there and writable by this process (a full or read-only disk
      // shows up on the first put instead).
      await access(dir, constants.W_OK | constants.R_OK | constants.X_OK);
    },

    async *list() {
      for (const name of await readdir(dir)) {
        if (!isStoredFileName(name)) continue;
        const info = await stat(join(dir, name)).catch(() => null);
        if (info?.isFile()) yield { name, storedAt: info.mtime };
      }
    },
  };
}
