/**
 * Brings the build `npm start` runs up to date, for the e2e setup and the benchmarks, so both run on what users
 * get: the client (`vite build`) when dist/index.html is missing or older than its sources, its pre-compressed
 * copies (compress-assets.ts) when the client was rebuilt or they are missing, and the server bundle with the PGlite
 * template (build-server.ts) when dist-server/main.mjs is missing or older than the server's sources. The client
 * build is told NODE_ENV=production because Vite keeps an inherited NODE_ENV (vitest sets `test`), which would give
 * React's development build. Synchronous (child processes), as its callers expect.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const CLIENT_SOURCES = ['src/client', 'src/shared', 'machines', 'public', 'index.html', 'vite.config.ts', 'admin.html', 'vite.admin.config.ts', 'verify.html', 'vite.verify.config.ts'];
// package-lock.json: a new PGlite (or any package) release may need a new template or bundle.
const SERVER_SOURCES = ['src/server', 'src/shared', 'machines', 'src/tools/build-server.ts', 'src/tools/build-template.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

/** Why `output` must be rebuilt from `sources`, or null when it is newer than all of them. */
function staleness(root: string, output: string, sources: string[]): string | null {
  const path = join(root, output);
  if (!existsSync(path)) return `${output} missing`;
  const newestSource = Math.max(...sources.map((p) => newestMtime(join(root, p))));
  return statSync(path).mtimeMs >= newestSource ? null : `${output} older than the sources`;
}

function run(root: string, label: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env });
  if (result.status !== 0) throw new Error(`${label} ${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/** `label` prefixes the line printed for each step that runs ('[e2e]', '[bench]'). */
export function ensureBuilt(root: string, label: string): void {
  const tsx = (script: string) => [process.execPath, ['--import', 'tsx', script]] as const;
  // The investor build empties dist/, so the back-office's (vite.admin.config.ts) and /verify's (vite.verify.config.ts)
  // always run after it.
  const client =
    staleness(root, 'dist/index.html', CLIENT_SOURCES) ?? staleness(root, 'dist/admin.html', CLIENT_SOURCES) ?? staleness(root, 'dist/verify.html', CLIENT_SOURCES);
  if (client) {
    console.log(`${label} ${client}: running \`npx vite build\` for the investor app and the back-office`);
    run(root, label, 'npx', ['vite', 'build'], { ...process.env, NODE_ENV: 'production' });
    run(root, label, 'npx', ['vite', 'build', '--config', 'vite.admin.config.ts'], { ...process.env, NODE_ENV: 'production' });
    run(root, label, 'npx', ['vite', 'build', '--config', 'vite.verify.config.ts'], { ...process.env, NODE_ENV: 'production' });
  }
  // A dist/ from before compression existed (or a bare `vite build`) has no .gz beside index.html.
  if (client || !existsSync(join(root, 'dist', 'index.html.gz'))) {
    console.log(`${label} compressing dist/ (brotli and gzip copies)`);
    run(root, label, ...tsx('src/tools/compress-assets.ts'));
  }
  // build-server.ts itself remakes the template only when PGlite or the migrations changed.
  const server =
    staleness(root, 'dist-server/main.mjs', SERVER_SOURCES) ??
    (existsSync(join(root, 'dist-server', 'pglite-template.json')) ? null : 'dist-server/pglite-template.json missing');
  if (server) {
    console.log(`${label} ${server}: building the server bundle and the PGlite template`);
    run(root, label, ...tsx('src/tools/build-server.ts'));
  }
}
