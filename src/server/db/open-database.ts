/**
 * Opens the database (PGlite in a data dir, or PostgreSQL when a URL is given) and brings the schema up to date.
 * Both run the same drizzle migrations, so a laptop and production share one SQL history. Each driver is
 * loaded only when it is used (pg and its drizzle adapter alone take ~150 ms to import).
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './types.ts';

// Beside this module: src/server/db/migrations from source, dist-server/migrations in the bundle (build-server.ts
// copies the folder there and keeps every chunk flat in dist-server/, so import.meta.url points at the same folder).
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenDatabaseOptions =
  /**
   * dataDir null: in memory (tests), optionally starting from a `dumpDataDir()` tarball. `templateDir`: where a
   * build-time template may be (pglite-template.ts), used only when dataDir is empty; `seededTemplate`: whether its
   * seeded variant may be taken; `onTemplate` hears what became of it (loaded, or why not) for the start log.
   */
  | {
      kind: 'pglite';
      dataDir: string | null;
      loadDataDir?: Blob;
      templateDir?: string | null;
      seededTemplate?: boolean;
      onTemplate?: (outcome: string) => void;
      /** Only a cluster already there, as it is: no initdb, no template, no migrations (open-pglite.ts). */
      existing?: boolean;
    }
  | { kind: 'postgres'; url: string; poolSize?: number; onPoolError?: (error: Error) => void; existing?: boolean };

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return (await import('./open-postgres.ts')).openPostgres(options, MIGRATIONS_FOLDER);
  const { openPglite } = await import('./open-pglite.ts');
  const { dataDir, templateDir, onTemplate } = options;
  if (!dataDir || !templateDir || options.loadDataDir || options.existing) return openPglite(options, MIGRATIONS_FOLDER);

  const { isEmptyDataDir, loadTemplate } = await import('./pglite-template.ts');
  if (!(await isEmptyDataDir(dataDir))) return openPglite(options, MIGRATIONS_FOLDER);
  const template = await loadTemplate(templateDir, { seeded: options.seededTemplate === true });
  if ('skipped' in template) {
    onTemplate?.(`PGlite template not used (${template.skipped}): running initdb`);
    return openPglite(options, MIGRATIONS_FOLDER);
  }
  try {
    const database = await openPglite({ dataDir, loadDataDir: template.blob }, MIGRATIONS_FOLDER);
    onTemplate?.(`PGlite data dir made from the build-time template (${template.seeded ? 'migrated and seeded' : 'migrated'})`);
    return database;
  } catch (error) {
    // A damaged tarball: empty the dir again (it was empty before) and make the cluster the slow way.
    onTemplate?.(`PGlite template failed to load (${(error as Error).message}): running initdb`);
    for (const name of await readdir(dataDir)) await rm(join(dataDir, name), { recursive: true, force: true });
    return openPglite({ dataDir }, MIGRATIONS_FOLDER);
  }
}
