/**
 * The S3-compatible store of the cluster bench: s3rver (the devDependency the S3 store's tests use) in a child process
 * of its own, on a temp dir, with the bucket made at its start; both instances use it with STORAGE=s3. listKeys reads
 * the bucket back through the AWS SDK (ListObjectsV2), for the proof that every object has its row and every row its
 * object.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { setTimeout as delay } from 'node:timers/promises';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { freePort } from './spawn-server.ts';

/** s3rver's fixed credentials (it checks signatures made with them). */
const S3RVER_KEY = 'S3RVER';
export const BENCH_BUCKET = 'g2g-cluster-bench';
export const BENCH_PREFIX = 'uploads/';

export type S3Object = { key: string; lastModified: Date | null };

export interface RunningS3 {
  endpoint: string;
  /** The instances' storage settings (the agreed names). */
  env: Record<string, string>;
  listObjects(): Promise<S3Object[]>;
  output(): string;
  stop(): Promise<void>;
}

export async function startS3rver(directory: string): Promise<RunningS3> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const output: string[] = [];
  // --openssl-legacy-provider: s3rver encrypts ListObjectsV2 continuation tokens with DES, which OpenSSL 3 has only
  // there; without it, listing a bucket of more than 1,000 objects fails on the second page.
  const child: ChildProcess = spawn(process.execPath, ['--openssl-legacy-provider', '--no-deprecation', bin, '-d', directory, '-a', '127.0.0.1', '-p', String(port), '--silent', '--configure-bucket', BENCH_BUCKET], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (b: Buffer) => output.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => output.push(b.toString()));
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`s3rver exited with ${child.exitCode}:\n${output.join('')}`);
    const ready = await client.send(new ListObjectsV2Command({ Bucket: BENCH_BUCKET, MaxKeys: 1 })).then(() => true, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`s3rver not answering on ${endpoint} within 15 s:\n${output.join('')}`);
    await delay(50);
  }
  return {
    endpoint,
    env: {
      STORAGE: 's3',
      S3_BUCKET: BENCH_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_PREFIX: BENCH_PREFIX,
    },
    async listObjects() {
      const objects: S3Object[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: BENCH_BUCKET, ContinuationToken: token }));
        for (const item of page.Contents ?? []) if (item.Key) objects.push({ key: item.Key, lastModified: item.LastModified ?? null });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects;
    },
    output: () => output.join(''),
    stop: () =>
      new Promise<void>((resolve) => {
        client.destroy();
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The bucket against the stored_files table: objects no row names, and rows whose object is missing. Keys outside
 * the prefix count as unexplained objects too.
 */
export function compareBucket(objects: S3Object[], names: Set<string>): { objects: number; rows: number; withoutRow: S3Object[]; withoutObject: string[] } {
  const keys = new Set<string>();
  const withoutRow: S3Object[] = [];
  for (const object of objects) {
    const name = object.key.startsWith(BENCH_PREFIX) ? object.key.slice(BENCH_PREFIX.length) : null;
    if (name !== null) keys.add(name);
    if (name === null || !names.has(name)) withoutRow.push(object);
  }
  const withoutObject = [...names].filter((name) => !keys.has(name));
  return { objects: objects.length, rows: names.size, withoutRow, withoutObject };
}
