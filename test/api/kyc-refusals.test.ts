/**
 * A refused KYC upload leaves nothing behind: no temporary file in uploads/ (dot-files included) and no open file
 * descriptor, whatever the refusal, in process (app.request) and over real sockets (startServer), on both databases.
 *
 * The bodies are written in one piece, as a client on a fast link does: the parser then gets the refused field and
 * the start of the file in the same chunk, which is how a refusal used to leave a temporary file and an open handle
 * behind for every request (busboy went on to start the file from the bytes it already had, and nobody drained or
 * removed it; with a 256-descriptor limit the server refused every connection after ~230 such requests).
 * Descriptors are counted in /proc/self/fd: the server runs in this process. Nothing here forces a garbage
 * collection, which would close a leaked handle and hide the leak.
 */
import { readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_MAX_BYTES } from '../../src/shared/kyc.ts';
import { messages } from '../../src/shared/messages.ts';
import { uploadsDir } from '../../src/server/storage/local-file-store.ts';
import { bearer, forEachDatabase } from './harness.ts';
import { kycInvestor, multipartBody, sampleFile, type FormPart } from './support/kyc.ts';
import { startKycServer, type KycServer } from './support/kyc-server.ts';
import { serverBackends } from './support/test-databases.ts';

const FILE_BYTES = 512 * 1024;
const pdf = (size = FILE_BYTES): FormPart => ({ name: 'file', filename: 'passport.pdf', bytes: sampleFile('pdf', size) });
const identity: FormPart = { name: 'type', value: 'identity' };
const invalid = messages.server.invalidRequest;
const extraFields = (count: number): FormPart[] => Array.from({ length: count }, (_, i) => ({ name: `extra${i}`, value: 'x' }));

type Refusal = { kind: string; parts: () => FormPart[]; status: number; error: string };

/** Every way an upload is refused while its body is read (the route's own checks after it are in kyc.test.ts). */
const REFUSALS: Refusal[] = [
  { kind: 'an unknown type before the file', parts: () => [{ name: 'type', value: 'passport' }, pdf()], status: 400, error: 'Unknown document type.' },
  { kind: 'a wrong step before the file', parts: () => [identity, { name: 'step', value: '2' }, pdf()], status: 400, error: invalid },
  // Eight extra fields pass the limit of fields (8) but not of parts (10): the file still comes. Nine reach both.
  { kind: 'too many fields before the file', parts: () => [identity, ...extraFields(8), pdf()], status: 400, error: invalid },
  { kind: 'too many parts before the file', parts: () => [identity, ...extraFields(9), pdf()], status: 400, error: invalid },
  { kind: 'a field too long before the file', parts: () => [identity, { name: 'note', value: 'n'.repeat(300) }, pdf()], status: 400, error: invalid },
  { kind: 'a field too long after the file', parts: () => [identity, pdf(), { name: 'note', value: 'n'.repeat(300) }], status: 400, error: invalid },
  { kind: 'a NUL in a field', parts: () => [{ name: 'type', value: 'identity\u0000' }, pdf()], status: 400, error: invalid },
  { kind: 'a file of another type (by its bytes)', parts: () => [identity, { name: 'file', filename: 'a.pdf', bytes: new Uint8Array(FILE_BYTES).fill(0x41) }], status: 415, error: messages.kyc.invalidType },
  { kind: 'a file over the limit', parts: () => [identity, pdf(KYC_MAX_BYTES + 1)], status: 413, error: messages.kyc.tooLarge },
  { kind: 'an empty file', parts: () => [identity, { name: 'file', filename: 'a.pdf', bytes: new Uint8Array(0) }], status: 400, error: messages.kyc.emptyFile },
  { kind: 'two files', parts: () => [identity, pdf(), pdf()], status: 400, error: invalid },
  { kind: 'a file part not named file, then the file', parts: () => [identity, { ...pdf(), name: 'other' }, pdf()], status: 400, error: invalid },
];

/** Descriptors this process has open. */
const openDescriptors = () => readdirSync('/proc/self/fd').length;

/**
 * What a refusal may have left: the uploads directory's entries (temporary dot-files included) and descriptors
 * beyond `baseline`, once the event loop has had time to close what it is going to close.
 */
async function expectNothingLeft(dir: string, baseline: { files: string[]; descriptors: number }) {
  await expect
    .poll(async () => ({ files: (await readdir(dir)).sort(), extraDescriptors: Math.max(0, openDescriptors() - baseline.descriptors) }), { timeout: 3_000 })
    .toEqual({ files: baseline.files, extraDescriptors: 0 });
}

const snapshot = async (dir: string) => {
  // Let closes already under way finish first (the previous request's socket, a pool connection going idle).
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { files: (await readdir(dir)).sort(), descriptors: openDescriptors() };
};

forEachDatabase('refused KYC uploads in process', (t) => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await kycInvestor(t));
  });
  const send = async ({ parts }: Refusal) => {
    const { body, contentType } = multipartBody(parts());
    return t.request('/api/kyc/upload-document', { method: 'POST', headers: { ...bearer(token), 'content-type': contentType }, body: new Uint8Array(body) });
  };

  for (const refusal of REFUSALS) {
    it(`${refusal.kind}: ${refusal.status}, no temporary file, no open descriptor`, async () => {
      await send(refusal); // the first call may open what stays open (a pooled connection)
      const baseline = await snapshot(t.storage.dir);
      for (let i = 0; i < 5; i++) {
        const res = await send(refusal);
        expect([res.status, await res.json()]).toEqual([refusal.status, { error: refusal.error }]);
      }
      await expectNothingLeft(t.storage.dir, baseline);
    });
  }
});

type Answer = { status: number; body: string };

/** POSTs the whole body on a connection of its own, reads the answer, and waits for the socket to close. */
function postOnce(kyc: KycServer, token: string, { body, contentType }: { body: Buffer; contentType: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL('/api/kyc/upload-document', kyc.server.url), {
      method: 'POST',
      agent: false,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': String(body.byteLength), connection: 'close' },
    });
    let answer: Answer | null = null;
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => (answer = { status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
    });
    req.on('close', () => (answer ? resolve(answer) : reject(new Error('no answer'))));
    // The server may answer and stop reading before all is sent (413): a reset while writing is expected.
    req.on('error', () => undefined);
    req.end(body);
  });
}

/**
 * Sends the headers, the type field and the first `bytes` of a file, waits until the server is storing it, then goes
 * away, and waits until the server has put the directory back as it was.
 */
async function abortMidBody(kyc: KycServer, token: string, bytes = 3 * 1024 * 1024): Promise<void> {
  const { body, contentType } = multipartBody([identity, pdf(bytes * 2)]);
  const dir = uploadsDir(kyc.dataDir);
  const before = (await readdir(dir)).sort();
  const req = request(new URL('/api/kyc/upload-document', kyc.server.url), {
    method: 'POST',
    agent: false,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': String(body.byteLength) },
  });
  req.on('error', () => undefined);
  const closed = new Promise((resolve) => req.on('close', resolve));
  req.write(body.subarray(0, bytes));
  await expect.poll(async () => (await readdir(dir)).length, { timeout: 5_000 }).toBe(before.length + 1); // a temporary file
  req.destroy();
  await closed;
  await expect.poll(async () => (await readdir(dir)).sort(), { timeout: 5_000 }).toEqual(before);
}

for (const backend of serverBackends()) {
  describe(`refused KYC uploads over a real socket [${backend.name}]`, () => {
    let kyc: KycServer;
    let token: string;
    let dir: string;
    beforeAll(async () => {
      kyc = await startKycServer(backend);
      dir = uploadsDir(kyc.dataDir);
    });
    afterAll(async () => {
      await kyc?.close();
    });

    for (const refusal of REFUSALS) {
      it(`${refusal.kind}: ${refusal.status}, no temporary file, no open descriptor`, async () => {
        token = await kyc.investor();
        await postOnce(kyc, token, multipartBody(refusal.parts()));
        const baseline = await snapshot(dir);
        for (let i = 0; i < 5; i++) {
          const answer = await postOnce(kyc, token, multipartBody(refusal.parts()));
          expect([answer.status, JSON.parse(answer.body)]).toEqual([refusal.status, { error: refusal.error }]);
        }
        await expectNothingLeft(dir, baseline);
      });
    }

    it('a client going away mid-body: no temporary file, no open descriptor, one log line without a stack', async () => {
      token = await kyc.investor();
      await abortMidBody(kyc, token);
      const baseline = await snapshot(dir);
      kyc.log.entries.length = 0;
      for (let i = 0; i < 3; i++) await abortMidBody(kyc, token);
      await expectNothingLeft(dir, baseline);
      expect(kyc.log.entries.filter((e) => e.level === 'error')).toEqual([]);
      const lines = kyc.log.entries.filter((e) => /aborted/i.test(e.message));
      expect(lines).toHaveLength(3);
      expect(JSON.stringify(lines)).not.toMatch(/\bat \S+ \(|node:internal|_http_server/);
    });

    it('300 refused uploads in a row: descriptors and temporary files do not grow', { timeout: 120_000 }, async () => {
      token = await kyc.investor();
      const kinds = REFUSALS.filter((r) => r.status !== 413); // the 10 MB bodies of the 413 case are tested above
      for (const refusal of kinds) await postOnce(kyc, token, multipartBody(refusal.parts()));
      const baseline = await snapshot(dir);
      const started = performance.now();
      const statuses = new Map<number, number>();
      for (let i = 0; i < 300; i++) {
        const refusal = kinds[i % kinds.length]!;
        const answer = await postOnce(kyc, token, multipartBody(refusal.parts()));
        expect(answer.status, refusal.kind).toBe(refusal.status);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = { files: (await readdir(dir)).sort(), descriptors: openDescriptors() };
      console.info(
        `[kyc] 300 refused uploads (${backend.name}, ${[...statuses].map(([s, n]) => `${n}x${s}`).join(' ')}) in ${(performance.now() - started).toFixed(0)} ms: ` +
          `descriptors ${baseline.descriptors} -> ${after.descriptors}, files in uploads/ ${baseline.files.length} -> ${after.files.length}`,
      );
      await expectNothingLeft(dir, baseline);
      expect((await kyc.call('/api/kyc/status')).status).toBe(200);
    });
  });
}
