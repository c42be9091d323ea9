/**
 * Vitest global setup (vite.config.ts). When API tests are among the selected files, runs PGlite's initdb ONCE
 * (~4 s, ~900 MB) and keeps two things for the test files: the fresh data dir (copied by tests of a real first
 * start) and a migrated, seeded tarball of it (loaded into an in-memory PGlite, ~0.5 s, by the harness).
 * When no API test is selected it provides empty paths and costs nothing.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../../src/server/db/open-database.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import type { Db } from '../../src/server/db/types.ts';
import { seedDatabase } from '../../src/server/seed/seed-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh, un-migrated PGlite data dir to copy; '' when none was made (the harness then runs initdb). */
    pgliteTemplateDir: string;
    /** The seeded cluster as a dumpDataDir() tarball, for in-memory databases; '' when none was made. */
    pgliteSeededDump: string;
  }
}

const API_DIR = `${sep}test${sep}api${sep}`;

async function apiTestsSelected(project: TestProject): Promise<boolean> {
  // The CLI file filters; internal to vitest, hence the guarded read. Unknown means "assume selected".
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  try {
    const { testFiles } = await project.globTestFiles(filters ?? []);
    return testFiles.some((file) => file.includes(API_DIR));
  } catch {
    return true;
  }
}

export default async function setup(project: TestProject) {
  if (!(await apiTestsSelected(project))) {
    project.provide('pgliteTemplateDir', '');
    project.provide('pgliteSeededDump', '');
    return;
  }
  const root = await mkdtemp(join(tmpdir(), 'g2g-api-template-'));
  const template = join(root, 'pglite');
  const client = await PGlite.create(template);
  const fresh = await client.dumpDataDir('none');
  await client.close();
  // Migrated and seeded in memory from the fresh dump, so the template dir stays untouched.
  const memory = await PGlite.create({ loadDataDir: fresh });
  const db = drizzle(memory, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await seedDatabase(db as unknown as Db, new Date());
  const dumpPath = join(root, 'seeded.tar');
  await writeFile(dumpPath, Buffer.from(await (await memory.dumpDataDir('none')).arrayBuffer()));
  await memory.close();
  project.provide('pgliteTemplateDir', template);
  project.provide('pgliteSeededDump', dumpPath);
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
