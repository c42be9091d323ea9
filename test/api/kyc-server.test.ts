/**
 * KYC uploads through a real server and real sockets (startServer, PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is set): a client that goes away mid-upload leaves nothing behind, a 10 MB upload streams to
 * disk without the server holding it in memory, and an 11 MB one is answered 413 (the server stops storing at the
 * limit; @hono/node-server then discards, or cuts off, the rest of the body).
 * The investor gets past disclosure through the API: DISCLOSURE_DIR holds one section with a 0-minute minimum.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_MAX_BYTES, type KycUploadResponse, type KycStatusResponse } from '../../src/shared/kyc.ts';
import { messages } from '../../src/shared/messages.ts';
import type { RunningServer } from '../../src/server/start-server.ts';
import { uploadsDir } from '../../src/server/storage/local-file-store.ts';
import { startKycServer, type KycServer } from './support/kyc-server.ts';
import { serverBackends } from './support/test-databases.ts';

const backends = serverBackends();

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHUNK = 64 * 1024;

/**
 * The file's bytes, made as they are sent: PNG_HEAD, then one pseudo-random chunk again and again (the same Buffer,
 * so the client side of the test allocates next to nothing while sending).
 */
function fileChunks(size: number): { chunks: () => Generator<Buffer>; sha256: string } {
  const pattern = randomBytes(CHUNK);
  const first = Buffer.from(pattern);
  PNG_HEAD.copy(first);
  function* chunks() {
    for (let sent = 0; sent < size; sent += CHUNK) {
      const piece = sent === 0 ? first : pattern;
      yield size - sent < CHUNK ? piece.subarray(0, size - sent) : piece;
    }
  }
  const hash = createHash('sha256');
  for (const piece of chunks()) hash.update(piece);
  return { chunks, sha256: hash.digest('hex') };
}

type Sending = { response: Promise<IncomingMessage>; destroy: () => void; done: Promise<void> };

/**
 * Streams a multipart upload over a socket, honouring backpressure. `pauseAfter` bytes of file, then it waits
 * (for the test to abort it). Write errors after the server answered early (413) are expected and ignored.
 */
function sendUpload(server: RunningServer, token: string, file: { chunks: () => Generator<Buffer> }, { pauseAfter = Infinity } = {}): Sending {
  const boundary = `----kyc${randomBytes(8).toString('hex')}`;
  const { chunks } = file;
  const url = new URL('/api/kyc/upload-document', server.url);
  const req = request(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
  });
  let sent = 0;
  let answered = false;
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req.on('response', (res) => {
      answered = true;
      resolve(res);
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
  });
  response.catch(() => undefined);
  const write = (data: Buffer | string) =>
    new Promise<void>((resolve) => {
      if (req.destroyed || answered) return resolve();
      if (req.write(data)) resolve();
      else req.once('drain', resolve);
    });
  const done = (async () => {
    await write(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nidentity\r\n`);
    await write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.png"\r\nContent-Type: image/png\r\n\r\n`);
    for (const piece of chunks()) {
      if (sent >= pauseAfter || req.destroyed || answered) return;
      await write(piece);
      sent += piece.byteLength;
    }
    await write(`\r\n--${boundary}--\r\n`);
    req.end();
  })();
  return { response, destroy: () => req.destroy(), done };
}

const readBody = async (res: IncomingMessage) => {
  const parts: Buffer[] = [];
  for await (const part of res) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
};

for (const backend of backends) {
  describe(`kyc uploads over a real socket [${backend.name}]`, () => {
    let kyc: KycServer;
    let server: RunningServer;
    let token: string;
    const uploads = () => readdir(uploadsDir(kyc.dataDir));
    const call = (path: string, body?: unknown) => kyc.call(path, body);
    const investor = async () => {
      token = await kyc.investor();
    };

    beforeAll(async () => {
      kyc = await startKycServer(backend);
      server = kyc.server;
    });
    afterAll(async () => {
      await kyc?.close();
    });

    it('keeps the uploads directory private (0700)', async () => {
      expect((await stat(uploadsDir(kyc.dataDir))).mode & 0o777).toBe(0o700);
    });

    it('leaves no file and no row when the client goes away half way through an upload', async () => {
      await investor();
      const before = await uploads();
      const sending = sendUpload(server, token, fileChunks(6 * 1024 * 1024), { pauseAfter: 3 * 1024 * 1024 });
      // The bytes arrive on disk as they come (a temporary file), long before the request ends.
      await expect.poll(async () => (await uploads()).filter((n) => n.endsWith('.tmp')).length, { timeout: 10_000 }).toBe(1);
      await sending.done;
      sending.destroy();
      await expect.poll(uploads, { timeout: 10_000 }).toEqual(before);
      const status = (await (await call('/api/kyc/status')).json()) as KycStatusResponse;
      expect(status.files).toEqual([]);
    });

    it('streams 10 MB uploads to disk without holding them in memory, and gives the same bytes back', async () => {
      await investor();
      const uploadOne = async (file: ReturnType<typeof fileChunks>) => {
        const res = await sendUpload(server, token, file).response;
        const body = await readBody(res);
        expect(res.statusCode, body).toBe(201);
        return JSON.parse(body) as KycUploadResponse;
      };
      const measure = async <T>(work: () => Promise<T>) => {
        const rssBefore = process.memoryUsage().rss;
        let rssPeak = rssBefore;
        const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 5);
        const started = performance.now();
        const result = await work();
        clearInterval(sampler);
        return { result, ms: performance.now() - started, growthMb: (rssPeak - rssBefore) / 2 ** 20 };
      };

      const file = fileChunks(KYC_MAX_BYTES);
      const one = await measure(() => uploadOne(file));
      expect(one.result).toMatchObject({ fileType: 'image/png', fileSize: KYC_MAX_BYTES, originalName: 'scan.png' });
      const download = await call(one.result.filePath);
      expect(download.status).toBe(200);
      expect(createHash('sha256').update(Buffer.from(await download.arrayBuffer())).digest('hex')).toBe(file.sha256);

      // Five at once: 50 MB in flight. Buffered bodies (Hono's formData()) would hold all of it, and more in copies.
      const files = Array.from({ length: 5 }, () => fileChunks(KYC_MAX_BYTES));
      const five = await measure(() => Promise.all(files.map(uploadOne)));
      expect(five.result.map((r) => r.fileSize)).toEqual(files.map(() => KYC_MAX_BYTES));
      console.info(
        `[kyc] over a socket (${backend.name}): one 10 MB upload ${one.ms.toFixed(0)} ms, RSS peak +${one.growthMb.toFixed(1)} MB; ` +
          `five at once ${five.ms.toFixed(0)} ms, RSS peak +${five.growthMb.toFixed(1)} MB (the test process holds client and server)`,
      );
      expect(five.growthMb).toBeLessThan(40);
    });

    it('answers 404 to path tricks sent as raw bytes (no client normalises them first)', async () => {
      await investor();
      // A file of this investor's, and a secret beside the uploads that a trick would aim at.
      const own = sendUpload(server, token, fileChunks(4096));
      const stored = JSON.parse(await readBody(await own.response)) as { fileName: string };
      const hex = stored.fileName.slice(0, 32);
      const raw = (target: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect(server.port, '127.0.0.1');
          let answer = '';
          socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
          socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''));
          socket.on('error', reject);
          socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`);
        });
      const tricks = [
        '/api/kyc/download/../../secrets/jwt-secret',
        '/api/kyc/download/..%2F..%2Fsecrets%2Fjwt-secret',
        '/api/kyc/download/%2e%2e%2f%2e%2e%2fserver.lock',
        '/api/kyc/download/..%252F..%252Fserver.lock',
        '/api/kyc/download/..%5C..%5Cserver.lock',
        `/api/kyc/download/${hex}.png%2F..%2F..%2Fserver.lock`,
        `/api/kyc/download/${stored.fileName}%00`,
        `/api/kyc/download/.${stored.fileName}`,
        `/api/kyc/download/../uploads/${stored.fileName}`,
      ];
      for (const target of tricks) expect(await raw(target), target).toMatch(/^HTTP\/1\.1 (404|400) /);
      expect(await raw(`/api/kyc/download/${stored.fileName}`)).toBe('HTTP/1.1 200 OK');
    });

    it('answers 413 to an 11 MB upload and stores nothing', async () => {
      await investor();
      const before = await uploads();
      const sending = sendUpload(server, token, fileChunks(11 * 1024 * 1024));
      const res = await sending.response;
      expect(res.statusCode).toBe(413);
      expect(JSON.parse(await readBody(res))).toEqual({ error: messages.kyc.tooLarge });
      sending.destroy();
      await expect.poll(uploads, { timeout: 10_000 }).toEqual(before);
      expect((await call('/api/kyc/status')).status).toBe(200);
    });
  });
}
