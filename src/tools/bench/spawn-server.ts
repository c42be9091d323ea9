/**
 * Starts the portal the way `npm start` does (see portalCommand) and times it from spawn to the first 200 on
 * GET /api/settings/investment-limits; reads the child's peak resident memory (VmHWM) on request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';

export interface SpawnedServer {
  url: string;
  /** Milliseconds from spawn to the first 200 on the readiness URL. */
  readyMs: number;
  /** What the server printed so far (for failure reports). */
  output(): string;
  /** The child's peak resident set so far (VmHWM in /proc/<pid>/status), in bytes; null where /proc has no answer. */
  peakRssBytes(): number | null;
  stop(): Promise<void>;
}

export interface PortalCommand {
  args: string[];
  /** What ran, in the report's words (and why, when the bundle was passed over). */
  description: string;
}

const BUNDLE = join('dist-server', 'main.mjs');
/** What the server bundle is made of: a bundle older than any of these would measure code that is no longer there. */
const SERVER_SOURCES = ['src/server', 'src/shared', 'machines'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

/**
 * The one place that says how the bench starts the portal: the bundle `npm run build` writes
 * (`node dist-server/main.mjs`, what `npm start` runs) when it exists and is not older than the server's sources,
 * otherwise `node --import tsx src/server/main.ts` (what `npm run serve` runs).
 */
export function portalCommand(root: string): PortalCommand {
  const bundle = join(root, BUNDLE);
  if (existsSync(bundle)) {
    const newestSource = Math.max(...SERVER_SOURCES.map((p) => newestMtime(join(root, p))));
    if (statSync(bundle).mtimeMs >= newestSource) return { args: [BUNDLE], description: `\`node ${BUNDLE}\` (the server bundle)` };
    return {
      args: ['--import', 'tsx', 'src/server/main.ts'],
      description: `\`node --import tsx src/server/main.ts\` (${BUNDLE} is older than the server's sources: run \`npm run build\`)`,
    };
  }
  return { args: ['--import', 'tsx', 'src/server/main.ts'], description: `\`node --import tsx src/server/main.ts\` (no ${BUNDLE})` };
}

/** VmHWM of a live process, in bytes. */
export function peakRssOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

export const READY_PATH = '/api/settings/investment-limits';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * `env` adds to (and overrides) this process's environment; DATABASE_URL and any STRIPE_* key are dropped unless `env`
 * sets them (the embedded PGlite and the local card provider are the defaults measured; nothing reaches Stripe).
 */
export async function spawnPortal(root: string, dataDir: string, timeoutMs = 120_000, extraEnv: Record<string, string> = {}): Promise<SpawnedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  // Benchmarks never reach off this machine: the crypto rates come from the configured indicative ones.
  env.CRYPTO_PRICE_API_URL ??= 'off';
  delete env.DATABASE_URL;
  for (const name of Object.keys(env)) if (name.startsWith('STRIPE_')) delete env[name];
  Object.assign(env, extraEnv);
  const output: string[] = [];
  const started = performance.now();
  const child = spawn(process.execPath, portalCommand(root).args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (b: Buffer) => output.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => output.push(b.toString()));
  // Poll tightly: the figure is the wait, so the probe interval bounds its resolution (~5 ms).
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering:\n${output.join('')}`);
    const status = await fetch(url + READY_PATH).then((r) => r.status, () => 0);
    if (status === 200) {
      const readyMs = performance.now() - started;
      return { url, readyMs, output: () => output.join(''), peakRssBytes: () => peakRssOf(child.pid), stop: () => stopChild(child) };
    }
    await delay(5);
  }
  await stopChild(child);
  throw new Error(`server not ready on ${url}${READY_PATH} within ${timeoutMs} ms:\n${output.join('')}`);
}

/** The bare Hono yardstick in its own process, like the portal. */
export async function spawnBareHono(root: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/tools/bench/bare-hono-server.ts'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (b: Buffer) => {
      text += b.toString();
      const match = /listening (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare Hono server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}
