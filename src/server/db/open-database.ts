/**
 * Opens the database (PGlite in a data dir, or PostgreSQL when a URL is given) and brings the schema up to date.
 * Both run the same drizzle migrations, so a laptop and production share one SQL history.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import type { Database, Db } from './types.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenDatabaseOptions =
  /** dataDir null: in memory (tests), optionally starting from a `dumpDataDir()` tarball. */
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number; onPoolError?: (error: Error) => void };

/** Any constant shared by every instance: serialises migrations when several servers start at once. */
const MIGRATION_LOCK_KEY = 4_242_0001;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
    const client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    try {
      const db = drizzlePglite(client, { schema });
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  }
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => options.onPoolError?.(error));
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
    const db = drizzlePg(pool, { schema });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}
