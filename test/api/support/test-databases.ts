/**
 * Databases for API tests, one per test file and backend:
 * - PGlite: in memory, loaded from the run's migrated and seeded tarball (no initdb per file).
 * - PostgreSQL (when TEST_DATABASE_URL is set): a fresh database created on that server, dropped afterwards.
 *   A database rather than a schema because drizzle-kit writes foreign keys as "public"."users".
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, inject } from 'vitest';
import { openDatabase } from '../../../src/server/db/open-database.ts';
import type { Database, DatabaseKind } from '../../../src/server/db/types.ts';

export type Backend = DatabaseKind;

export const backends = (): Backend[] => (process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']);

/** A new empty temporary dir; remove() deletes it. */
export async function freshTempDir(): Promise<{ root: string; remove(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'g2g-api-'));
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/**
 * A new temporary dir whose pglite/ holds a fresh PGlite cluster copied from the run's template, as on a first
 * start. Without a template (global setup saw no API test) PGlite runs initdb there itself.
 */
export async function freshPgliteDir(): Promise<{ root: string; pgliteDir: string; remove(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'g2g-api-'));
  const pgliteDir = join(root, 'pglite');
  const template = inject('pgliteTemplateDir');
  if (template) await cp(template, pgliteDir, { recursive: true });
  return { root, pgliteDir, remove: () => rm(root, { recursive: true, force: true }) };
}

/** A new empty PostgreSQL database on the TEST_DATABASE_URL server; `drop()` removes it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `g2g_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Opens a migrated database of the given backend; close() also deletes it. PGlite runs in memory, loaded from
 * the run's seeded tarball (the on-disk path is what startServer tests exercise).
 */
export async function openTestDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite') {
    const dump = inject('pgliteSeededDump');
    return openDatabase({ kind: 'pglite', dataDir: null, ...(dump ? { loadDataDir: new Blob([await readFile(dump)]) } : {}) });
  }
  const fresh = await freshPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 4 });
  return { ...database, close: async () => (await database.close(), await fresh.drop()) };
}

/** What a real server (startServer) needs for one backend: its env, a data dir, and the cleanup. */
export type ServerBackend = { name: Backend; setup: () => Promise<{ env: Record<string, string>; dataDir: string; cleanup(): Promise<void> }> };

/** The backends for tests that start real servers: PGlite in a fresh data dir, and PostgreSQL when configured. */
export function serverBackends(): ServerBackend[] {
  const list: ServerBackend[] = [
    {
      name: 'pglite',
      setup: async () => {
        const dir = await freshPgliteDir();
        return { env: {}, dataDir: dir.root, cleanup: dir.remove };
      },
    },
  ];
  if (process.env.TEST_DATABASE_URL) {
    list.push({
      name: 'postgres',
      setup: async () => {
        const database = await freshPostgresDatabase();
        const dir = await freshTempDir();
        return { env: { DATABASE_URL: database.url }, dataDir: dir.root, cleanup: async () => (await dir.remove(), await database.drop()) };
      },
    });
  }
  return list;
}

/**
 * What a test sets up and must take down (a server, a database, a folder): registered as it is made, undone after
 * the test, last first. Call at file or describe level. `tempDir` makes a temporary folder removed the same way.
 */
export function undoAfterEach(): { later(undo: () => Promise<unknown>): void; tempDir(): Promise<string> } {
  const undos: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const undo of undos.splice(0).reverse()) await undo();
  });
  const later = (undo: () => Promise<unknown>) => void undos.push(undo);
  return {
    later,
    tempDir: async () => {
      const dir = await freshTempDir();
      later(dir.remove);
      return dir.root;
    },
  };
}
