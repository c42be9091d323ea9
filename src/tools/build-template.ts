/**
 * Makes the PGlite templates (src/server/db/pglite-template.ts) at build time, in memory: initdb and the migrations,
 * dumped as a gzipped `dumpDataDir()` tarball; then the demo seed on top, dumped as a second one; and a manifest
 * naming the PGlite release and hashes of what each is made of. A rebuild skips initdb while PGlite and the
 * migrations are unchanged (it loads the migrated tarball instead), and skips everything while the seed's sources
 * are unchanged too. Called by build-server.ts; alone: `node --import tsx src/tools/build-template.ts [outDir]`.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../server/db/open-database.ts';
import {
  runningPgliteVersion,
  TEMPLATE_FILE,
  TEMPLATE_MANIFEST,
  TEMPLATE_SEEDED_FILE,
  type TemplateManifest,
} from '../server/db/pglite-template.ts';
import * as schema from '../server/db/schema/index.ts';
import type { Db } from '../server/db/types.ts';
import { seedDatabase } from '../server/seed/seed-database.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What the seed's rows are made of: its texts, the PDF code, the schema, and the packages' versions. */
const SEED_SOURCES = ['src/server', 'src/shared', 'package-lock.json'];

/** One SHA-256 over the names and bytes of every file under `paths` (files or folders), in a stable order. */
async function hashOf(paths: string[]): Promise<string> {
  const hash = createHash('sha256');
  const add = async (path: string, name: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path, { withFileTypes: true });
    } catch {
      hash.update(`${name}\0`).update(await readFile(path)).update('\0');
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) await add(join(path, entry.name), `${name}/${entry.name}`);
  };
  for (const path of paths) await add(path, path);
  return hash.digest('hex');
}

export const migrationsHash = () => hashOf([MIGRATIONS_FOLDER]);
const seedHash = () => hashOf(SEED_SOURCES.map((p) => join(ROOT, p)));

async function readManifest(outDir: string): Promise<TemplateManifest | null> {
  try {
    return JSON.parse(await readFile(join(outDir, TEMPLATE_MANIFEST), 'utf8')) as TemplateManifest;
  } catch {
    return null;
  }
}

async function readTarball(path: string): Promise<Blob | null> {
  try {
    return new Blob([gunzipSync(await readFile(path))]);
  } catch {
    return null;
  }
}

/** Through a temporary name, so a start never reads half a tarball. */
async function writeAtomically(path: string, bytes: Buffer | string): Promise<void> {
  await writeFile(`${path}.tmp`, bytes);
  await rename(`${path}.tmp`, path);
}

export type TemplateReport = { made: 'none' | 'seeded' | 'both'; bytes: number; ms: number };

export async function buildPgliteTemplate(outDir: string): Promise<TemplateReport> {
  const started = performance.now();
  const [pglite, migrations, seed, previous] = await Promise.all([runningPgliteVersion(), migrationsHash(), seedHash(), readManifest(outDir)]);
  const sameCluster = previous?.pglite === pglite && previous.migrationsHash === migrations;
  let migrated = sameCluster ? await readTarball(join(outDir, TEMPLATE_FILE)) : null;
  if (migrated && previous?.seedHash === seed && (await readTarball(join(outDir, TEMPLATE_SEEDED_FILE)))) {
    return { made: 'none', bytes: 0, ms: Math.round(performance.now() - started) };
  }
  const made = migrated ? 'seeded' : 'both';
  let bytes = 0;
  if (!migrated) {
    const fresh = await PGlite.create(); // initdb: the slow, memory-hungry step the template saves every first start
    try {
      await migrate(drizzle(fresh), { migrationsFolder: MIGRATIONS_FOLDER });
      const gz = Buffer.from(await (await fresh.dumpDataDir('gzip')).arrayBuffer());
      await writeAtomically(join(outDir, TEMPLATE_FILE), gz);
      bytes += gz.length;
      migrated = new Blob([gunzipSync(gz)]);
    } finally {
      await fresh.close();
    }
  }
  const seeded = await PGlite.create({ loadDataDir: migrated });
  try {
    await seedDatabase(drizzle(seeded, { schema }) as unknown as Db, new Date());
    const gz = Buffer.from(await (await seeded.dumpDataDir('gzip')).arrayBuffer());
    await writeAtomically(join(outDir, TEMPLATE_SEEDED_FILE), gz);
    bytes += gz.length;
  } finally {
    await seeded.close();
  }
  const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const manifest: TemplateManifest = {
    pglite,
    lastMigration: journal.entries.at(-1)?.tag ?? '',
    migrationsHash: migrations,
    seedHash: seed,
    createdAt: new Date().toISOString(),
  };
  // Last: a start that reads this manifest finds both tarballs it names.
  await writeAtomically(join(outDir, TEMPLATE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { made, bytes, ms: Math.round(performance.now() - started) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = resolve(process.argv[2] ?? 'dist-server');
  const { made, bytes, ms } = await buildPgliteTemplate(outDir);
  console.log(`build-template: made ${made} (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${outDir} (${ms} ms)`);
}
