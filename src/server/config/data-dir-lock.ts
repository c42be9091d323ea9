/**
 * An exclusive lock on the data dir while PGlite uses it. PGlite takes no lock of its own: two processes on one
 * directory both open it and silently lose committed rows. The lock file holds the owner's pid; a lock left by a
 * dead process is taken over, under a short-lived takeover file so two starts cannot both take it over.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

export type DataDirLock = { path: string; release(): void };

export const lockFilePath = (dataDir: string): string => join(dataDir, 'server.lock');

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readOwnerPid = (path: string): number | null => {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

const tryCreate = (path: string, content: string): boolean => {
  try {
    writeFileSync(path, content, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
};

const lockedMessage = (dataDir: string, pid: number | null) =>
  `Another G2G server${pid ? ` (pid ${pid})` : ''} is already using the data directory ${dataDir}. ` +
  'Stop it first, or start this one with a different DATA_DIR.';

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = lockFilePath(dataDir);
  // The token tells our own lock apart from a later owner's when releasing, even within one process.
  const content = `${process.pid}\n${randomUUID()}\n`;
  const release = () => {
    try {
      if (readFileSync(path, 'utf8') === content) unlinkSync(path);
    } catch {
      // Already gone: nothing to release.
    }
  };

  if (tryCreate(path, content)) return { path, release };

  const owner = readOwnerPid(path);
  if (owner !== null && isAlive(owner)) throw new DataDirLockedError(lockedMessage(dataDir, owner));

  const takeover = `${path}.takeover`;
  if (!tryCreate(takeover, content)) {
    const taker = readOwnerPid(takeover);
    if (taker !== null && !isAlive(taker)) unlinkSync(takeover);
    throw new DataDirLockedError(lockedMessage(dataDir, taker));
  }
  try {
    // Re-read under the takeover file: another start may have taken the stale lock in the meantime.
    const current = readOwnerPid(path);
    if (current !== null && isAlive(current)) throw new DataDirLockedError(lockedMessage(dataDir, current));
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (!tryCreate(path, content)) throw new DataDirLockedError(lockedMessage(dataDir, readOwnerPid(path)));
    return { path, release };
  } finally {
    unlinkSync(takeover);
  }
}
