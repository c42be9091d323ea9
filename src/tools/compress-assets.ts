/**
 * After `vite build` (the `build` script): writes a brotli (quality 11) and a gzip (level 9) copy beside every
 * compressible file of dist/ (src/server/http/compressible.ts), so the server sends pre-compressed bytes and spends
 * no CPU per request. A copy is kept only when it is smaller than the original; one that would not be is removed,
 * so a rebuilt file never keeps an older sibling. Run: `node --import tsx src/tools/compress-assets.ts [dir]`.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { CODING_SUFFIX, isCompressible } from '../server/http/compressible.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

export type CompressReport = { files: number; bytes: number; br: number; gzip: number };

export async function compressAssets(dir: string): Promise<CompressReport> {
  const report: CompressReport = { files: 0, bytes: 0, br: 0, gzip: 0 };
  const jobs: Promise<void>[] = [];
  for await (const path of files(dir)) {
    if (!isCompressible(path)) continue;
    jobs.push(
      (async () => {
        const bytes = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(bytes, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }),
          gz(bytes, { level: 9 }),
        ]);
        report.files++;
        report.bytes += bytes.length;
        for (const [coding, out] of [['br', br], ['gzip', gzipped]] as const) {
          const target = path + CODING_SUFFIX[coding];
          if (out.length < bytes.length) {
            await writeFile(target, out);
            report[coding] += out.length;
          } else {
            await rm(target, { force: true });
            report[coding] += bytes.length;
          }
        }
      })(),
    );
  }
  await Promise.all(jobs);
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = resolve(process.argv[2] ?? 'dist');
  const started = performance.now();
  const r = await compressAssets(dir);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `compress-assets: ${r.files} files in ${dir}, ${kb(r.bytes)} -> br ${kb(r.br)}, gzip ${kb(r.gzip)} (${Math.round(performance.now() - started)} ms)`,
  );
}
