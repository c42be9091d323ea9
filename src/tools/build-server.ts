/**
 * Bundles the server for `npm start` into dist-server/, run with plain `node dist-server/main.mjs` (no tsx at run
 * time: its loader was most of a start's cost). esbuild, ESM, every node_modules package external (PGlite finds its
 * wasm beside itself; nothing is duplicated). Code splitting keeps each dynamic import() a chunk of its own, so what
 * the server loads lazily (the HTTP app while the database opens, the drivers, pdf-lib for the seed, Stripe) stays
 * lazy; with one file, every package a lazy module imports would be hoisted to the top and load at start.
 *
 * Everything is written flat in dist-server/, so `new URL('./x', import.meta.url)` means the same folder from any
 * chunk: ./migrations and the demo screening list (copied here), ./seal-worker-entry.mjs (the sealing worker, bundled under the name the source's
 * agreement-sealer.ts asks for; from source that file registers tsx instead), ./face-worker-entry.mjs (the face
 * comparison worker, likewise for checks/face/face-comparer.ts). Then the PGlite template
 * (build-template.ts). Run by `npm run build`; alone: `node --import tsx src/tools/build-server.ts`.
 */
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { TEMPLATE_FILE, TEMPLATE_MANIFEST, TEMPLATE_SEEDED_FILE } from '../server/db/pglite-template.ts';
import { buildPgliteTemplate } from './build-template.ts';
import { DEMO_SCREENING_FILE } from '../server/seed/seed-screening-list.ts';

export const SERVER_OUT_DIR = 'dist-server';

/** `outDir` defaults to dist-server/ under root (tests build elsewhere); `template: false` skips the PGlite template. */
export async function buildServer(root: string, options: { outDir?: string; template?: boolean } = {}): Promise<void> {
  const out = options.outDir ?? join(root, SERVER_OUT_DIR);
  // Emptied first (a chunk of an earlier build would otherwise stay), except the templates, remade below only when
  // what they are made of changed: initdb is most of the build's time and memory.
  await mkdir(out, { recursive: true });
  const keep = new Set([TEMPLATE_FILE, TEMPLATE_SEEDED_FILE, TEMPLATE_MANIFEST]);
  for (const name of await readdir(out)) if (!keep.has(name)) await rm(join(out, name), { recursive: true, force: true });
  const started = performance.now();
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts', 'seal-worker-entry': 'src/server/pdf/seal-worker.ts', 'face-worker-entry': 'src/server/checks/face/face-worker.ts' },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    // Readable stack traces in the logs; minifying would save little parse time on ~1 MB.
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  await cp(join(root, 'src/server/db/migrations'), join(out, 'migrations'), { recursive: true });
  await cp(join(root, 'src/server/seed', DEMO_SCREENING_FILE), join(out, DEMO_SCREENING_FILE));
  const files = (await readdir(out)).filter((f) => f.endsWith('.mjs')).length;
  console.log(`build-server: ${files} files in ${out} (${Math.round(performance.now() - started)} ms)`);
  if (options.template === false) return;
  const template = await buildPgliteTemplate(out);
  console.log(
    template.made === 'none'
      ? 'build-server: PGlite templates up to date (same PGlite release, migrations and seed)'
      : `build-server: PGlite templates made (${template.made}, ${(template.bytes / 1024 / 1024).toFixed(1)} MB, ${template.ms} ms)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer(resolve(process.argv[2] ?? '.'), { template: !process.argv.includes('--no-template') });
}
