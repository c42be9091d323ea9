/**
 * One portal instance of the cluster bench: the server `npm start` runs (spawn-server.ts portalCommand), on its own
 * port and DATA_DIR, with the environment every instance shares (one database, one bucket, one JWT secret, one
 * sealing key, one mail server). It can be killed (SIGKILL: a crash), stopped (SIGTERM: a graceful drain, which must
 * end with exit 0) and started again on the same port. Its JSON log lines go to DATA_DIR/../<name>.log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync, type WriteStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { portalCommand } from './spawn-server.ts';

/** What a platform probes before sending traffic (the agreed readiness endpoint). */
export const READINESS_PATH = '/readyz';

export type InstanceExit = { code: number | null; signal: NodeJS.Signals | null };

export class PortalInstance {
  private child: ChildProcess | null = null;
  private exited: Promise<InstanceExit> | null = null;
  private readonly log: WriteStream;
  private tail = '';
  /** Starts so far (the first included). */
  starts = 0;
  /** Exits the bench did not cause (no kill, terminate or stop asked): each is a failure of the run. */
  readonly unexpectedExits: string[] = [];
  private stopping = false;

  constructor(
    readonly name: string,
    private readonly root: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly logPath: string,
  ) {
    this.log = createWriteStream(logPath, { flags: 'a' });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last few KB the instance printed (for a failure report). */
  output(): string {
    return this.tail;
  }

  /** The last `count` error lines the instance logged over all its starts (for a failure report). */
  errorLines(count = 5): string[] {
    let text = '';
    try {
      text = readFileSync(this.logPath, 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .filter((line) => /"level":"(error|fatal)"|\berror\b/i.test(line))
      .slice(-count)
      .map((line) => `${this.name}: ${line.slice(0, 600)}`);
  }

  private record(chunk: Buffer): void {
    this.log.write(chunk);
    this.tail = (this.tail + chunk.toString()).slice(-8_000);
  }

  /** Spawns the server and waits until GET /readyz answers 200; answers the milliseconds that took. */
  async start(timeoutMs = 180_000): Promise<number> {
    if (this.running) throw new Error(`instance ${this.name} is already running`);
    const base: NodeJS.ProcessEnv = { ...process.env };
    // Nothing of the bench's own environment decides what the instances use: only what `env` says.
    for (const name of Object.keys(base)) if (/^(DATABASE_URL|STRIPE_|SMTP_|S3_|STORAGE|JWT_SECRET|SEALING_|METRICS_|LOG_FORMAT)/.test(name)) delete base[name];
    const env = { ...base, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' };
    const started = performance.now();
    const child = spawn(process.execPath, portalCommand(this.root).args, { cwd: this.root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.starts++;
    this.stopping = false;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (!this.stopping) {
          const text = `instance ${this.name} exited by itself (${code ?? signal}) at ${new Date().toISOString()}`;
          this.unexpectedExits.push(text);
          console.error(`[cluster] ${text}\n${this.tail.slice(-2_000)}`);
        }
        resolve({ code, signal });
      }),
    );
    child.stdout?.on('data', (b: Buffer) => this.record(b));
    child.stderr?.on('data', (b: Buffer) => this.record(b));
    while (performance.now() - started < timeoutMs) {
      if (!this.running) throw new Error(`instance ${this.name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${this.tail}`);
      const status = await fetch(this.url + READINESS_PATH).then((r) => r.status, () => 0);
      if (status === 200) return performance.now() - started;
      await delay(50);
    }
    throw new Error(`instance ${this.name} not ready on ${this.url}${READINESS_PATH} within ${timeoutMs} ms:\n${this.tail}`);
  }

  /** SIGKILL, as a crash or an OOM kill would: no drain, no goodbye. Resolves once the process is gone. */
  async kill(): Promise<InstanceExit> {
    if (!this.child || !this.exited) throw new Error(`instance ${this.name} was never started`);
    this.stopping = true;
    this.child.kill('SIGKILL');
    return this.exited;
  }

  /** SIGTERM and the wait for the drain to end; answers how it exited and how long the drain took. */
  async terminate(): Promise<InstanceExit & { ms: number }> {
    if (!this.child || !this.exited) throw new Error(`instance ${this.name} was never started`);
    const started = performance.now();
    this.stopping = true;
    this.child.kill('SIGTERM');
    const exit = await this.exited;
    return { ...exit, ms: performance.now() - started };
  }

  /** Whatever state it is in: gone at the end (SIGKILL after 30 s of SIGTERM). */
  async stop(): Promise<void> {
    const child = this.child;
    this.stopping = true;
    if (child && this.running && this.exited) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await this.exited;
      clearTimeout(forced);
    }
    await new Promise<void>((resolve) => this.log.end(() => resolve()));
  }

  /** For the process-exit handler: no waiting possible there. */
  killNow(): void {
    this.stopping = true;
    if (this.running) this.child?.kill('SIGKILL');
  }
}
