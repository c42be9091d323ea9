/**
 * The request body exactly as sent, for routes that must check a signature over the raw bytes (payment providers'
 * webhooks): no decoding, no JSON parsing, a BOM or invalid UTF-8 kept as they are. The route must be declared
 * raw (own-body-routes.ts) so the JSON limit stays out of its way; this enforces the route's own limit instead,
 * refusing a declared Content-Length over it before reading and counting the bytes as they arrive (413, in the
 * catalogue's words, as soon as the count passes the limit; the rest is not read).
 */
import type { Context } from 'hono';
import { messages } from '../../shared/messages.ts';
import type { AppEnv } from '../app-context.ts';
import { AppError } from '../errors/app-error.ts';
import { ownBodyReading } from './own-body-routes.ts';
import { requestStream } from './request-stream.ts';

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', messages.server.tooLarge);

export async function readRawBody(c: Context<AppEnv>, { limit }: { limit: number }): Promise<Uint8Array> {
  if (ownBodyReading(c.req.path) !== 'raw-bytes') throw new Error(`readRawBody on ${c.req.path}, which is not declared raw (own-body-routes.ts)`);
  const declaredLength = c.req.header('content-length');
  if (declaredLength !== undefined && /^\d+$/.test(declaredLength) && Number(declaredLength) > limit) throw tooLarge();
  const source = requestStream(c);
  if (!source) return new Uint8Array(0);
  const { body, ownStream } = source;
  const chunks: Buffer[] = [];
  let size = 0;
  // Not `for await`: leaving that loop early destroys the stream, which for the Node request is the socket.
  const reader: AsyncIterator<Buffer> = body[Symbol.asyncIterator]();
  // A body that breaks off (the client went away) is a bad request, not a fault of ours.
  const read = () => reader.next().catch(() => Promise.reject(new AppError('BAD_REQUEST', messages.server.invalidRequest)));
  for (let next = await read(); !next.done; next = await read()) {
    size += next.value.byteLength;
    if (size > limit) {
      if (ownStream) body.destroy();
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks, size);
}
