/**
 * Bundles the server for `npm start` into dist-server/, run with plain `node dist-server/main.mjs` (no tsx at run
 * time: its loader was most of a start's cost). esbuild, ESM, every node_modules package external (PGlite finds its
 * wasm beside itself; nothing is duplicated). Code splitting keeps each dynamic import() a chunk of its own, so what
 * the server loads lazily (the HTTP app while the database opens, the drivers, pdf-lib for the seed, Stripe) stays
 * lazy; with one file, every package a lazy module imports would be hoisted to the top and load at start.
 *
 * Everything is written flat in dist-server/, so `new URL('./x', import.meta.url)` means the same folder from any
 * chunk: ./migrations (copied here), ./seal-worker-entry.mjs (the sealing worker, bundled under the name the source's
 * agreement-sealer.ts asks for; from source that file registers tsx instead). Then the PGlite template
 * (build-template.ts). Run by `npm run build`; alone: `node --import tsx src/tools/build-server.ts`.
 */
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { buildPgliteTemplate } from './build-template.ts';

export const SERVER_OUT_DIR = 'dist-server';
/** What the bundle is made of, for ensure-build.ts's staleness check. */
export const SERVER_SOURCES = ['src/server', 'src/shared', 'machines', 'package-lock.json'];

export async function buildServer(root: string, options: { template?: boolean } = {}): Promise<void> {
  const out = join(root, SERVER_OUT_DIR);
  // Emptied first: a chunk of an earlier build would otherwise stay, and so would a template of another PGlite.
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const started = performance.now();
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts', 'seal-worker-entry': 'src/server/pdf/seal-worker.ts' },
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
  const files = (await readdir(out)).filter((f) => f.endsWith('.mjs')).length;
  console.log(`build-server: ${files} files in ${out} (${Math.round(performance.now() - started)} ms)`);
  if (options.template !== false) {
    const { bytes, ms } = await buildPgliteTemplate(out);
    console.log(`build-server: PGlite template ${(bytes / 1024 / 1024).toFixed(1)} MB (${ms} ms)`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer(resolve(process.argv[2] ?? '.'), { template: !process.argv.includes('--no-template') });
}
