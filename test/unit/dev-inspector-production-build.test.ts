/**
 * A fresh production build of the investor app (vite build into a temporary folder) holds none of the live inspector:
 * App.tsx loads it only under import.meta.env.DEV, which the build folds to false. Checked by the marker its module
 * carries, as the bench does on dist/ (src/tools/bench/dev-inspector-check.ts).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { checkNoDevInspector, DEV_INSPECTOR_MARKER } from '../../src/tools/bench/dev-inspector-check.ts';
import { INSPECTOR_MARKER } from '../../src/client/dev-inspector/inspector-store.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'g2g-inspector-build-'));

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the live inspector in production builds', () => {
  it('is searched for by the marker its module carries', () => expect(DEV_INSPECTOR_MARKER).toBe(INSPECTOR_MARKER));

  it('is in no file of a fresh production build of the investor app', async () => {
    // Vite derives import.meta.env.DEV from NODE_ENV, which vitest sets to 'test': a real build runs with 'production'.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ root, configFile: join(root, 'vite.config.ts'), mode: 'production', logLevel: 'silent', build: { outDir: join(out, 'dist'), emptyOutDir: true } });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    const result = checkNoDevInspector(out, ['dist']);
    expect(result.searched).toBeGreaterThan(10);
    expect(result.holding).toEqual([]);
    expect(readdirSync(join(out, 'dist', 'assets')).filter((f) => /inspector/i.test(f))).toEqual([]);
  }, 120_000);

  it('would be found: a development-mode build (import.meta.env.DEV true) holds it', async () => {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      mode: 'development',
      logLevel: 'silent',
      define: { 'import.meta.env.DEV': 'true', 'import.meta.env.MODE': '"development"' },
      build: { outDir: join(out, 'dev'), emptyOutDir: true, minify: false },
    });
    expect(checkNoDevInspector(out, ['dev']).holding.length).toBeGreaterThan(0);
  }, 120_000);
});
