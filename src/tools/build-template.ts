/**
 * Makes the PGlite template (src/server/db/pglite-template.ts): initdb and the migrations once, at build time, in
 * memory, then the cluster as a gzipped `dumpDataDir()` tarball plus a manifest naming the PGlite release. A first
 * start loads it instead of running initdb. Called by build-server.ts; alone: `node --import tsx src/tools/build-template.ts [outDir]`.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../server/db/open-database.ts';
import { runningPgliteVersion, TEMPLATE_FILE, TEMPLATE_MANIFEST, type TemplateManifest } from '../server/db/pglite-template.ts';

/** One hash over every migration file (names and bytes), so an edited or added migration remakes the template. */
export async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (dir: string, prefix: string) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory()) await walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      else hash.update(`${prefix}${entry.name}\0`).update(await readFile(join(dir, entry.name))).update('\0');
    }
  };
  await walk(MIGRATIONS_FOLDER, '');
  return hash.digest('hex');
}

/** True when `outDir` already holds a template of this PGlite release and these migrations (the build skips initdb). */
export async function templateIsCurrent(outDir: string): Promise<boolean> {
  try {
    const manifest = JSON.parse(await readFile(join(outDir, TEMPLATE_MANIFEST), 'utf8')) as TemplateManifest;
    await stat(join(outDir, TEMPLATE_FILE));
    return manifest.pglite === (await runningPgliteVersion()) && manifest.migrationsHash === (await migrationsHash());
  } catch {
    return false;
  }
}

export async function buildPgliteTemplate(outDir: string): Promise<{ bytes: number; ms: number }> {
  const started = performance.now();
  const client = await PGlite.create();
  let tarball: Blob;
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    tarball = await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
  const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const manifest: TemplateManifest = {
    pglite: await runningPgliteVersion(),
    lastMigration: journal.entries.at(-1)?.tag ?? '',
    migrationsHash: await migrationsHash(),
    createdAt: new Date().toISOString(),
  };
  const bytes = Buffer.from(await tarball.arrayBuffer());
  // The tarball first, through a temporary name, the manifest last: a start never sees a manifest without its tarball.
  await writeFile(join(outDir, `${TEMPLATE_FILE}.tmp`), bytes);
  await rename(join(outDir, `${TEMPLATE_FILE}.tmp`), join(outDir, TEMPLATE_FILE));
  await writeFile(join(outDir, TEMPLATE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { bytes: bytes.length, ms: Math.round(performance.now() - started) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = resolve(process.argv[2] ?? 'dist-server');
  const { bytes, ms } = await buildPgliteTemplate(outDir);
  console.log(`build-template: ${TEMPLATE_FILE} ${(bytes / 1024 / 1024).toFixed(1)} MB in ${outDir} (${ms} ms)`);
}
