/**
 * The S3 file store against a real S3 implementation (s3rver, test/api/support/s3rver.ts): streamed multipart uploads
 * checked byte for byte, nothing visible before completion, nothing left (no object, no multipart upload, no part on
 * s3rver's disk) after the bytes throw or stop, names checked before any request, pagination, readiness against a
 * missing bucket, a stopped server and one that never answers, and the orphan sweep on S3. The KYC route on a real
 * server with STORAGE=s3 is s3-kyc-uploads.test.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema/index.ts';
import type { Database } from '../../src/server/db/types.ts';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from '../../src/server/domain/sweep-orphan-files.ts';
import { createMemoryLog } from '../../src/server/log.ts';
import type { FileStore } from '../../src/server/storage/file-store.ts';
import { openFileStore } from '../../src/server/storage/open-file-store.ts';
import { createS3Client, createS3FileStore, PART_SIZE } from '../../src/server/storage/s3-file-store.ts';
import { newStoredFileName } from '../../src/server/storage/stored-name.ts';
import { KYC_MAX_BYTES } from '../../src/shared/kyc.ts';
import { sampleFile } from './support/kyc.ts';
import { BUCKET, entriesUnder, settingsFor, startS3rver, UPLOADS, type RunningS3rver } from './support/s3rver.ts';
import { backends, freshTempDir, openTestDatabase } from './support/test-databases.ts';

// The SDK's one-time notice that its 2027 releases need Node 22 (docs/storage.md) would only be noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const MiB = 1024 * 1024;

/** Every S3 operation the client sends, by name (to prove that refused names send nothing), and each part's size. */
function recordCommands(client: S3Client): { sent: string[]; partSizes: number[] } {
  const sent: string[] = [];
  const partSizes: number[] = [];
  client.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(context.commandName ?? '?');
      if (context.commandName === 'UploadPartCommand') partSizes.push((args.input as { ContentLength: number }).ContentLength);
      return next(args);
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  return { sent, partSizes };
}

async function* chunksOf(bytes: Uint8Array, size = 64 * 1024) {
  for (let offset = 0; offset < bytes.byteLength; offset += size) yield bytes.subarray(offset, offset + size);
}

async function readAll(stream: AsyncIterable<Uint8Array | string>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const pdfName = () => newStoredFileName('application/pdf');


describe('S3 file store on s3rver', () => {
  let temp: Awaited<ReturnType<typeof freshTempDir>>;
  let s3: RunningS3rver;
  let client: S3Client;
  let sent: string[];
  let partSizes: number[];
  let store: FileStore;
  const log = createMemoryLog();
  const bucketDir = () => join(s3.directory, BUCKET);

  const objectKeys = async (prefix = '') =>
    ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((o) => o.Key).sort();
  const multipartUploads = async () => (await client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET }))).Uploads ?? [];
  /** What a refused or failed put may have left: an object under the name, a multipart upload, a part on disk. */
  const leftovers = async (name: string) => ({
    object: await store.open(name),
    keys: (await objectKeys()).filter((key) => key?.endsWith(name)),
    multipartUploads: await multipartUploads(),
    onDisk: await entriesUnder(join(bucketDir(), UPLOADS)),
  });
  const nothingLeft = { object: null, keys: [], multipartUploads: [], onDisk: [] };

  beforeAll(async () => {
    temp = await freshTempDir();
    s3 = await startS3rver(join(temp.root, 's3rver'));
    client = createS3Client(settingsFor(s3.endpoint));
    ({ sent, partSizes } = recordCommands(client));
    store = createS3FileStore({ client, bucket: BUCKET, prefix: 'uploads/', log });
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.close();
    await temp?.remove();
  });

  it('streams a multi-part file: parts go up while the bytes still arrive, the object appears only at the end, byte for byte', async () => {
    const name = pdfName();
    const bytes = randomBytes(2 * PART_SIZE + 123_457);
    const seenMidway: { partsOnDisk: string[]; object: unknown; pulled: number }[] = [];
    let pulled = 0;
    async function* source() {
      for await (const chunk of chunksOf(bytes)) {
        pulled += chunk.byteLength;
        // Past the first part and a half: part 1 must already be on s3rver, and nothing visible under the name.
        if (pulled === 96 * 64 * 1024) {
          const uploads = await entriesUnder(join(bucketDir(), UPLOADS));
          seenMidway.push({ partsOnDisk: uploads.filter((entry) => /\/1$/.test(entry)), object: await store.open(name), pulled });
        }
        yield chunk;
      }
    }
    const before = sent.length;
    await store.put(name, source(), { contentType: 'application/pdf' });

    expect(seenMidway).toEqual([{ partsOnDisk: [expect.stringMatching(/^[0-9a-f]{32}\/1$/)], object: null, pulled: 6 * MiB }]);
    expect(sent.slice(before).filter((c) => c !== 'GetObjectCommand')).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
    const opened = await store.open(name);
    expect(opened?.size).toBe(bytes.byteLength);
    const back = await readAll(opened!.stream);
    expect(back.byteLength).toBe(bytes.byteLength);
    expect(sha256(back)).toBe(sha256(bytes));
    expect(await objectKeys()).toContain(`uploads/${name}`);
    expect(await multipartUploads()).toEqual([]);
    expect(await entriesUnder(join(bucketDir(), UPLOADS))).toEqual([]);
  });

  it('cuts chunks of any size into parts of exactly 5 MiB (one chunk of 11 MiB, empty chunks between)', async () => {
    const name = pdfName();
    const bytes = randomBytes(11 * MiB);
    async function* source() {
      yield new Uint8Array(0);
      yield bytes.subarray(0, 1);
      yield new Uint8Array(0);
      yield bytes.subarray(1);
    }
    const before = sent.length;
    const partsBefore = partSizes.length;
    await store.put(name, source(), { contentType: 'application/pdf' });
    expect(sent.slice(before)).toEqual(['CreateMultipartUploadCommand', 'UploadPartCommand', 'UploadPartCommand', 'UploadPartCommand', 'CompleteMultipartUploadCommand']);
    expect(partSizes.slice(partsBefore)).toEqual([PART_SIZE, PART_SIZE, MiB]);
    const opened = await store.open(name);
    expect(opened?.size).toBe(bytes.byteLength);
    expect(sha256(await readAll(opened!.stream))).toBe(sha256(bytes));
  });

  it('stores a file smaller than a part with one PutObject, visible only once complete', async () => {
    const name = pdfName();
    const bytes = sampleFile('pdf', 200_000);
    const seen: unknown[] = [];
    async function* source() {
      yield bytes.subarray(0, 1000);
      seen.push(await store.open(name));
      yield bytes.subarray(1000);
    }
    const before = sent.length;
    await store.put(name, source(), { contentType: 'application/pdf' });
    expect(seen).toEqual([null]);
    expect(sent.slice(before).filter((c) => c !== 'GetObjectCommand')).toEqual(['PutObjectCommand']);
    const opened = await store.open(name);
    expect(opened?.size).toBe(200_000);
    expect(sha256(await readAll(opened!.stream))).toBe(sha256(bytes));
  });

  it('leaves nothing when the bytes throw at the size limit (after two parts went up): the multipart upload is aborted', async () => {
    const name = pdfName();
    const tooLarge = new Error('File too large');
    async function* overTheLimit() {
      let count = 0;
      for await (const chunk of chunksOf(randomBytes(KYC_MAX_BYTES + 64 * 1024))) {
        if (count + chunk.byteLength > KYC_MAX_BYTES) throw tooLarge; // as the upload route's counting iterator does
        count += chunk.byteLength;
        yield chunk;
      }
    }
    const before = sent.length;
    await expect(store.put(name, overTheLimit(), { contentType: 'application/pdf' })).rejects.toBe(tooLarge);
    expect(sent.slice(before)).toEqual(['CreateMultipartUploadCommand', 'UploadPartCommand', 'UploadPartCommand', 'AbortMultipartUploadCommand']);
    expect(await leftovers(name)).toEqual(nothingLeft);
  });

  it('leaves nothing when the client goes away before the first part is complete (no multipart upload is even started)', async () => {
    const name = pdfName();
    const gone = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    async function* cutOff() {
      yield randomBytes(MiB);
      throw gone;
    }
    const before = sent.length;
    await expect(store.put(name, cutOff(), { contentType: 'application/pdf' })).rejects.toBe(gone);
    expect(sent.slice(before)).toEqual([]);
    expect(await leftovers(name)).toEqual(nothingLeft);
  });

  it('leaves nothing when the client goes away mid-stream, between two parts', async () => {
    const name = pdfName();
    const gone = new Error('client gone');
    async function* cutOff() {
      yield* chunksOf(randomBytes(PART_SIZE + 3 * MiB));
      throw gone;
    }
    await expect(store.put(name, cutOff(), { contentType: 'application/pdf' })).rejects.toBe(gone);
    expect(await leftovers(name)).toEqual(nothingLeft);
  });

  it('keeps the original error and logs when the abort itself fails (the lifecycle rule is then the safety net)', async () => {
    // The same s3rver without the shim answers AbortMultipartUpload 405, as a store that refuses it would.
    const bare = await startS3rver(join(temp.root, 's3rver-bare'), [BUCKET], { shim: false });
    const bareClient = createS3Client(settingsFor(bare.endpoint));
    const bareLog = createMemoryLog();
    try {
      const bareStore = createS3FileStore({ client: bareClient, bucket: BUCKET, prefix: '', log: bareLog });
      const gone = new Error('client gone');
      async function* cutOff() {
        yield* chunksOf(randomBytes(PART_SIZE + MiB));
        throw gone;
      }
      const name = pdfName();
      await expect(bareStore.put(name, cutOff(), { contentType: 'application/pdf' })).rejects.toBe(gone);
      expect(await bareStore.open(name)).toBeNull();
      expect(bareLog.entries).toEqual([
        {
          level: 'warn',
          message: 'Could not abort an incomplete S3 multipart upload; the bucket lifecycle rule must remove it',
          fields: { key: name, uploadId: expect.stringMatching(/^[0-9a-f]{32}$/), abortError: expect.stringMatching(/HTTP 405/), cause: 'Error: client gone' },
        },
      ]);
    } finally {
      bareClient.destroy();
      await bare.close();
    }
  });

  it('refuses names that are not stored names before any request, without reading the bytes', async () => {
    const name = pdfName();
    const hostile = ['../x', 'a/b.png', '%2e%2e', `../${name}`, `${name}/x`, `/${name}`, `.${name}`, `%2e%2e%2f${name}`, name.toUpperCase(), `${name}\n`, `uploads/${name}`, ''];
    const before = sent.length;
    const keysBefore = await objectKeys();
    for (const bad of hostile) {
      let read = false;
      async function* bytes() {
        read = true;
        yield new Uint8Array([1]);
      }
      await expect(store.put(bad, bytes(), { contentType: 'application/pdf' }), bad).rejects.toThrow('Not a stored file name');
      expect(read, bad).toBe(false);
      expect(await store.open(bad), bad).toBeNull();
      await expect(store.remove(bad), bad).rejects.toThrow('Not a stored file name');
    }
    expect(sent.slice(before)).toEqual(['ListObjectsV2Command']);
    expect(await objectKeys()).toEqual(keysBefore);
    expect(await entriesUnder(join(bucketDir(), UPLOADS))).toEqual([]);
  });

  it('keeps parallel uploads apart: the complete ones intact, the failing ones leave nothing', async () => {
    const good = Array.from({ length: 3 }, () => ({ name: pdfName(), bytes: randomBytes(PART_SIZE + 700_001) }));
    const bad = Array.from({ length: 3 }, (_, i) => ({ name: pdfName(), failAt: (i + 1) * 2 * MiB + PART_SIZE }));
    async function* failing(at: number) {
      yield* chunksOf(randomBytes(at));
      throw new Error('client gone');
    }
    const results = await Promise.allSettled([
      ...good.map((g) => store.put(g.name, chunksOf(g.bytes), { contentType: 'application/pdf' })),
      ...bad.map((b) => store.put(b.name, failing(b.failAt), { contentType: 'application/pdf' })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
    for (const g of good) expect(sha256(await readAll((await store.open(g.name))!.stream))).toBe(sha256(g.bytes));
    for (const b of bad) expect(await leftovers(b.name)).toEqual(nothingLeft);
  });

  it('gives a download connection back when its reader stops early (more early stops than the pool has sockets)', async () => {
    const name = pdfName();
    const bytes = randomBytes(3 * MiB);
    await store.put(name, chunksOf(bytes), { contentType: 'application/pdf' });
    for (let i = 0; i < 60; i++) {
      const opened = await store.open(name);
      for await (const first of opened!.stream) {
        expect((first as Buffer).byteLength).toBeGreaterThan(0);
        break; // leaving the loop destroys the stream, as a client that goes away mid-download does
      }
    }
    // With a leaked connection per early stop, the 50-socket pool would be exhausted and this would never answer.
    expect(sha256(await readAll((await store.open(name))!.stream))).toBe(sha256(bytes));
  });

  it('answers null for a missing file, and removes twice without complaint', async () => {
    expect(await store.open(pdfName())).toBeNull();
    const name = pdfName();
    await store.put(name, chunksOf(sampleFile('pdf', 3000)), { contentType: 'application/pdf' });
    expect((await store.open(name))?.size).toBe(3000);
    await store.remove(name);
    await store.remove(name);
    expect(await store.open(name)).toBeNull();
    expect(await objectKeys()).not.toContain(`uploads/${name}`);
  });

  it('throws on open when the bucket itself is missing (a misconfiguration is not a missing file)', async () => {
    const missing = createS3FileStore({ client, bucket: 'no-such-bucket', prefix: '', log });
    await expect(missing.open(pdfName())).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('lists stored names under its prefix only, page by page, with when each was stored', async () => {
    const paged = createS3FileStore({ client, bucket: BUCKET, prefix: 'paged/', log, listPageSize: 3 });
    const names = Array.from({ length: 8 }, pdfName).sort();
    for (const name of names) await paged.put(name, chunksOf(sampleFile('pdf', 100)), { contentType: 'application/pdf' });
    // Not ours: another tool's object under the prefix, a deeper key, and a stored name outside the prefix.
    for (const Key of ['paged/readme.txt', `paged/deeper/${pdfName()}`, `elsewhere/${pdfName()}`]) {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: 'x' }));
    }
    const before = sent.length;
    const listed: { name: string; storedAt: Date }[] = [];
    for await (const file of paged.list()) listed.push(file);
    expect(listed.map((f) => f.name).sort()).toEqual(names);
    for (const file of listed) {
      expect(file.storedAt).toBeInstanceOf(Date);
      expect(Math.abs(Date.now() - file.storedAt.getTime())).toBeLessThan(5 * 60_000);
    }
    // 10 keys under paged/ at 3 a page.
    expect(sent.slice(before)).toEqual(Array(4).fill('ListObjectsV2Command'));
  });

  describe('check()', () => {
    it('resolves while the bucket answers', async () => {
      await expect(store.check()).resolves.toBeUndefined();
    });

    it('rejects when the bucket does not exist', async () => {
      const missing = createS3FileStore({ client, bucket: 'no-such-bucket', prefix: '', log });
      await expect(missing.check()).rejects.toThrow(/^S3 bucket no-such-bucket is not reachable: NotFound \(HTTP 404\)$/);
    });

    it('rejects when the S3 server is down', async () => {
      const down = await startS3rver(join(temp.root, 's3rver-down'));
      const downClient = createS3Client(settingsFor(down.endpoint));
      try {
        const downStore = createS3FileStore({ client: downClient, bucket: BUCKET, prefix: '', log });
        await expect(downStore.check()).resolves.toBeUndefined();
        await down.close();
        await expect(downStore.check()).rejects.toThrow(/^S3 bucket g2g-test is not reachable: .*ECONNREFUSED/);
      } finally {
        downClient.destroy();
      }
    });

    it('rejects within its time bound when the server accepts but never answers', async () => {
      const sockets = new Set<Socket>();
      const silent = createServer(() => undefined); // holds every request open
      silent.on('connection', (socket) => sockets.add(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const silentClient = createS3Client(settingsFor(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`));
      try {
        const silentStore = createS3FileStore({ client: silentClient, bucket: BUCKET, prefix: '', log });
        const started = performance.now();
        await expect(silentStore.check()).rejects.toThrow(/^S3 bucket g2g-test is not reachable: no answer within 2000 ms$/);
        expect(performance.now() - started).toBeLessThan(3_000);
      } finally {
        silentClient.destroy();
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => silent.close(resolve));
      }
    });
  });

  describe('openFileStore', () => {
    it('opens the local store by default and logs where it is', async () => {
      const openLog = createMemoryLog();
      const local = await openFileStore({ kind: 'local' }, { dataDir: join(temp.root, 'data'), log: openLog });
      expect(local.description).toBe(`local ${join(temp.root, 'data', 'uploads')}`);
      expect(openLog.entries).toEqual([{ level: 'info', message: `File store: ${local.description}`, fields: undefined }]);
      local.close();
    });

    it('opens the S3 store, logs it without keys, and only warns when the bucket does not answer at start', async () => {
      const openLog = createMemoryLog();
      const settings = { ...settingsFor(s3.endpoint, 'not-created-yet'), credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'secret-that-must-not-show' } };
      const opened = await openFileStore(settings, { dataDir: join(temp.root, 'unused'), log: openLog });
      try {
        expect(opened.description).toBe(`s3://not-created-yet/uploads/ (endpoint ${s3.endpoint})`);
        expect(openLog.entries).toEqual([
          { level: 'info', message: `File store: ${opened.description}`, fields: undefined },
          {
            level: 'warn',
            message: 'The S3 bucket does not answer yet; uploads and downloads fail until it does (see GET /readyz)',
            fields: { error: 'S3 bucket not-created-yet is not reachable: NotFound (HTTP 404)' },
          },
        ]);
        expect(JSON.stringify(openLog.entries)).not.toMatch(/S3RVER|secret-that-must-not-show/);
        await expect(opened.check()).rejects.toThrow(/NotFound/);
        expect(existsSync(join(temp.root, 'unused'))).toBe(false);
      } finally {
        opened.close();
      }
    });
  });

  describe.each(backends())('orphan sweep on S3 [%s]', (backend) => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase(backend);
    });
    afterAll(() => database?.close());

    it('removes an old object no stored_files row records and keeps recorded ones and young ones', async () => {
      const swept = createS3FileStore({ client, bucket: BUCKET, prefix: `sweep-${backend}/`, log });
      const bytes = sampleFile('pdf', 500);
      const [recorded, orphan] = [pdfName(), pdfName()];
      for (const name of [recorded, orphan]) await swept.put(name, chunksOf(bytes), { contentType: 'application/pdf' });
      await database.db.insert(schema.storedFiles).values({
        ownerId: null,
        purpose: 'staff_upload',
        storedName: recorded,
        originalName: 'Term sheet.pdf',
        contentType: 'application/pdf',
        sizeBytes: bytes.byteLength,
        sha256: sha256(bytes),
      });
      // Both objects are a few milliseconds old: too young to sweep now, old enough an hour and a minute later.
      expect(await sweepOrphanFiles(database.db, swept, new Date())).toBe(0);
      expect(await sweepOrphanFiles(database.db, swept, new Date(Date.now() + ORPHAN_GRACE_MS + 60_000))).toBe(1);
      expect(await swept.open(orphan)).toBeNull();
      expect((await swept.open(recorded))?.size).toBe(500);
    });
  });
});
