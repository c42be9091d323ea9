/**
 * The KYC upload route end to end on a real server started with STORAGE=s3 (s3rver, test/api/support/s3rver.ts): the
 * file lands in the bucket under the prefix and is served back to its owner only; an upload over 10 MB is refused with
 * nothing left in the bucket (no object, no multipart upload, no part on s3rver's disk).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_MAX_BYTES, type KycUploadResponse } from '../../src/shared/kyc.ts';
import { createS3Client } from '../../src/server/storage/s3-file-store.ts';
import { startKycServer } from './support/kyc-server.ts';
import { sampleFile } from './support/kyc.ts';
import { BUCKET, entriesUnder, settingsFor, startS3rver, UPLOADS, type RunningS3rver } from './support/s3rver.ts';
import { freshTempDir, serverBackends } from './support/test-databases.ts';

// The SDK's one-time notice that its 2027 releases need Node 22 (docs/storage.md) would only be noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('KYC uploads on a real server with STORAGE=s3', () => {
  let temp: Awaited<ReturnType<typeof freshTempDir>>;
  let s3: RunningS3rver;
  let kyc: Awaited<ReturnType<typeof startKycServer>>;
  let client: S3Client;
  const [base] = serverBackends();

  beforeAll(async () => {
    temp = await freshTempDir();
    s3 = await startS3rver(join(temp.root, 's3rver'));
    const env = { STORAGE: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_PREFIX: 'kyc/' };
    kyc = await startKycServer({
      name: base!.name,
      setup: async () => {
        const setup = await base!.setup();
        return { ...setup, env: { ...setup.env, ...env } };
      },
    });
    client = createS3Client(settingsFor(s3.endpoint, BUCKET, 'kyc/'));
  });
  afterAll(async () => {
    client?.destroy();
    await kyc?.close();
    await s3?.close();
    await temp?.remove();
  });

  const keys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key);
  const uploadForm = (bytes: Uint8Array<ArrayBuffer>, name: string) => {
    const form = new FormData();
    form.append('type', 'identity');
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
    return form;
  };

  it('stores the upload in the bucket under the prefix, serves it back to its owner, and logs the store without keys', async () => {
    const token = await kyc.investor();
    const bytes = sampleFile('pdf', 300_000);
    const res = await fetch(`${kyc.server.url}/api/kyc/upload-document`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: uploadForm(bytes, 'passport.pdf') });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as KycUploadResponse;
    expect(await keys()).toEqual([`kyc/${answer.fileName}`]);

    const download = await fetch(`${kyc.server.url}/api/kyc/download/${answer.fileName}`, { headers: { authorization: `Bearer ${token}` } });
    expect(download.status).toBe(200);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(bytes));
    expect((await fetch(`${kyc.server.url}/api/kyc/download/${answer.fileName}`)).status).toBe(401);

    const messages = kyc.log.entries.map((e) => `${e.message} ${JSON.stringify(e.fields ?? {})}`);
    expect(messages).toContain(`File store: s3://${BUCKET}/kyc/ (endpoint ${s3.endpoint}) {}`);
    expect(messages.join('\n')).not.toMatch(/S3RVER/);
  });

  it('refuses an upload over 10 MB with nothing left in the bucket: no object, no multipart upload, no part', async () => {
    const token = await kyc.investor();
    const before = await keys();
    const res = await fetch(`${kyc.server.url}/api/kyc/upload-document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: uploadForm(sampleFile('pdf', KYC_MAX_BYTES + 1), 'big.pdf'),
    });
    expect(res.status).toBe(413);
    expect(await keys()).toEqual(before);
    expect((await client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET }))).Uploads ?? []).toEqual([]);
    expect(await entriesUnder(join(s3.directory, BUCKET, UPLOADS))).toEqual([]);
  });
});
