/**
 * Opens the file store the settings name (config/storage-env.ts): the local directory DATA_DIR/uploads, or an S3
 * bucket. The S3 client is loaded only when it is used (the AWS SDK adds ~0.2 s to a start). The store's description
 * (never a key) is logged, and an S3 bucket is checked once: a failure is logged, not fatal, since the bucket may come
 * back and /readyz reports it meanwhile.
 */
import type { StorageSettings } from '../config/storage-env.ts';
import type { Log } from '../log.ts';
import type { FileStore } from './file-store.ts';
import { openLocalFileStore, uploadsDir } from './local-file-store.ts';

export type OpenedFileStore = FileStore & {
  /** Releases what the store holds open (the S3 client's connections); the local store holds nothing. */
  close(): void;
};

export async function openFileStore(settings: StorageSettings, { dataDir, log }: { dataDir: string; log: Log }): Promise<OpenedFileStore> {
  if (settings.kind === 'local') {
    const store = await openLocalFileStore(uploadsDir(dataDir));
    log.info(`File store: ${store.description}`);
    return Object.assign(store, { close: () => undefined });
  }
  const { createS3Client, createS3FileStore, describeS3Store } = await import('./s3-file-store.ts');
  const client = createS3Client(settings);
  const store = createS3FileStore({ client, bucket: settings.bucket, prefix: settings.prefix, log, description: describeS3Store(settings) });
  log.info(`File store: ${store.description}`);
  try {
    await store.check();
  } catch (error) {
    log.warn('The S3 bucket does not answer yet; uploads and downloads fail until it does (see GET /readyz)', { error: (error as Error).message });
  }
  return Object.assign(store, { close: () => client.destroy() });
}
