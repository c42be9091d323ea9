/**
 * The pdf.js data files are ours to serve: the plugin emits them into a build and serves them in dev,
 * under the folder names the viewer asks pdf.js to use.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, createServer } from 'vite';
import { PDFJS_ASSET_DIR, PDFJS_ASSET_FOLDERS, pdfjsAssetUrls } from '../../../src/client/ui/document-viewer/pdfjs-asset-urls.ts';
import { contentTypeOf, pdfjsAssetFiles, pdfjsAssets, pdfjsDistDir, resolveAssetRequest } from '../../../src/tools/vite-pdfjs-assets.ts';

const projectRoot = path.resolve(import.meta.dirname, '../../..');
const distDir = pdfjsDistDir(projectRoot);
const work = mkdtempSync(path.join(tmpdir(), 'pdfjs-assets-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('pdfjs assets plugin', () => {
  it('publishes the four folders the viewer points pdf.js at', () => {
    const files = pdfjsAssetFiles(distDir).map(([relative]) => relative);
    const folders = new Set(files.map((f) => f.split('/')[0]));
    expect([...folders].sort()).toEqual(Object.values(PDFJS_ASSET_FOLDERS).sort());
    expect(files).toContain('cmaps/UniJIS-UCS2-H.bcmap');
    expect(files).toContain('standard_fonts/LiberationSans-Regular.ttf');
    expect(files).toContain('wasm/openjpeg.wasm');
    expect(pdfjsAssetUrls('/', 'https://portal.example/process/disclosure')).toEqual({
      cMapUrl: 'https://portal.example/pdfjs/cmaps/',
      standardFontDataUrl: 'https://portal.example/pdfjs/standard_fonts/',
      wasmUrl: 'https://portal.example/pdfjs/wasm/',
      iccUrl: 'https://portal.example/pdfjs/iccs/',
    });
    expect(PDFJS_ASSET_DIR).toBe('pdfjs');
  });

  it('resolves only files inside those folders', () => {
    expect(resolveAssetRequest(distDir, 'cmaps/Adobe-Japan1-UCS2.bcmap')).toBe(path.join(distDir, 'cmaps/Adobe-Japan1-UCS2.bcmap'));
    expect(resolveAssetRequest(distDir, 'wasm/openjpeg.wasm?v=1')).toBe(path.join(distDir, 'wasm/openjpeg.wasm'));
    for (const bad of ['../package.json', 'cmaps/../../package.json', 'cmaps/%2e%2e/%2e%2e/package.json', 'build/pdf.mjs', 'cmaps', 'cmaps/nope.bcmap', 'cmaps/%E0%A4%A']) {
      expect(resolveAssetRequest(distDir, bad), bad).toBeNull();
    }
    expect(contentTypeOf('x/openjpeg.wasm')).toBe('application/wasm');
    expect(contentTypeOf('x/a.bcmap')).toBe('application/octet-stream');
  });

  it('emits every file into the build output under pdfjs/', async () => {
    writeFileSync(path.join(work, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
    writeFileSync(path.join(work, 'main.js'), 'document.title = "x";');
    writeFileSync(path.join(work, 'package.json'), '{}');
    await build({
      root: work,
      configFile: false,
      logLevel: 'silent',
      plugins: [pdfjsAssets()],
      build: { outDir: path.join(work, 'dist') },
      cacheDir: path.join(work, '.vite'),
    });
    const out = path.join(work, 'dist', 'pdfjs');
    const expected = pdfjsAssetFiles(distDir);
    for (const folder of Object.values(PDFJS_ASSET_FOLDERS)) {
      expect(readdirSync(path.join(out, folder)).length, folder).toBe(expected.filter(([r]) => r.startsWith(`${folder}/`)).length);
    }
    expect(readFileSync(path.join(out, 'wasm/openjpeg.wasm')).equals(readFileSync(path.join(distDir, 'wasm/openjpeg.wasm')))).toBe(true);
  });

  it('serves them from the dev server with the right types', async () => {
    const server = await createServer({ root: projectRoot, configFile: false, logLevel: 'silent', plugins: [pdfjsAssets()], server: { port: 0, host: '127.0.0.1' } });
    await server.listen();
    try {
      const address = server.httpServer!.address() as { port: number };
      const base = `http://127.0.0.1:${address.port}/pdfjs/`;
      const wasm = await fetch(`${base}wasm/openjpeg.wasm`);
      expect(wasm.status).toBe(200);
      expect(wasm.headers.get('content-type')).toBe('application/wasm');
      expect((await wasm.arrayBuffer()).byteLength).toBe(readFileSync(path.join(distDir, 'wasm/openjpeg.wasm')).length);
      const cmap = await fetch(`${base}cmaps/UniJIS-UCS2-H.bcmap`);
      expect(cmap.status).toBe(200);
      await cmap.arrayBuffer();
      // an encoded ../ must not reach pdfjs-dist/package.json
      const outside = await fetch(`${base}cmaps/%2e%2e%2fpackage.json`);
      expect(await outside.text()).not.toContain('"name": "pdfjs-dist"');
    } finally {
      await server.close();
    }
  });
});
