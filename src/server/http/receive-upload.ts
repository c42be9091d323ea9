/**
 * Receives a multipart upload (one file plus small text fields) by streaming it, never buffering it: busboy parses
 * the raw request body (the Node request under @hono/node-server, the Request's body stream under app.request() in
 * tests) and the file's bytes go straight into the file store. While streaming:
 * - the type is decided by the first bytes (sniff-file-type.ts): anything but JPEG, PNG, PDF is refused with 415;
 * - the byte limit is enforced as the bytes arrive: past it, reading stops and the answer is 413;
 * - the stored name is generated here (random, with the detected type's extension); the browser's name is data.
 * - field names and values must be well-formed text without NUL (as in JSON bodies: shared/plain-data.ts), and the
 *   route may check the fields as they arrive (checkFields), so a file that follows refused fields is never stored.
 * Resolves when the whole request has been read and the file is stored. On any failure (limit, type, malformed
 * form, a refused field, client gone) reading stops, the partial file is removed, and nothing remains in the store:
 * no temporary file and no open file handle. A refusal can come while the parser still holds bytes of the same
 * chunk; from then on it ignores every part (no listeners), so no file is started from them.
 */
import { createHash } from 'node:crypto';
import { finished, type Readable } from 'node:stream';
import busboy from 'busboy';
import type { Context } from 'hono';
import { messages } from '../../shared/messages.ts';
import { isCleanText } from '../../shared/plain-data.ts';
import type { AppEnv } from '../app-context.ts';
import { cleanOriginalName } from '../domain/kyc/clean-original-name.ts';
import { AppError } from '../errors/app-error.ts';
import type { FileStore } from '../storage/file-store.ts';
import { newStoredFileName, type StoredFileType } from '../storage/stored-name.ts';
import { requestStream } from './request-stream.ts';
import { SNIFF_BYTES, sniffFileType } from './sniff-file-type.ts';

export type ReceivedFile = { fileName: string; originalName: string; contentType: StoredFileType; size: number; sha256: string };
export type ReceivedUpload = { fields: Record<string, string>; file: ReceivedFile | null };
export type UploadLimits = {
  maxBytes: number;
  fileField: string;
  /** Called with the fields so far after each one arrives; throwing refuses the upload there (nothing is stored). */
  checkFields?: (fields: Readonly<Record<string, string>>) => void;
  /** Longest field value in bytes (default 256); the back-office's agreement form carries a checkbox list as JSON. */
  maxFieldBytes?: number;
};

/** Generous for the few short fields an upload has; anything beyond is not one of our forms. */
const FORM_LIMITS = { fields: 8, fieldSize: 256, fieldNameSize: 64, parts: 10, headerPairs: 16 } as const;

const invalid = () => new AppError('BAD_REQUEST', messages.server.invalidRequest);
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', messages.kyc.tooLarge);

/** Sniffs, names and stores one file stream; counts and hashes the bytes on the way. */
async function storeFile(stream: Readable, browserName: string | undefined, store: FileStore, maxBytes: number): Promise<ReceivedFile> {
  const chunks: AsyncIterator<Buffer> = stream[Symbol.asyncIterator]();
  let head: Buffer = Buffer.alloc(0);
  while (head.byteLength < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    head = head.byteLength === 0 ? next.value : Buffer.concat([head, next.value]);
  }
  if (head.byteLength === 0) throw new AppError('BAD_REQUEST', messages.kyc.emptyFile);
  const contentType = sniffFileType(head);
  if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.kyc.invalidType);

  const fileName = newStoredFileName(contentType);
  const hash = createHash('sha256');
  let size = 0;
  async function* counted(): AsyncGenerator<Uint8Array> {
    for (let chunk: Buffer | undefined = head; chunk; ) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooLarge();
      hash.update(chunk);
      yield chunk;
      const next = await chunks.next();
      chunk = next.done ? undefined : next.value;
    }
  }
  await store.put(fileName, counted(), { contentType });
  return { fileName, originalName: cleanOriginalName(browserName, contentType), contentType, size, sha256: hash.digest('hex') };
}

export async function receiveUpload(c: Context<AppEnv>, store: FileStore, { maxBytes, fileField, checkFields, maxFieldBytes }: UploadLimits): Promise<ReceivedUpload> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.server.invalidRequest);
  const source = requestStream(c);
  if (!source) throw invalid();
  let parser: busboy.Busboy;
  try {
    // Browsers send UTF-8 file names; busboy's default would read them as latin1.
    // fileSize: busboy flags a file that REACHES its limit, so one byte more lets exactly maxBytes through.
    parser = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', limits: { ...FORM_LIMITS, fieldSize: maxFieldBytes ?? FORM_LIMITS.fieldSize, files: 1, fileSize: maxBytes + 1 } });
  } catch {
    throw invalid(); // no boundary, or not a form busboy knows
  }
  const { body, ownStream } = source;

  return new Promise<ReceivedUpload>((resolve, reject) => {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>; // no __proto__ games
    let fileTask: Promise<ReceivedFile> | null = null;
    let fileStream: Readable | null = null;
    let failure: unknown = null;
    let settled = false;

    // Waits for the file (stored, or cleaned up after a failure), then answers; a stored file is removed on failure.
    const settle = async () => {
      if (settled) return;
      settled = true;
      let stored: ReceivedFile | null = null;
      if (fileTask) {
        try {
          stored = await fileTask;
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure) {
        if (stored) await store.remove(stored.fileName).catch(() => undefined);
        reject(failure);
      } else resolve({ fields, file: stored });
    };

    const fail = (error: unknown) => {
      if (failure) return;
      failure = error;
      // Stop reading: the rest of the body is never parsed. @hono/node-server drains or closes the connection after
      // the answer; a test's stream is cancelled. The parser may still be in the middle of a chunk that holds the
      // next part's header: without listeners it skips every part from here on instead of starting a file.
      parser.removeAllListeners('file').removeAllListeners('field');
      body.unpipe(parser);
      if (ownStream) body.destroy();
      fileStream?.destroy(error instanceof Error ? error : invalid());
      void settle();
    };

    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated || !isCleanText(name) || !isCleanText(value)) return fail(invalid());
      fields[name] = value;
      try {
        checkFields?.(fields);
      } catch (error) {
        fail(error);
      }
    });
    parser.on('file', (name, stream, info) => {
      if (failure || name !== fileField || fileTask) {
        stream.resume();
        return fail(invalid());
      }
      fileStream = stream;
      stream.once('limit', () => fail(tooLarge()));
      fileTask = storeFile(stream, info.filename, store, maxBytes);
      fileTask.catch((error: unknown) => fail(error));
    });
    parser.on('filesLimit', () => fail(invalid())); // a second file
    parser.on('fieldsLimit', () => fail(invalid()));
    parser.on('partsLimit', () => fail(invalid()));
    parser.on('error', () => fail(invalid())); // malformed form, or the body ended early
    parser.on('close', () => void settle());
    // A client that goes away mid-body: the request errors or closes without its end.
    body.on('error', () => fail(invalid()));
    finished(body, (error) => {
      if (error) fail(invalid());
    });
    body.pipe(parser);
  });
}
