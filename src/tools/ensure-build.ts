/**
 * Builds the client (`vite build`) when dist/index.html is missing or older than what the bundle is made of. Used by
 * the e2e setup and the benchmarks, so both run on the bundle `npm start` serves: the build is told NODE_ENV=production
 * because Vite keeps an inherited NODE_ENV (vitest sets `test`), which would give React's development build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const CLIENT_SOURCES = ['src/client', 'src/shared', 'machines', 'public', 'index.html', 'vite.config.ts'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

/** `label` prefixes the one line printed when a build runs ('[e2e]', '[bench]'). */
export function ensureBuilt(root: string, label: string): void {
  const index = join(root, 'dist', 'index.html');
  const newestSource = Math.max(...CLIENT_SOURCES.map((p) => newestMtime(join(root, p))));
  if (existsSync(index) && statSync(index).mtimeMs >= newestSource) return;
  console.log(`${label} dist/index.html ${existsSync(index) ? 'older than the sources' : 'missing'}: running \`npx vite build\``);
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) throw new Error(`${label} vite build failed (exit ${build.status ?? build.signal})`);
}
