/**
 * DATA_DIR is the server user's alone: it holds the embedded database (investors' personal data), the signing
 * secret, live login codes in the outbox and investors' KYC documents. Before a start creates anything:
 * - the process umask becomes 077, so whatever the server and its libraries create from then on is private
 *   (PGlite's files need more: emscripten chmods each one to 0666 after creating it; open-pglite.ts masks that);
 * - DATA_DIR is created 0700, or set to 0700;
 * - anything under it that other users may read, write or enter (a data dir from before this, or one copied or
 *   unpacked with loose modes) loses its group and other bits, and one warning says how much was changed.
 * Symbolic links are neither followed nor changed. An entry that cannot be changed (another owner) is named in a
 * warning; the start goes on, since DATA_DIR itself at 0700 already keeps other users out of everything below it.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Log } from '../log.ts';

export const PRIVATE_UMASK = 0o077;
const OPEN_TO_OTHERS = 0o077;

export type Tightened = { changed: string[]; failed: { path: string; code: string }[] };

/** Sets the umask, where the runtime allows it (a worker thread may not: the tightening below still applies). */
function restrictUmask(): void {
  try {
    process.umask(PRIVATE_UMASK);
  } catch {
    /* ERR_WORKER_UNSUPPORTED_OPERATION */
  }
}

/** Removes group and other permissions from `root` and everything under it, top down; returns what changed. */
export function tightenTree(root: string): Tightened {
  const result: Tightened = { changed: [], failed: [] };
  const pending = [root];
  while (pending.length > 0) {
    const path = pending.pop() as string;
    let info;
    try {
      info = lstatSync(path);
    } catch (error) {
      result.failed.push({ path, code: (error as NodeJS.ErrnoException).code ?? 'ERROR' });
      continue;
    }
    if (info.isSymbolicLink()) continue;
    if (info.mode & OPEN_TO_OTHERS) {
      try {
        chmodSync(path, info.mode & 0o7777 & ~OPEN_TO_OTHERS);
        result.changed.push(path);
      } catch (error) {
        result.failed.push({ path, code: (error as NodeJS.ErrnoException).code ?? 'ERROR' });
      }
    }
    if (info.isDirectory()) {
      try {
        for (const name of readdirSync(path)) pending.push(join(path, name));
      } catch (error) {
        result.failed.push({ path, code: (error as NodeJS.ErrnoException).code ?? 'ERROR' });
      }
    }
  }
  return result;
}

/** "pglite 968, outbox 12, server.lock 1": how many changed, by the entry of DATA_DIR they are in. */
function summarise(dataDir: string, paths: string[]): string {
  const byTop = new Map<string, number>();
  for (const path of paths) {
    const top = relative(dataDir, path).split(sep)[0] || 'DATA_DIR itself';
    byTop.set(top, (byTop.get(top) ?? 0) + 1);
  }
  return [...byTop].map(([top, n]) => `${top} ${n}`).join(', ');
}

export function makeDataDirPrivate(dataDir: string, log: Log): Tightened {
  restrictUmask();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const result = tightenTree(dataDir);
  if (result.changed.length > 0) {
    log.warn(
      `Made ${result.changed.length} files and directories in ${dataDir} private: other users could read or enter them (${summarise(dataDir, result.changed)}). ` +
        'Anything copied from this directory while it was open may have been read.',
    );
  }
  for (const { path, code } of result.failed) log.warn(`Could not make ${path} private (${code}): make it the server user's and remove group and other permissions.`);
  return result;
}
