/**
 * The local file store on its own: atomic writes (a reader never sees part of a file, a failed write leaves
 * nothing), private modes, names checked before any path is built, symlinks not followed, crash leftovers swept.
 * And the server refuses a DATA_DIR inside the folder it serves.
 */
import { lstat, mkdir, readdir, readFile, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config/env.ts';
import { createMemoryLog } from '../../src/server/log.ts';
import { startServer } from '../../src/server/start-server.ts';
import { openLocalFileStore } from '../../src/server/storage/local-file-store.ts';
import { freshTempDir } from './support/test-databases.ts';

const NAME = `${'ab'.repeat(16)}.pdf`;
const bytes = (text: string) => new TextEncoder().encode(text);

describe('local file store', () => {
  let temp: Awaited<ReturnType<typeof freshTempDir>>;
  let dir: string;
  beforeEach(async () => {
    temp = await freshTempDir();
    dir = join(temp.root, 'uploads');
  });
  afterEach(() => temp.remove());

  it('writes under a temporary name and shows the file only once it is complete', async () => {
    const store = await openLocalFileStore(dir);
    const seen: string[][] = [];
    async function* source() {
      yield bytes('%PDF-1.7\n');
      seen.push(await readdir(dir));
      yield bytes('rest\n');
    }
    await store.put(NAME, source(), { contentType: 'application/pdf' });
    expect(seen[0]).toHaveLength(1);
    expect(seen[0]?.[0]).toMatch(new RegExp(`^\\.${NAME.replace('.', '\\.')}\\.[0-9a-f]{12}\\.tmp$`));
    expect(await readdir(dir)).toEqual([NAME]);
    expect(await readFile(join(dir, NAME), 'utf8')).toBe('%PDF-1.7\nrest\n');
    expect((await stat(join(dir, NAME))).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);

    const opened = await store.open(NAME);
    expect(opened?.size).toBe(14);
    const parts: Buffer[] = [];
    for await (const part of opened!.stream) parts.push(part as Buffer);
    expect(Buffer.concat(parts).toString()).toBe('%PDF-1.7\nrest\n');
  });

  it('leaves nothing when the bytes stop with an error half way', async () => {
    const store = await openLocalFileStore(dir);
    async function* failing() {
      yield bytes('%PDF-1.7\n');
      throw new Error('client gone');
    }
    await expect(store.put(NAME, failing(), { contentType: 'application/pdf' })).rejects.toThrow('client gone');
    expect(await readdir(dir)).toEqual([]);
  });

  it('builds no path from a name that is not a stored name', async () => {
    const store = await openLocalFileStore(dir);
    async function* one() {
      yield bytes('x');
    }
    for (const name of ['../escape.pdf', `../${NAME}`, '/etc/passwd', `${NAME}/x`, 'a.pdf', `.${NAME}`]) {
      await expect(store.put(name, one(), { contentType: 'application/pdf' }), name).rejects.toThrow();
      expect(await store.open(name), name).toBeNull();
      await expect(store.remove(name), name).rejects.toThrow();
    }
    expect(await readdir(temp.root)).toEqual(['uploads']);
    expect(await readdir(dir)).toEqual([]);
  });

  it('does not follow a symlink planted under a stored name, and answers null for a missing file', async () => {
    const store = await openLocalFileStore(dir);
    await writeFile(join(temp.root, 'secret'), 'secret');
    await symlink(join(temp.root, 'secret'), join(dir, NAME));
    expect((await lstat(join(dir, NAME))).isSymbolicLink()).toBe(true);
    expect(await store.open(NAME)).toBeNull();
    expect(await store.open(`${'cd'.repeat(16)}.png`)).toBeNull();
  });

  it('sweeps temporary files a crash left behind, and keeps recent ones (an upload may be in flight)', async () => {
    await mkdir(dir, { recursive: true });
    const stale = join(dir, `.${NAME}.000000000000.tmp`);
    const recent = join(dir, `.${NAME}.111111111111.tmp`);
    await writeFile(stale, 'half');
    await writeFile(recent, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    await openLocalFileStore(dir);
    expect(await readdir(dir)).toEqual([`.${NAME}.111111111111.tmp`]);
  });

  it('refuses to start with DATA_DIR inside the served client folder', async () => {
    const error = await startServer({ dataDir: join(temp.root, 'dist', 'data'), staticDir: join(temp.root, 'dist'), port: 0, log: createMemoryLog() }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(/^Invalid environment variable DATA_DIR: must not be inside the served client folder/);
  });
});
