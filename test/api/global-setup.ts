/**
 * Vitest global setup (vite.config.ts). When API tests are among the selected files, makes ONE fresh PGlite data
 * dir (initdb: ~4 s, ~900 MB) and a migrated, seeded copy of it; test files copy these instead of running initdb,
 * migrations and the NDA generation themselves. When no API test is selected it provides empty paths and costs
 * nothing.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { seedDatabase } from '../../src/server/seed/seed-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh, un-migrated PGlite data dir to copy; '' when none was made (the harness then runs initdb). */
    pgliteTemplateDir: string;
    /** The same, migrated and seeded; '' when none was made. */
    pgliteSeededDir: string;
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
    project.provide('pgliteSeededDir', '');
    return;
  }
  const root = await mkdtemp(join(tmpdir(), 'g2g-api-template-'));
  const template = join(root, 'pglite');
  const client = await PGlite.create(template);
  await client.close();
  const seeded = join(root, 'seeded');
  await cp(template, seeded, { recursive: true });
  const database = await openDatabase({ kind: 'pglite', dataDir: seeded });
  await seedDatabase(database.db, new Date());
  await database.close();
  project.provide('pgliteTemplateDir', template);
  project.provide('pgliteSeededDir', seeded);
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
