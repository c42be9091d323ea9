/**
 * Where the files the server keeps live (KYC documents now). The server names every object itself (stored-name.ts:
 * 32 hex characters and the extension of the detected type), so a name is never a path; the stored_files table
 * records what each one is. Implementations: local disk (local-file-store.ts, the default under DATA_DIR/uploads) and
 * S3 or compatible (s3-file-store.ts, STORAGE=s3); open-file-store.ts opens the configured one (docs/storage.md).
 */
import type { Readable } from 'node:stream';

export type StoredFile = {
  /** Bytes as stored. */
  size: number;
  /** The bytes; consume or destroy it (it holds a file handle or a connection). */
  stream: Readable;
};

export type FileStore = {
  /** For logs: where the files are (a directory, a bucket). */
  readonly description: string;
  /**
   * Stores `bytes` under `name`. Resolves once every byte is durably stored; nothing is visible under `name` before
   * that. If `bytes` throws (too large, client gone) or the store fails, nothing remains and the error is rethrown.
   */
  put(name: string, bytes: AsyncIterable<Uint8Array>, info: { contentType: string }): Promise<void>;
  /** The stored object, or null when there is none under that name (or the name is not a stored name). */
  open(name: string): Promise<StoredFile | null>;
  /** Removes the object if it exists. */
  remove(name: string): Promise<void>;
  /** Every stored object (stored names only, never temporary ones) with when it was stored: for housekeeping. */
  list(): AsyncIterable<{ name: string; storedAt: Date }>;
  /** Readiness (GET /readyz): resolves when the store can be written and read now, rejects (with why) when not. */
  check(): Promise<void>;
};
