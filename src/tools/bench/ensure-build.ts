import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src/client', 'src/shared', 'machines', 'public', 'index.html', 'vite.config.ts'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

/** Runs `vite build` when dist/index.html is missing or older than what the bundle is made of. */
export function ensureBuilt(root: string): void {
  const index = join(root, 'dist', 'index.html');
  const newestSource = Math.max(...SOURCES.map((p) => newestMtime(join(root, p))));
  if (existsSync(index) && statSync(index).mtimeMs >= newestSource) return;
  console.log(`[bench] dist/index.html ${existsSync(index) ? 'older than the sources' : 'missing'}: running \`npx vite build\``);
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status ?? build.signal})`);
}
