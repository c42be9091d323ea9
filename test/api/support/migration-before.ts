/**
 * A database as it was before a migration, for the tests that prove a migration on existing data: a copy of the
 * migrations folder whose journal stops before `tag`, and an empty database on either backend that the test migrates
 * (first with that copy, then with the real folder).
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../../../src/server/db/open-database.ts';
import * as schema from '../../../src/server/db/schema/index.ts';
import type { Db } from '../../../src/server/db/types.ts';
import { freshPgliteDir, freshPostgresDatabase, type Backend } from './test-databases.ts';

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
