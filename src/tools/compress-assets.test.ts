/** The build step that writes .br and .gz copies beside dist/'s text files (compress-assets.ts). */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressAssets } from './compress-assets.ts';

describe('compressAssets', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of text files, in nested folders, that decompress to the original', async () => {
    dir = await mkdtemp(join(tmpdir(), 'g2g-compress-'));
    await mkdir(join(dir, 'assets', 'nested'), { recursive: true });
    const js = `export const text = ${JSON.stringify('words '.repeat(500))};\n`;
    await writeFile(join(dir, 'assets', 'nested', 'app-1.js'), js);
    await writeFile(join(dir, 'index.html'), `<!doctype html>${'<p>hello</p>'.repeat(100)}`);
    await writeFile(join(dir, 'font-2.woff2'), 'x'.repeat(2000));
    await writeFile(join(dir, 'image-3.png'), Buffer.alloc(2000));
    await writeFile(join(dir, 'doc.pdf'), 'y'.repeat(2000));

    const report = await compressAssets(dir);
    expect(report.files).toBe(2);
    const br = await readFile(join(dir, 'assets', 'nested', 'app-1.js.br'));
    const gz = await readFile(join(dir, 'assets', 'nested', 'app-1.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(gz.length); // q11 brotli beats gzip -9 on text
    expect((await readdir(dir)).sort()).toEqual(['assets', 'doc.pdf', 'font-2.woff2', 'image-3.png', 'index.html', 'index.html.br', 'index.html.gz']);
  });

  it('keeps no copy that is not smaller, and removes one left from an earlier build', async () => {
    dir = await mkdtemp(join(tmpdir(), 'g2g-compress-'));
    await writeFile(join(dir, 'tiny.txt'), 'a');
    await writeFile(join(dir, 'tiny.txt.gz'), 'left from an earlier build');
    await compressAssets(dir);
    expect((await readdir(dir)).sort()).toEqual(['tiny.txt']);
  });
});
