/**
 * A database as it was before a migration, for the tests that prove a migration on existing data: a copy of the
 * migrations folder whose journal stops before `tag`, and an empty database on either backend that the test migrates
 * (first with that copy, then with the real folder).
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../../src/server/db/open-database.ts';
import * as schema from '../../../src/server/db/schema/index.ts';
import type { Db } from '../../../src/server/db/types.ts';
import { backends, freshPgliteDir, freshPostgresDatabase, freshTempDir, type Backend } from './test-databases.ts';

/** A copy of the migrations folder (under `dir`) as it was before the migration `tag`. */
export async function migrationsBefore(dir: string, tag: string): Promise<string> {
  const folder = join(dir, 'migrations-before');
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`${tag} is not in the journal`);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

export type Migratable = { db: Db; migrate(folder: string): Promise<void>; close(): Promise<void> };

/** An empty database of its own on `backend`, migrated only when the test says with which folder. */
export async function openEmptyDatabase(backend: Backend): Promise<Migratable> {
  if (backend === 'pglite') {
    const dir = await freshPgliteDir();
    const client = await PGlite.create({ dataDir: dir.pgliteDir });
    const db = drizzlePglite(client, { schema });
    return {
      db: db as unknown as Db,
      migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
      close: async () => (await client.close(), await dir.remove()),
    };
  }
  const database = await freshPostgresDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    migrate: (migrationsFolder) => migratePg(db, { migrationsFolder }),
    close: async () => (await pool.end(), await database.drop()),
  };
}

export type BeforeMigration = {
  database: Migratable;
  /** A temporary folder of the describe's own (removed afterwards). */
  dir: string;
  /** Migrates the empty database up to just before the migration under test. */
  migrateToBefore(): Promise<void>;
};

/**
 * One describe per backend for a migration tested on data made before it: an empty database of its own and a
 * temporary folder, both removed afterwards. `body` reads them through `before()` once beforeAll has run.
 */
export function describeMigration(tag: string, body: (before: () => BeforeMigration) => void): void {
  for (const backend of backends()) {
    describe(`migration ${tag} on an existing database [${backend}]`, () => {
      let context: BeforeMigration | null = null;
      beforeAll(async () => {
        const temp = await freshTempDir();
        const database = await openEmptyDatabase(backend);
        context = { database, dir: temp.root, migrateToBefore: async () => database.migrate(await migrationsBefore(temp.root, tag)) };
      });
      afterAll(async () => {
        await context?.database.close();
        if (context) await rm(context.dir, { recursive: true, force: true });
      });
      body(() => {
        if (!context) throw new Error('describeMigration: read before() inside a test');
        return context;
      });
    });
  }
}

