/**
 * The PGlite template: a data dir made and migrated at build time (src/tools/build-template.ts), kept as PGlite's
 * `dumpDataDir()` tarball in dist-server/. A first start on an empty data dir loads it (`loadDataDir`) instead of
 * running initdb, which costs ~4 s and ~940 MB of memory on this machine kind; migrations and the seed still run
 * after it (already applied migrations are skipped, an already seeded database is left as it is).
 *
 * Two tarballs: the migrated cluster, and the same after the demo seed (its PDFs cost ~1.4 s of CPU at a first
 * start). The seeded one is taken only by the bundle (built with it, so never older than its seed) and only when the
 * seed would not depend on the start: no CONTENT_DIR (whose documents go in before the seed and decide what it adds)
 * and the system clock (its rows then carry the build's time, not the first start's: nothing shows those times to
 * investors). Otherwise the migrated one, and the seed runs as before.
 *
 * A template is used only when its manifest names the PGlite release running now (a tarball of another release's
 * cluster may not open); otherwise, or when it is missing or unreadable, the start runs initdb as before.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

export const TEMPLATE_FILE = 'pglite-template.tar.gz';
export const TEMPLATE_SEEDED_FILE = 'pglite-template-seeded.tar.gz';
export const TEMPLATE_MANIFEST = 'pglite-template.json';

export type TemplateManifest = {
  /** @electric-sql/pglite's package version that made the cluster. */
  pglite: string;
  /** The last migration applied in it (informational: later ones run at start). */
  lastMigration: string;
  /** SHA-256 of the migrations folder it was made with: the build remakes the template when they change. */
  migrationsHash: string;
  /** SHA-256 of what the seed is made of (src/server, src/shared, package-lock.json): remade when it changes. */
  seedHash: string;
  createdAt: string;
};

/** The running PGlite release (its package.json is not in the package's exports, so read beside its entry). */
export async function runningPgliteVersion(): Promise<string> {
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite'); // .../pglite/dist/index.cjs
  return (JSON.parse(await readFile(join(dirname(dirname(main)), 'package.json'), 'utf8')) as { version: string }).version;
}

/** True when `dataDir` holds no cluster yet (missing, or without PG_VERSION and anything else). */
export async function isEmptyDataDir(dataDir: string): Promise<boolean> {
  if (!existsSync(dataDir)) return true;
  return (await readdir(dataDir)).length === 0;
}

export type TemplateChoice = { blob: Blob; seeded: boolean } | { skipped: string };

/** The template tarball in `dir` (the seeded one when `seeded` allows it) if it fits the running PGlite, else why not. */
export async function loadTemplate(dir: string, options: { seeded: boolean }): Promise<TemplateChoice> {
  let manifest: TemplateManifest;
  try {
    manifest = JSON.parse(await readFile(join(dir, TEMPLATE_MANIFEST), 'utf8')) as TemplateManifest;
  } catch {
    return { skipped: `no template in ${dir}` };
  }
  const running = await runningPgliteVersion();
  if (manifest.pglite !== running) return { skipped: `template made by PGlite ${manifest.pglite}, running ${running}` };
  for (const [file, seeded] of options.seeded ? ([[TEMPLATE_SEEDED_FILE, true], [TEMPLATE_FILE, false]] as const) : ([[TEMPLATE_FILE, false]] as const)) {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(dir, file));
    } catch {
      continue;
    }
    // Unzipped here by zlib, natively and off the main thread: PGlite would do it through a DecompressionStream.
    // A plain tar (no gzip magic) is taken as it is.
    const tar = bytes[0] === 0x1f && bytes[1] === 0x8b ? await promisify(gunzip)(bytes) : bytes;
    return { blob: new Blob([tar as Uint8Array<ArrayBuffer>]), seeded };
  }
  return { skipped: `template tarball missing in ${dir}` };
}
