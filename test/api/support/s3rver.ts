/**
 * s3rver, the S3 implementation the S3 store's tests run against, in a child process on a free port with its files in
 * a given directory, plus what those tests share: the bucket's name, the store settings pointing at it, and a look at
 * what an upload left on s3rver's disk.
 *
 * s3rver 3.7 lacks two S3 operations the store relies on: AbortMultipartUpload and ListMultipartUploads. A shim
 * implements them on s3rver's own storage layout (an upload is the directory `<bucket>/._S3rver_uploads/<id>`), so
 * the assertions read what is really left on s3rver's disk as well as what the S3 API says.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { S3StorageSettings } from '../../../src/server/config/storage-env.ts';

export const BUCKET = 'g2g-test';
/** Where s3rver keeps multipart uploads in progress, inside a bucket's directory. */
export const UPLOADS = '._S3rver_uploads';

/**
 * s3rver runs in a child process: it lists a truncated ListObjectsV2 page with a DES-encrypted continuation token,
 * which OpenSSL 3 has only in its legacy provider (Node's --openssl-legacy-provider; the flag is not for the server
 * under test). A separate process is also what an S3 service is: the test process's memory is the store's alone.
 *
 * The shim is plain JavaScript run in that process. Paths: s3rver keeps an upload as `<bucket>/._S3rver_uploads/<id>/`
 * with its parts (`1`, `2`, ...) and a `key` file.
 */
const S3RVER_CHILD = `
const [s3rverPath, directory, bucketsJson, shim] = process.argv.slice(1);
const S3rver = require(s3rverPath);
const { existsSync } = require('node:fs');
const { readdir, readFile, rm } = require('node:fs/promises');
const { join } = require('node:path');
const xml = (body) => '<?xml version="1.0" encoding="UTF-8"?>' + body;
const escapeXml = (text) => text.replace(/[<>&'"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: JSON.parse(bucketsJson).map((name) => ({ name })) });
if (shim === 'shim') {
  server.middleware.unshift(async (ctx, next) => {
    const url = new URL(ctx.url, 'http://s3rver');
    const [bucket = '', ...rest] = url.pathname.slice(1).split('/');
    const key = rest.filter((segment) => segment !== '');
    const uploadsDir = join(directory, decodeURIComponent(bucket), '${UPLOADS}');
    const uploadId = url.searchParams.get('uploadId');
    if (ctx.method === 'DELETE' && key.length > 0 && uploadId !== null) {
      const dir = join(uploadsDir, uploadId);
      if (!/^[0-9a-f]{32}$/.test(uploadId) || !existsSync(dir)) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body = xml('<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>');
        return;
      }
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && key.length === 0 && url.searchParams.has('uploads')) {
      const ids = existsSync(uploadsDir) ? await readdir(uploadsDir) : [];
      const uploads = await Promise.all(ids.map(async (id) => ({ id, key: await readFile(join(uploadsDir, id, 'key'), 'utf8') })));
      ctx.type = 'application/xml';
      ctx.body = xml('<ListMultipartUploadsResult><Bucket>' + escapeXml(bucket) + '</Bucket><IsTruncated>false</IsTruncated>' +
        uploads.map((u) => '<Upload><Key>' + escapeXml(u.key) + '</Key><UploadId>' + u.id + '</UploadId></Upload>').join('') + '</ListMultipartUploadsResult>');
      return;
    }
    await next();
  });
}
server.run().then(({ port }) => process.stdout.write(JSON.stringify({ port }) + String.fromCharCode(10)));
`;

export type RunningS3rver = { endpoint: string; directory: string; close(): Promise<void> };

export async function startS3rver(directory: string, buckets: string[] = [BUCKET], { shim = true } = {}): Promise<RunningS3rver> {
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--no-deprecation', '-e', S3RVER_CHILD, createRequire(import.meta.url).resolve('s3rver'), directory, JSON.stringify(buckets), shim ? 'shim' : 'bare'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      if (stdout.includes('\n')) resolve((JSON.parse(stdout) as { port: number }).port);
    });
    void exited.then(() => reject(new Error(`s3rver exited before listening: ${stderr}`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export const settingsFor = (endpoint: string, bucket = BUCKET, prefix = 'uploads/'): S3StorageSettings => ({
  kind: 's3',
  bucket,
  region: 'us-east-1',
  endpoint,
  forcePathStyle: true,
  // s3rver's built-in account.
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  prefix,
});

/** Files and folders anywhere under a directory (relative paths). */
/** Files and folders anywhere under a directory (relative paths). */
export async function entriesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { recursive: true })).sort();
}
