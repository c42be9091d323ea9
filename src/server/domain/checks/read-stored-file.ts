/** A stored upload's bytes for a check, at most an upload's size (null: larger, which an upload never is). */
import { KYC_MAX_BYTES } from '../../../shared/kyc.ts';
import type { FileStore } from '../../storage/file-store.ts';

export async function readStoredFile(storage: FileStore, name: string, limit = KYC_MAX_BYTES): Promise<Uint8Array | null> {
  const stored = await storage.open(name);
  if (!stored) throw new Error('a KYC document is missing from the store');
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stored.stream as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) {
      stored.stream.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
