/**
 * Opens the database (PGlite in a data dir, or PostgreSQL when a URL is given) and brings the schema up to date.
 * Both run the same drizzle migrations, so a laptop and production share one SQL history. Each driver is
 * loaded only when it is used (pg and its drizzle adapter alone take ~150 ms to import).
 */
import { fileURLToPath } from 'node:url';
import type { Database } from './types.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenDatabaseOptions =
  /** dataDir null: in memory (tests), optionally starting from a `dumpDataDir()` tarball. */
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number; onPoolError?: (error: Error) => void };

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') return (await import('./open-pglite.ts')).openPglite(options, MIGRATIONS_FOLDER);
  return (await import('./open-postgres.ts')).openPostgres(options, MIGRATIONS_FOLDER);
}
