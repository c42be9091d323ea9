/**
 * The file store on S3 (or an S3-compatible service), chosen by STORAGE=s3 (config/storage-env.ts). One object per
 * stored file, its key the configured prefix plus the stored name; names are checked against the stored-name pattern
 * (stored-name.ts) before any key is built.
 *
 * put streams: the bytes are cut into parts of PART_SIZE (S3's minimum part size) as they arrive, so at most one part
 * is held in memory. A file that ends within the first part goes up in one PutObject; a longer one as a multipart
 * upload. Either way S3 makes the object visible only once it is complete (PutObject and CompleteMultipartUpload are
 * atomic), and when the bytes throw (over the size limit, the client gone) or a request fails, the multipart upload
 * is aborted so no part stays billed and hidden in the bucket. Should the abort itself fail (network down, crash), a
 * bucket lifecycle rule removes incomplete multipart uploads after a day (docs/storage.md).
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import type { S3StorageSettings } from '../config/storage-env.ts';
import type { Log } from '../log.ts';
import type { FileStore, StoredFile } from './file-store.ts';
import { isStoredFileName } from './stored-name.ts';

/** S3's minimum size for every part but the last; also the most put holds in memory at once (per upload). */
export const PART_SIZE = 5 * 1024 * 1024;
/** A readiness probe must answer quickly: a bucket that does not answer within this counts as unreachable. */
const CHECK_TIMEOUT_MS = 2_000;

export type S3FileStoreOptions = {
  client: S3Client;
  bucket: string;
  /** Prepended to every stored name ('' for none). */
  prefix: string;
  /** Where it says that an abort failed (the lifecycle rule then cleans up); the store logs nothing else. */
  log: Log;
  /** ListObjectsV2's MaxKeys (S3 answers at most 1,000 per page); smaller only in tests of the pagination. */
  listPageSize?: number;
  /** For logs; defaults to s3://bucket/prefix. */
  description?: string;
};

class StoredNameError extends Error {
  override readonly name = 'StoredNameError';
}

/**
 * The client with the settings a web server wants: few retries (a request is waiting), a bound on connecting and
 * on waiting for an answer, keep-alive connections, and no checksum unless an operation requires one (with the
 * SDK's default, a streamed body is sent with aws-chunked framing that some S3-compatible services store verbatim).
 */
export function createS3Client(settings: S3StorageSettings): S3Client {
  const agentOptions = { keepAlive: true, maxSockets: 50 };
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: { accessKeyId: settings.credentials.accessKeyId, secretAccessKey: settings.credentials.secretAccessKey } } : {}),
    maxAttempts: 3,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: 5_000,
      // Until the answer's headers (a part of 5 MB included): past it the request fails instead of hanging.
      requestTimeout: 30_000,
      throwOnRequestTimeout: true,
      // A download whose connection stays silent this long is cut (a reader stalled by its own client included).
      socketTimeout: 60_000,
      httpAgent: new HttpAgent(agentOptions),
      httpsAgent: new HttpsAgent(agentOptions),
    },
  });
}

export const describeS3Store = (settings: Pick<S3StorageSettings, 'bucket' | 'prefix' | 'region' | 'endpoint'>): string =>
  `s3://${settings.bucket}/${settings.prefix} (${settings.endpoint ? `endpoint ${settings.endpoint}` : `AWS ${settings.region}`})`;

/** No object under the key. A missing bucket is also a 404 but a misconfiguration, not a missing file: it throws. */
const isMissingObject = (error: unknown): boolean =>
  error instanceof S3ServiceException && error.name !== 'NoSuchBucket' && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/** Why a request failed, in a line for /readyz and the log (HEAD answers carry no message, only a status). */
function failure(error: unknown): string {
  if (error instanceof S3ServiceException) return `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

export function createS3FileStore(options: S3FileStoreOptions): FileStore {
  const { client, bucket, prefix, log } = options;
  const keyOf = (name: string): string => {
    if (!isStoredFileName(name)) throw new StoredNameError('Not a stored file name');
    return `${prefix}${name}`;
  };

  async function abortUpload(key: string, uploadId: string, cause: unknown): Promise<void> {
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      // The parts stay invisible (no object exists under the key) until the bucket's lifecycle rule removes them.
      log.warn('Could not abort an incomplete S3 multipart upload; the bucket lifecycle rule must remove it', {
        key,
        uploadId,
        abortError: failure(error),
        cause: failure(cause),
      });
    }
  }

  return {
    description: options.description ?? `s3://${bucket}/${prefix}`,

    async put(name, bytes, { contentType }) {
      const key = keyOf(name);
      let uploadId: string | undefined;
      const parts: CompletedPart[] = [];
      // One part's buffer, filled as the bytes arrive and reused for the next part once S3 has it. allocUnsafe of
      // this size maps pages only as they are written, so a small file costs its own size, not PART_SIZE.
      let part: Buffer | null = null;
      let filled = 0;
      const sendPart = async (body: Buffer) => {
        uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }))).UploadId;
        if (!uploadId) throw new Error('S3 CreateMultipartUpload answered without an UploadId');
        const PartNumber = parts.length + 1;
        // A Buffer body (not a stream) so that the SDK can send it again on a retry.
        const { ETag } = await client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.byteLength }));
        if (!ETag) throw new Error(`S3 UploadPart ${PartNumber} answered without an ETag`);
        parts.push({ PartNumber, ETag });
      };
      try {
        for await (const chunk of bytes) {
          for (let offset = 0; offset < chunk.byteLength; ) {
            part ??= Buffer.allocUnsafe(PART_SIZE);
            const take = Math.min(PART_SIZE - filled, chunk.byteLength - offset);
            part.set(chunk.subarray(offset, offset + take), filled);
            filled += take;
            offset += take;
            // The next chunk is read only after this part is stored: the caller's stream waits (backpressure).
            if (filled === PART_SIZE) {
              await sendPart(part);
              filled = 0;
            }
          }
        }
        const rest = (part ?? Buffer.alloc(0)).subarray(0, filled);
        if (uploadId === undefined) {
          // The whole file fitted in the first part: one atomic PutObject.
          await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: rest, ContentLength: rest.byteLength, ContentType: contentType }));
          return;
        }
        if (filled > 0) await sendPart(rest);
        await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      } catch (error) {
        if (uploadId !== undefined) await abortUpload(key, uploadId, error);
        throw error;
      } finally {
        part = null;
      }
    },

    async open(name): Promise<StoredFile | null> {
      if (!isStoredFileName(name)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
        // In Node the body is the response stream (an IncomingMessage with the SDK's helpers mixed in).
        return { size: object.ContentLength ?? 0, stream: object.Body as Readable };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },

    async remove(name) {
      // DeleteObject answers 204 whether or not the key exists: removing twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
    },

    async *list() {
      const pages = paginateListObjectsV2({ client, pageSize: options.listPageSize ?? 1000 }, { Bucket: bucket, Prefix: prefix });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length);
          // Anything else under the prefix (another tool's objects, a deeper "folder") is not ours to sweep.
          if (name !== undefined && isStoredFileName(name) && object.LastModified) yield { name, storedAt: object.LastModified };
        }
      }
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      } catch (error) {
        const why = error instanceof Error && error.name === 'AbortError' ? `no answer within ${CHECK_TIMEOUT_MS} ms` : failure(error);
        throw new Error(`S3 bucket ${bucket} is not reachable: ${why}`, { cause: error });
      }
    },
  };
}
