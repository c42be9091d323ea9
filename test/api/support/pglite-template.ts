/**
 * A PGlite template dir as `npm run build` writes it (src/tools/build-template.ts), made from the run's seeded
 * tarball (global setup) instead of a second initdb: the tarball gzipped, and a manifest naming the running PGlite.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { inject } from 'vitest';
import { runningPgliteVersion, TEMPLATE_FILE, TEMPLATE_MANIFEST, TEMPLATE_SEEDED_FILE, type TemplateManifest } from '../../../src/server/db/pglite-template.ts';

export async function writeTestTemplate(dir: string, overrides: Partial<TemplateManifest> = {}): Promise<void> {
  const dump = inject('pgliteSeededDump');
  if (!dump) throw new Error('No seeded PGlite dump: the API global setup did not run');
  // The one tarball the run has, under both names: tests tell the two apart by the start's log line.
  const gz = gzipSync(await readFile(dump), { level: 1 });
  await writeFile(join(dir, TEMPLATE_FILE), gz);
  await writeFile(join(dir, TEMPLATE_SEEDED_FILE), gz);
  const manifest: TemplateManifest = {
    pglite: await runningPgliteVersion(),
    lastMigration: 'test',
    migrationsHash: 'test',
    seedHash: 'test',
    createdAt: new Date().toISOString(),
    ...overrides,
  };
  await writeFile(join(dir, TEMPLATE_MANIFEST), JSON.stringify(manifest));
}
