/**
 * Everything the cluster bench runs on, started in order and registered for cleanup as it starts: a temp dir, a
 * PostgreSQL database of its own (dropped at the end), s3rver, the SMTP sink, the shared sealing key, the content
 * folder, instances A and B, and nginx in front of them. Cleanup runs in reverse order, once, whether the bench
 * ends, fails or is interrupted (Ctrl-C).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshPostgres, POSTGRES_UNREACHABLE, type BenchDatabase } from './bench-postgres.ts';
import { PortalInstance } from './cluster-instances.ts';
import { MailSink } from './cluster-mail.ts';
import { startNginx, type RunningNginx } from './cluster-nginx.ts';
import { startS3rver, type RunningS3 } from './cluster-s3.ts';
import { writeSealingP12 } from './cluster-sealing-key.ts';
import { writeContentFolder } from './journey.ts';
import { freePort } from './spawn-server.ts';

export class Cleanup {
  private readonly steps: { label: string; run(): Promise<void> | void }[] = [];
  private running: Promise<void> | null = null;
  /** Synchronous last resort for process exit (no awaiting there): kill what is still running. */
  private readonly lastResort: (() => void)[] = [];

  add(label: string, run: () => Promise<void> | void, lastResort?: () => void): void {
    this.steps.push({ label, run });
    if (lastResort) this.lastResort.push(lastResort);
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of [...this.steps].reverse()) {
        try {
          await step.run();
        } catch (error) {
          console.error(`[cluster] cleanup: ${step.label} failed: ${(error as Error).message}`);
        }
      }
    })();
    return this.running;
  }

  killEverything(): void {
    for (const kill of this.lastResort) kill();
  }
}

export type Topology = {
  tmp: string;
  db: BenchDatabase;
  s3: RunningS3;
  mail: MailSink;
  a: PortalInstance;
  b: PortalInstance;
  nginx: RunningNginx;
  /** Milliseconds each instance took from spawn to ready at the first start. */
  firstReadyMs: [number, number];
};

export async function startTopology(root: string, nginxBinary: string, cleanup: Cleanup): Promise<Topology> {
  const tmp = mkdtempSync(join(tmpdir(), 'g2g-cluster-'));
  cleanup.add('temp dir', () => rmSync(tmp, { recursive: true, force: true }));
  const db = await freshPostgres();
  if (!db) throw new Error(POSTGRES_UNREACHABLE);
  cleanup.add('database', () => db.drop());
  const s3 = await startS3rver(join(tmp, 's3'));
  cleanup.add('s3rver', () => s3.stop());
  const mail = await MailSink.start();
  cleanup.add('mail sink', () => mail.stop());
  const sealing = await writeSealingP12(tmp);
  const content = join(tmp, 'content');
  mkdirSync(content);
  await writeContentFolder(content);

  // What must be equal on every instance (docs/deploy.md): database, bucket, JWT secret, sealing key, mail, content.
  const shared: Record<string, string> = {
    NODE_ENV: 'development',
    DATABASE_URL: db.url,
    ...s3.env,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    SEALING_P12_PATH: sealing.path,
    SEALING_P12_PASSWORD: sealing.password,
    SMTP_URL: mail.url,
    SMTP_FROM: 'G2G Cluster Bench <no-reply@g2g-cluster.invalid>',
    CONTENT_DIR: content,
    TRUST_PROXY: '1',
    CRYPTO_PRICE_API_URL: 'off',
    LOG_FORMAT: 'json',
  };
  const instance = async (name: string) => {
    const dataDir = join(tmp, `data-${name}`);
    const portal = new PortalInstance(name, root, await freePort(), { ...shared, DATA_DIR: dataDir }, join(tmp, `${name}.log`));
    cleanup.add(`instance ${name}`, () => portal.stop(), () => portal.killNow());
    return portal;
  };
  const a = await instance('A');
  const b = await instance('B');
  // Started together, as a platform starts its replicas: the migrations run once under the advisory lock.
  const firstReadyMs = (await Promise.all([a.start(), b.start()])) as [number, number];
  const nginx = await startNginx(nginxBinary, join(tmp, 'nginx'), await freePort(), [a, b].map((p) => ({ host: '127.0.0.1', port: p.port })));
  cleanup.add('nginx', () => nginx.stop());
  return { tmp, db, s3, mail, a, b, nginx, firstReadyMs };
}
