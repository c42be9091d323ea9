/**
 * DATA_DIR is private to the server's user: after a start, nothing under it can be read, written or entered by
 * group or others (the embedded database with its WAL, the secret, the outbox's login codes, the uploads), also what
 * is written after the start; an existing data dir that was open (before this, or copied loosely) is tightened at
 * start, with a warning saying how much. Real starts (startServer), both databases.
 */
import { chmod, lstat, mkdir, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CodeChallenge } from '../../src/shared/auth.ts';
import { createMemoryLog, type MemoryLog } from '../../src/server/log.ts';
import { startServer, type RunningServer } from '../../src/server/start-server.ts';
import { individualPayload } from './harness.ts';
import { codeFromOutbox } from './support/outbox.ts';
import { writeTestTemplate } from './support/pglite-template.ts';
import { freshTempDir, serverBackends, undoAfterEach } from './support/test-databases.ts';

/** Every entry under `root` (root included) that group or others may use, as "mode path"; symlinks skipped. */
async function openToOthers(root: string): Promise<string[]> {
  const found: string[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const path = pending.pop() as string;
    const info = await lstat(path);
    if (info.isSymbolicLink()) continue;
    if (info.mode & 0o077) found.push(`${(info.mode & 0o777).toString(8)} ${relative(root, path) || '.'}`);
    if (info.isDirectory()) for (const name of await readdir(path)) pending.push(join(path, name));
  }
  return found.sort();
}

async function countEntries(root: string): Promise<number> {
  let n = 0;
  for (const pending = [root]; pending.length > 0; ) {
    const path = pending.pop() as string;
    n++;
    const info = await lstat(path);
    if (info.isDirectory()) for (const name of await readdir(path)) pending.push(join(path, name));
  }
  return n;
}

/** Registers through the mailed code (the outbox gets a file, the database rows and WAL). */
async function register(server: RunningServer, dataDir: string) {
  const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const payload = individualPayload();
  const { challengeId } = (await (await post('/api/auth/register', payload)).json()) as CodeChallenge;
  expect((await post('/api/auth/verify', { challengeId, code: await codeFromOutbox(dataDir, payload.email) })).status).toBe(200);
}

const privacyWarnings = (log: MemoryLog) => log.entries.filter((e) => e.level === 'warn' && /private/.test(e.message));

for (const backend of serverBackends()) {
  describe(`DATA_DIR permissions [${backend.name}]`, () => {
    const { later } = undoAfterEach();
    // No template unless a test gives one: a first start then runs initdb, whatever dist-server/ holds.
    const start = async (dataDir: string, env: Record<string, string>, pgliteTemplateDir: string | null = null) => {
      const log = createMemoryLog();
      const server = await startServer({ env, dataDir, port: 0, host: '127.0.0.1', staticDir: null, log, pgliteTemplateDir });
      later(() => server.close());
      return { server, log };
    };

    it('a first start on a new DATA_DIR leaves nothing open to other users, nor does what it writes later', { timeout: 90_000 }, async () => {
      // As from a usual shell (umask 022); a start on PGlite runs initdb here.
      process.umask(0o022);
      const setup = await backend.setup();
      later(setup.cleanup);
      const temp = await freshTempDir();
      later(temp.remove);
      const dataDir = join(temp.root, 'new', 'data');
      const { server, log } = await start(dataDir, setup.env);
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      await register(server, dataDir);
      await server.close(); // PGlite writes its last pages and control file on close
      const entries = await countEntries(dataDir);
      expect(entries).toBeGreaterThan(backend.name === 'pglite' ? 900 : 3);
      expect(await openToOthers(dataDir)).toEqual([]);
      expect(privacyWarnings(log)).toEqual([]);
    });

    if (backend.name === 'pglite') {
      it('a first start from the build-time template leaves nothing open to other users either', { timeout: 90_000 }, async () => {
        // The tarball's entries carry their own modes (0644, 0755...); extracting them goes through the same hook.
        process.umask(0o022);
        const temp = await freshTempDir();
        later(temp.remove);
        const templateDir = join(temp.root, 'template');
        await mkdir(templateDir);
        await writeTestTemplate(templateDir);
        const dataDir = join(temp.root, 'data');
        const { server, log } = await start(dataDir, {}, templateDir);
        expect(log.entries.map((e) => e.message)).toContain('PGlite data dir made from the build-time template (migrated)');
        await register(server, dataDir);
        await server.close();
        expect(await countEntries(dataDir)).toBeGreaterThan(900);
        expect(await openToOthers(dataDir)).toEqual([]);
        expect(privacyWarnings(log)).toEqual([]);
      });
    }

    it('tightens an existing DATA_DIR that other users could read, says so, and leaves symlinked files alone', async () => {
      process.umask(0o022);
      const setup = await backend.setup();
      later(setup.cleanup);
      const dataDir = setup.dataDir;
      // On PGlite, dataDir/pglite is a copy of the cluster PGlite made for this run, as an older server left it:
      // directories 0755 and files 0666, WAL included.
      await mkdir(join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
      await writeFile(join(dataDir, 'outbox', '20260101T000000000Z-x.eml'), 'To: ada@example.com\r\n\r\nYour code is 123456.', { mode: 0o644 });
      await mkdir(join(dataDir, 'uploads'), { recursive: true, mode: 0o777 });
      await writeFile(join(dataDir, 'uploads', `${'ab'.repeat(16)}.pdf`), '%PDF-1.7\n', { mode: 0o666 });
      const outside = await freshTempDir();
      later(outside.remove);
      await writeFile(join(outside.root, 'elsewhere.txt'), 'not ours to change', { mode: 0o644 });
      await symlink(join(outside.root, 'elsewhere.txt'), join(dataDir, 'link.txt'));
      await chmod(dataDir, 0o755);
      const loose = await openToOthers(dataDir);
      expect(loose.length).toBeGreaterThan(backend.name === 'pglite' ? 900 : 4);
      if (backend.name === 'pglite') expect(loose).toContain('666 pglite/pg_wal/000000010000000000000001');

      const { server, log } = await start(dataDir, setup.env);
      expect(await openToOthers(dataDir)).toEqual([]);
      expect((await stat(join(outside.root, 'elsewhere.txt'))).mode & 0o777).toBe(0o644);
      const [warning, ...more] = privacyWarnings(log);
      expect(more).toEqual([]);
      expect(warning?.message).toMatch(new RegExp(`^Made ${loose.length} files and directories in ${dataDir} private: other users could read or enter them \\(`));
      expect(warning?.message).toMatch(/outbox 2/);
      if (backend.name === 'pglite') expect(warning?.message).toMatch(/pglite \d{3,}/);
      await register(server, dataDir);
      expect(await openToOthers(dataDir)).toEqual([]);

      // Tight already: a second start changes nothing and says nothing.
      await server.close();
      const again = await start(dataDir, setup.env);
      expect(privacyWarnings(again.log)).toEqual([]);
    });
  });
}
