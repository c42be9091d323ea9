/** The embedded database: PGlite in a data dir (or in memory for tests), migrated. See open-database.ts. */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { pgliteStatementRunner } from './pglite-statement-runner.ts';
import * as schema from './schema/index.ts';
import type { Database, Db } from './types.ts';

export type PgliteOptions = { dataDir: string | null; loadDataDir?: Blob };

export async function openPglite(options: PgliteOptions, migrationsFolder: string): Promise<Database> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  try {
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, run: pgliteStatementRunner(client), kind: 'pglite', close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
