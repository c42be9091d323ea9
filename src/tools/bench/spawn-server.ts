/**
 * Starts the portal the way `npm run serve` does (a child `node --import tsx src/server/main.ts`) and
 * times it from spawn to the first 200 on GET /api/settings/investment-limits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';

export interface SpawnedServer {
  url: string;
  /** Milliseconds from spawn to the first 200 on the readiness URL. */
  readyMs: number;
  /** What the server printed so far (for failure reports). */
  output(): string;
  stop(): Promise<void>;
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

/** `env` adds to (and overrides) this process's environment; DATABASE_URL is dropped unless `env` sets it. */
export async function spawnPortal(root: string, dataDir: string, timeoutMs = 120_000, extraEnv: Record<string, string> = {}): Promise<SpawnedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  // Benchmarks never reach off this machine: the crypto rates come from the configured indicative ones.
  env.CRYPTO_PRICE_API_URL ??= 'off';
  delete env.DATABASE_URL; // the embedded default (PGlite) is what `npm start` measures
  Object.assign(env, extraEnv);
  const output: string[] = [];
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (b: Buffer) => output.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => output.push(b.toString()));
  // Poll tightly: the figure is the wait, so the probe interval bounds its resolution (~5 ms).
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering:\n${output.join('')}`);
    const status = await fetch(url + READY_PATH).then((r) => r.status, () => 0);
    if (status === 200) {
      return { url, readyMs: performance.now() - started, output: () => output.join(''), stop: () => stopChild(child) };
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
