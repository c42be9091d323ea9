/**
 * The answer for a file an investor downloads from the store (a KYC upload, a sealed agreement): an attachment under
 * a safe name, streamed, with headers that keep a browser from ever running or sniffing it. HEAD gets the headers and
 * the file is released at once (Hono answers HEAD through the GET route and drops the body unread).
 */
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { StoredFile } from '../storage/file-store.ts';
import { attachmentDisposition } from './content-disposition.ts';

export function storedFileAnswer(c: Context, stored: StoredFile, file: { contentType: string; downloadName: string; fallbackName: string }): Response {
  const headers = {
    'Content-Type': file.contentType,
    'Content-Length': String(stored.size),
    'Content-Disposition': attachmentDisposition(file.downloadName, file.fallbackName),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    // Should a browser ever render it, it runs nothing and loads nothing.
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
  if (c.req.method === 'HEAD') {
    stored.stream.destroy();
    return c.body(null, 200, headers);
  }
  return c.body(Readable.toWeb(stored.stream) as unknown as ReadableStream<Uint8Array>, 200, headers);
}
